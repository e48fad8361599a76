import type { Knex } from 'knex';

/**
 * The slugs a company had before its current one: its old public address answers 301 to the new one (page
 * and API), and no other company may take it, so an old link never lands on a different mover
 * (docs/decisions/028). The company may take its own old slug back. Deleted with the company.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('company_slug_history', (t) => {
    t.string('slug', 160).primary();
    t.integer('company_id').unsigned().notNullable().references('companies.id').onDelete('CASCADE');
    t.timestamp('replaced_at').notNullable();
    t.index(['company_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('company_slug_history');
}
