import type { Knex } from 'knex';

/** A widget visit (spec 4.1 "session start"), recorded once per browser session and forwarded to the lead backend. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('visitor_sessions', (t) => {
    t.increments('id');
    // The id the widget keeps in session storage and sends with its lead.
    t.string('session_id', 64).notNullable().unique();
    t.string('site_id', 64).notNullable();
    t.string('visitor_uuid', 64).notNullable();
    t.string('ip_address', 64).notNullable();
    t.string('user_agent', 500).notNullable();
    // The 7.3.1 body as forwarded (JSON), so a retry sends exactly the same fields.
    t.text('wire').notNullable();
    t.string('delivery_status', 16).notNullable().defaultTo('pending');
    t.string('backend_session_id', 100);
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('visitor_sessions');
}
