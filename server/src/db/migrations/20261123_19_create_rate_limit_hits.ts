import type { Knex } from 'knex';

/** Rate-limit counters in the database, so every server process behind a load balancer shares them. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rate_limit_hits', (t) => {
    t.string('key', 191).primary();
    t.integer('hits').notNullable();
    // Epoch milliseconds at which the window ends and the count starts again.
    t.bigInteger('reset_at').notNullable();
    t.index(['reset_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('rate_limit_hits');
}
