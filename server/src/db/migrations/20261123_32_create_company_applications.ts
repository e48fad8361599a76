import type { Knex } from 'knex';

/** Applications from /list-your-company, pending until an admin approves or declines them. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('company_applications', (t) => {
    t.increments('id');
    t.string('public_id', 16).notNullable().unique();
    t.string('company_name', 150).notNullable();
    t.string('contact_name', 100).notNullable();
    t.string('email', 254).notNullable();
    // Ten digits, as the schema normalises it.
    t.string('phone', 10).notNullable();
    t.string('website', 300);
    t.string('usdot_number', 8);
    t.string('mc_number', 8);
    t.string('state', 2).notNullable();
    t.string('city', 100).notNullable();
    // JSON array of service ids (contracts SERVICES).
    t.text('services').notNullable();
    t.text('message');
    // pending → approved | declined, set by admins.
    t.string('status', 16).notNullable().defaultTo('pending');
    t.string('ip_address', 64).notNullable();
    t.string('user_agent', 500).notNullable();
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at').notNullable().defaultTo(knex.fn.now());
    t.index(['status', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('company_applications');
}
