import type { Knex } from 'knex';

/**
 * A company's public reply to one of its reviews (issue 17): one per review (review_id unique; a reply staff
 * rejected is replaced in place by the next one sent), moderated by staff before the public profile shows
 * it. Times are epoch milliseconds in BIGINT columns, like the movers' tables.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('review_replies', (t) => {
    t.increments('id');
    t.integer('review_id')
      .unsigned()
      .notNullable()
      .references('id')
      .inTable('reviews')
      .onDelete('CASCADE');
    t.integer('company_id')
      .unsigned()
      .notNullable()
      .references('id')
      .inTable('companies')
      .onDelete('CASCADE');
    t.text('body').notNullable();
    // pending | published | rejected
    t.string('status', 16).notNullable().defaultTo('pending');
    t.string('reject_reason', 500);
    // The mover who wrote it; kept null when their account goes.
    t.integer('author_mover_id')
      .unsigned()
      .references('id')
      .inTable('mover_users')
      .onDelete('SET NULL');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.string('moderated_by', 64);
    t.bigInteger('moderated_at');
    t.unique(['review_id'], { indexName: 'review_replies_review' });
    t.index(['status', 'created_at'], 'review_replies_status');
    t.index(['company_id'], 'review_replies_company');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('review_replies');
}
