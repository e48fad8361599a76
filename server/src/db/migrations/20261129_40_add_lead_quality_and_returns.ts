import type { Knex } from 'knex';

/**
 * Lead quality (issue 18). Each lead keeps the address it came from in the form people are recognised by
 * (`email_key`: lower case, trimmed), the earlier request it repeats (the same phone or e-mail within 30 days)
 * and what was found on arrival (`quality`, JSON: its flags and the movers it was not sent to again because
 * they hold the earlier request). The indexes find an earlier request of a
 * phone or an address in one range read.
 *
 * A mover may hand a lead back (`lead_returns`, one per lead and mover): requested, then accepted or refused by
 * staff, with the reason of each side.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('leads', (t) => {
    t.string('email_key', 254);
    t.integer('repeat_of_lead_id').unsigned().references('leads.id').onDelete('SET NULL');
    t.text('quality');
    t.index(['phone', 'created_at'], 'leads_phone_created');
    t.index(['email_key', 'created_at'], 'leads_email_key_created');
  });
  await knex('leads').update({ email_key: knex.raw('lower(trim(email))') });

  await knex.schema.createTable('lead_returns', (t) => {
    t.increments('id');
    t.integer('company_lead_id')
      .unsigned()
      .notNullable()
      .unique()
      .references('company_leads.id')
      .onDelete('CASCADE');
    t.integer('lead_id').unsigned().notNullable().references('leads.id').onDelete('CASCADE');
    t.integer('company_id').unsigned().notNullable().references('companies.id').onDelete('CASCADE');
    // requested → accepted | refused
    t.string('status', 16).notNullable();
    t.string('reason', 32).notNullable();
    t.string('note', 1000);
    t.integer('requested_by_user_id').unsigned().references('mover_users.id').onDelete('SET NULL');
    t.bigInteger('requested_at').notNullable();
    t.string('decided_by', 64);
    t.bigInteger('decided_at');
    t.string('decision_note', 1000);
    t.index(['status', 'requested_at'], 'lead_returns_status');
    t.index(['company_id', 'requested_at'], 'lead_returns_company');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('lead_returns');
  await knex.schema.alterTable('leads', (t) => {
    t.dropIndex(['email_key', 'created_at'], 'leads_email_key_created');
    t.dropIndex(['phone', 'created_at'], 'leads_phone_created');
    t.dropForeign(['repeat_of_lead_id']);
    t.dropColumn('quality');
    t.dropColumn('repeat_of_lead_id');
    t.dropColumn('email_key');
  });
}
