import type { Knex } from 'knex';

/**
 * The mover's profile editor (issue 17). `companies.hours`: the weekly opening hours as JSON
 * (WeeklyHoursSchema in contracts/src/pro-profile.ts), null when the company never gave them.
 * `company_change_requests`: a mover's change to the name, USDOT or MC number is not applied but waits here
 * for staff to approve (the company is changed then) or decline with a reason. One pending request per
 * company at most: a later change adds to it. Deleted with the company.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('companies', (t) => {
    t.text('hours').nullable();
  });
  await knex.schema.createTable('company_change_requests', (t) => {
    t.increments('id');
    t.integer('company_id').unsigned().notNullable().references('companies.id').onDelete('CASCADE');
    // pending | approved | declined
    t.string('status', 16).notNullable().defaultTo('pending');
    // { name?, usdot_number?, mc_number? } as asked, and the same fields as they were when asked.
    t.text('changes_json').notNullable();
    t.text('before_json').notNullable();
    t.integer('requested_by_mover_id').unsigned().nullable();
    t.string('requested_by', 254).notNullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.string('decided_by', 64).nullable();
    t.bigInteger('decided_at').nullable();
    t.string('decision_note', 500).nullable();
    t.index(['status', 'id']);
    t.index(['company_id', 'status']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('company_change_requests');
  await knex.schema.alterTable('companies', (t) => {
    t.dropColumn('hours');
  });
}
