import type { Knex } from 'knex';
import { stateAbbreviation } from '@moveratlas/contracts';

/**
 * Leads keep the origin state as the visitor typed or picked it ("TX", "Texas", "texas"). The admin list's
 * state filter matched every spelling with LOWER(from_state) IN (…), which no index serves: on 100,000 leads
 * it scanned the table (p99 2.9 s at 10 connections). The abbreviation, set at intake and filled in here
 * for the leads already stored, is an indexed equality instead.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('leads', (t) => {
    t.string('from_state_code', 2).nullable();
    t.index(['from_state_code', 'created_at'], 'leads_from_state_code_created');
  });
  await fillLeadStateCodes(knex);
}

/** Sets the abbreviation of every lead that has none yet, one update per distinct spelling. */
export async function fillLeadStateCodes(knex: Knex): Promise<void> {
  const spellings = (await knex('leads')
    .distinct('from_state')
    .whereNull('from_state_code')
    .whereNotNull('from_state')) as Array<{ from_state: string }>;
  for (const { from_state } of spellings) {
    const code = stateAbbreviation(from_state);
    if (code) {
      await knex('leads')
        .where({ from_state })
        .whereNull('from_state_code')
        .update({ from_state_code: code });
    }
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('leads', (t) => {
    t.dropIndex(['from_state_code', 'created_at'], 'leads_from_state_code_created');
    t.dropColumn('from_state_code');
  });
}
