import type { Knex } from 'knex';

/**
 * A portable word index for company search: one row per word of a company's name, so a prefix
 * query is an index range scan on both SQLite and MySQL instead of a LIKE '%q%' table scan.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('company_search_tokens', (t) => {
    t.string('token', 64).notNullable();
    t.integer('company_id').unsigned().notNullable().references('companies.id').onDelete('CASCADE');
    t.primary(['token', 'company_id']);
    t.index(['company_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('company_search_tokens');
}
