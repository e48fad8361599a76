import type { Knex } from 'knex';

/** The TCPA-style consent recorded with each lead: the exact text shown, its version and the movers it names. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('lead_consents', (t) => {
    t.increments('id');
    t.integer('lead_id')
      .unsigned()
      .notNullable()
      .unique()
      .references('leads.id')
      .onDelete('CASCADE');
    t.string('consent_version', 32).notNullable();
    t.text('consent_text').notNullable();
    // JSON [{id, name}]
    t.text('named_companies').notNullable();
    t.boolean('checkbox_checked').notNullable();
    // UTC ISO 8601 written by the server, so it reads the same on every engine and time zone.
    t.string('consented_at', 30).notNullable();
    t.string('ip_address', 64).notNullable();
    t.string('user_agent', 500).notNullable();
    t.string('page_url', 2000).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('lead_consents');
}
