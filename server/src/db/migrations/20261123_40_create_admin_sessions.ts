import type { Knex } from 'knex';

/**
 * Server-side admin sessions (features/auth/sessions.ts), in the database so every server process sees the
 * same ones and a logout ends a session everywhere. The cookie carries a random session id; only its
 * SHA-256 is stored, so a copy of this table (a backup, a leaked dump) signs nobody in. Times are epoch
 * milliseconds in BIGINT columns, as in the job tables: the same arithmetic on SQLite and MySQL.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('admin_sessions', (t) => {
    t.increments('id');
    t.string('token_hash', 64).notNullable().unique();
    // Compared with the X-CSRF-Token header of every write; not a password, so stored as it is.
    t.string('csrf_token', 64).notNullable();
    t.integer('admin_id')
      .unsigned()
      .notNullable()
      .references('id')
      .inTable('admin_users')
      .onDelete('CASCADE');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('last_seen_at').notNullable();
    // The absolute end (created_at + the maximum lifetime); the idle end is last_seen_at + the idle timeout.
    t.bigInteger('expires_at').notNullable();
    t.string('ip', 64);
    t.string('user_agent', 255);
    t.index(['admin_id'], 'admin_sessions_admin');
    t.index(['expires_at'], 'admin_sessions_expiry');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('admin_sessions');
}
