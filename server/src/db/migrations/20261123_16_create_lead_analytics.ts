import type { Knex } from 'knex';

/** The analytics copy of a lead (spec 4.1's second phase, 7.3.3), one per lead_uuid, forwarded on its own. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('lead_analytics', (t) => {
    t.increments('id');
    t.string('lead_uuid', 64).notNullable().unique();
    t.string('site_id', 64).notNullable();
    // The lead_-prefixed 7.3.3 body as forwarded (JSON).
    t.text('wire').notNullable();
    t.string('delivery_status', 16).notNullable().defaultTo('pending');
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('lead_analytics');
}
