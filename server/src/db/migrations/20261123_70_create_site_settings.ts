import type { Knex } from 'knex';

/**
 * Settings an admin changes at run time (features/settings/site-settings.ts): one row per setting, a JSON
 * value each. A setting without a row takes its default from the server's configuration.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('site_settings', (t) => {
    t.string('name', 64).primary();
    t.text('value').notNullable();
    t.timestamp('updated_at').notNullable().defaultTo(knex.fn.now());
    // The admin's username, kept as text: the record outlives the admin account.
    t.string('updated_by', 64);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('site_settings');
}
