import type { Knex } from 'knex';

/** The wizard's step events (spec 4.1 tracking for steps above 1): the funnel the admin statistics show. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('widget_step_events', (t) => {
    t.increments('id');
    t.string('site_id', 64).notNullable();
    t.tinyint('form_step').notNullable();
    t.string('step_name', 16).notNullable();
    t.string('session_id', 64).notNullable().defaultTo('');
    t.string('lead_uuid', 64).notNullable().defaultTo('');
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.index(['created_at', 'site_id']);
    t.index(['lead_uuid']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('widget_step_events');
}
