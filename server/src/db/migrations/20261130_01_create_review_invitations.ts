import type { Knex } from 'knex';

/**
 * Asking visitors how their move went (issue 19). review_requests: one row per request whose visitor was asked
 * — the guard that makes the e-mail (and its one reminder) go out once however many server processes run the
 * job, written in the transaction that queues the e-mail. review_invitations: one row per request and mover,
 * holding the SHA-256 of the link's 256-bit secret (never the secret; the reminder carries a second secret for
 * the same invitation), its expiry, and when it was used and for which review. Both go with the lead when it
 * is deleted, so nothing ties a review to a person any more. Times are epoch milliseconds in BIGINT columns.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('review_requests', (t) => {
    t.increments('id');
    t.integer('lead_id')
      .unsigned()
      .notNullable()
      .unique()
      .references('leads.id')
      .onDelete('CASCADE');
    t.integer('mail_id');
    t.bigInteger('asked_at').notNullable();
    t.bigInteger('reminded_at');
    t.integer('reminder_mail_id');
    // The reminder's query: asked long enough ago and not yet reminded.
    t.index(['reminded_at', 'asked_at'], 'review_requests_reminder');
  });

  await knex.schema.createTable('review_invitations', (t) => {
    t.increments('id');
    t.integer('lead_id').unsigned().notNullable().references('leads.id').onDelete('CASCADE');
    t.integer('company_id').unsigned().notNullable().references('companies.id').onDelete('CASCADE');
    t.string('token_hash', 64).notNullable().unique();
    t.string('reminder_token_hash', 64).unique();
    t.bigInteger('expires_at').notNullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('used_at');
    t.integer('review_id').unsigned().references('reviews.id').onDelete('SET NULL');
    t.unique(['lead_id', 'company_id']);
    t.index(['review_id'], 'review_invitations_review');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('review_invitations');
  await knex.schema.dropTable('review_requests');
}
