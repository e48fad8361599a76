import type { Knex } from 'knex';

/**
 * A matched company's for-hire authority as FMCSA's files show it (issue 20, contracts' authorityOf):
 * active | revoked | none | unknown. Stored with the match, refreshed after every import and when a company's
 * numbers change, so the "Licensed for interstate moves" filter and match_companies read one indexed column.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('licensing_company_matches', (t) => {
    t.string('authority', 8).notNullable().defaultTo('unknown');
    t.index(['authority', 'company_id'], 'licensing_company_matches_authority');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('licensing_company_matches', (t) => {
    t.dropIndex(['authority', 'company_id'], 'licensing_company_matches_authority');
    t.dropColumn('authority');
  });
}
