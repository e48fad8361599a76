import type { Knex } from 'knex';

/**
 * Review moderation (/admin/companies): who last changed a review's status and when. The status column itself
 * (published, hidden, pending, rejected) predates this; only published reviews count toward a rating.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('reviews', (t) => {
    t.string('moderated_by', 64);
    // Epoch milliseconds, like the jobs table: the same arithmetic on SQLite and MySQL.
    t.bigInteger('moderated_at');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('reviews', (t) => {
    t.dropColumn('moderated_at');
    t.dropColumn('moderated_by');
  });
}
