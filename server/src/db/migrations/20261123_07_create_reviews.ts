import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('reviews', (t) => {
    t.increments('id');
    t.integer('company_id').unsigned().notNullable().references('companies.id').onDelete('CASCADE');
    t.tinyint('rating').notNullable();
    t.string('title', 160).notNullable();
    t.text('body').notNullable();
    t.string('author_first_name', 60).notNullable();
    t.date('reviewed_on').notNullable();
    // published reviews count toward the rating; pending and rejected ones wait for moderation.
    t.string('status', 16).notNullable().defaultTo('published');
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.index(['company_id', 'status', 'reviewed_on']);
    t.index(['status', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('reviews');
}
