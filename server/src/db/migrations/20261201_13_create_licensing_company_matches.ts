import type { Knex } from 'knex';

/**
 * Which FMCSA carrier each of our companies is (issue 20): found by the company's USDOT number (leading zeros
 * ignored), else by its MC docket through the L&I files, both read from what people typed without rewriting
 * it. Refreshed after every import; a company with neither number matching has no row.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('licensing_company_matches', (t) => {
    t.integer('company_id').unsigned().primary().references('companies.id').onDelete('CASCADE');
    t.integer('dot_number').unsigned();
    t.string('docket', 12);
    // usdot | mc
    t.string('matched_by', 8).notNullable();
    t.bigInteger('matched_at').notNullable();
    t.index(['dot_number'], 'licensing_company_matches_dot');
    t.index(['docket'], 'licensing_company_matches_docket');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('licensing_company_matches');
}
