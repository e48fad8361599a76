import type { Knex } from 'knex';

/** A quote request. The 7.3.2 body we forward is kept verbatim in `wire`; the columns serve the admin area. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('leads', (t) => {
    t.increments('id');
    // The id the visitor's widget receives; short and not guessable, unlike the row id.
    t.string('public_id', 16).notNullable().unique();
    // The widget's random id: a retried or double-clicked submit carries the same one and stores nothing new.
    t.string('lead_uuid', 64).notNullable().unique();
    t.string('site_id', 64).notNullable();
    t.string('session_id', 64);
    t.string('ping_id', 64);
    t.string('first_name', 60).notNullable();
    t.string('last_name', 60).notNullable();
    t.string('email', 254).notNullable();
    t.string('phone', 10).notNullable();
    t.string('from_zip', 5);
    t.string('from_city', 100);
    t.string('from_state', 60);
    t.string('from_location', 200).notNullable();
    t.string('to_zip', 5);
    t.string('to_city', 100);
    t.string('to_state', 60);
    t.string('to_location', 200).notNullable();
    // MM/DD/YYYY as sent to the backend; empty when the visitor's date could not be read.
    t.string('move_date', 10).notNullable();
    t.string('move_size', 40);
    t.integer('number_of_rooms').notNullable();
    t.boolean('needs_auto_transport').notNullable().defaultTo(false);
    // JSON {year, make, model, condition} when auto transport was asked for.
    t.text('auto_transport');
    // JSON [{id, name}] of the movers chosen on step 5.
    t.text('selected_companies').notNullable();
    t.text('wire').notNullable();
    t.string('status', 16).notNullable().defaultTo('new');
    // pending until the lead backend has it; dead when forwarding gave up (see the jobs table).
    t.string('delivery_status', 16).notNullable().defaultTo('pending');
    t.string('backend_lead_id', 100);
    t.timestamp('delivered_at');
    t.string('ip_address', 64).notNullable();
    t.string('user_agent', 500).notNullable();
    t.string('origin', 255);
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at').notNullable().defaultTo(knex.fn.now());
    t.index(['status', 'created_at']);
    t.index(['site_id', 'created_at']);
    t.index(['delivery_status']);
    t.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('leads');
}
