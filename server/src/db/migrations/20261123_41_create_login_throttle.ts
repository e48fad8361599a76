import type { Knex } from 'knex';

/**
 * Failed sign-in counters per username and per client address (features/auth/login-throttle.ts), shared by
 * every server process. A row locks its key until locked_until (epoch ms), a delay that doubles with each
 * failure past the free ones and is capped, so a lockout always ends.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('login_throttle', (t) => {
    // 'user:<lower-cased name>' or 'ip:<address>'.
    t.string('key', 191).primary();
    t.integer('failures').notNullable();
    t.bigInteger('locked_until').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['updated_at'], 'login_throttle_updated');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('login_throttle');
}
