import type { Knex } from 'knex';

/** Records which deterministic seed filled the database, so a start never seeds twice. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('seed_runs', (t) => {
    t.string('name', 64).primary();
    t.integer('seed').notNullable();
    t.integer('company_count').notNullable();
    t.timestamp('completed_at').notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('seed_runs');
}
