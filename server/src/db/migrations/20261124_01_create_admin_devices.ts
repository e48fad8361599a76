import type { Knex } from 'knex';

/**
 * Browsers an admin has signed in from (features/auth/devices.ts, OWASP's device cookies): a login that
 * presents one for its username is throttled on that device's own counter, so nobody else's failures can
 * keep the real admin out. As with sessions, the cookie holds a random id and the table only its SHA-256.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('admin_devices', (t) => {
    t.increments('id');
    t.string('token_hash', 64).notNullable().unique();
    t.integer('admin_id')
      .unsigned()
      .notNullable()
      .references('id')
      .inTable('admin_users')
      .onDelete('CASCADE');
    t.bigInteger('created_at').notNullable();
    // The last successful login from it; the device is forgotten DEVICE_TTL after.
    t.bigInteger('last_login_at').notNullable();
    t.index(['admin_id', 'last_login_at'], 'admin_devices_admin');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('admin_devices');
}
