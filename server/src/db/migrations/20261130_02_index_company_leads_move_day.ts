import type { Knex } from 'knex';

/**
 * The job asking visitors how their move went (issue 19) reads the requests whose moving day fell in a window
 * of days, across every company: company_leads' own move-day index starts with the company, so this one
 * starts with the day.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('company_leads', (t) => {
    t.index(['move_on', 'lead_id'], 'company_leads_move_day');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('company_leads', (t) => {
    t.dropIndex(['move_on', 'lead_id'], 'company_leads_move_day');
  });
}
