import type { Knex } from 'knex';

/**
 * Passkeys (WebAuthn) as a second way for movers to sign in (issue 17, docs/decisions/035).
 *
 * mover_passkeys: one row per credential a person registered. The credential id is kept as the browser
 * gives it (base64url, up to 1,023 bytes by the standard, so too long for a unique index on MariaDB) and
 * found by its SHA-256 (`credential_hash`, unique): exact on both engines, whatever the collation (base64url
 * is case-sensitive, MariaDB's default comparisons are not). The public key is the COSE key, base64url.
 *
 * mover_passkey_challenges: each ceremony's challenge, by its SHA-256, for five minutes and one use (the
 * verify step deletes the row: a DELETE that succeeds once), so any server process can finish a ceremony
 * another began. A registration's row names its person and the user handle offered to the authenticator.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mover_passkeys', (t) => {
    t.increments('id');
    t.integer('user_id')
      .unsigned()
      .notNullable()
      .references('id')
      .inTable('mover_users')
      .onDelete('CASCADE');
    t.string('credential_hash', 64).notNullable().unique();
    t.text('credential_id').notNullable();
    t.text('public_key').notNullable();
    t.bigInteger('counter').notNullable().defaultTo(0);
    // The authenticator's ways of being reached (usb, nfc, ble, internal, hybrid…), comma-separated.
    t.string('transports', 255).notNullable().defaultTo('');
    // The WebAuthn user handle offered at registration (base64url), the same for all of a person's passkeys.
    t.string('user_handle', 64).notNullable();
    // Whether the passkey is synced between devices (a password manager's) rather than bound to one.
    t.boolean('backed_up').notNullable().defaultTo(false);
    t.string('name', 64).notNullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('last_used_at');
    t.index(['user_id'], 'mover_passkeys_user');
  });
  await knex.schema.createTable('mover_passkey_challenges', (t) => {
    t.increments('id');
    t.string('challenge_hash', 64).notNullable().unique();
    // registration | authentication
    t.string('purpose', 16).notNullable();
    t.integer('user_id').unsigned().references('id').inTable('mover_users').onDelete('CASCADE');
    t.string('user_handle', 64);
    t.bigInteger('created_at').notNullable();
    t.bigInteger('expires_at').notNullable();
    t.index(['expires_at'], 'mover_passkey_challenges_expiry');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('mover_passkey_challenges');
  await knex.schema.dropTable('mover_passkeys');
}
