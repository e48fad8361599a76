import type { Knex } from 'knex';

/**
 * The movers' accounts (issue 17, docs/decisions/034): people who sign in at /pro, separate from the admin's
 * staff. One person may belong to several companies (a franchise) and one company may have several people
 * (company_users, role owner | staff). Sessions and single-use e-mailed links as for the admin: only the
 * SHA-256 of a cookie's or a link's secret is stored. Times are epoch milliseconds in BIGINT columns.
 *
 * The audit log learns who a mover is: actor_kind says whether staff or a mover acted, and company_id which
 * company's data a row concerns, so the company's owner can read the changes made to it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mover_users', (t) => {
    t.increments('id');
    // Stored lower-case and trimmed: one account per mailbox on both engines, whatever their collation.
    t.string('email', 254).notNullable().unique();
    t.string('name', 120).notNullable();
    // Null until the person sets one (an invited colleague, a claim staff approved).
    t.string('password_hash', 255);
    // active | suspended (by staff: no sign-in, no session)
    t.string('status', 16).notNullable().defaultTo('active');
    t.string('suspended_reason', 500);
    t.bigInteger('last_login_at');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
  });
  await knex.schema.createTable('company_users', (t) => {
    t.increments('id');
    t.integer('company_id')
      .unsigned()
      .notNullable()
      .references('id')
      .inTable('companies')
      .onDelete('CASCADE');
    t.integer('user_id')
      .unsigned()
      .notNullable()
      .references('id')
      .inTable('mover_users')
      .onDelete('CASCADE');
    // owner | staff
    t.string('role', 16).notNullable();
    t.bigInteger('created_at').notNullable();
    t.unique(['company_id', 'user_id'], { indexName: 'company_users_pair' });
    t.index(['user_id'], 'company_users_user');
  });
  await knex.schema.createTable('mover_sessions', (t) => {
    t.increments('id');
    t.string('token_hash', 64).notNullable().unique();
    t.string('csrf_token', 64).notNullable();
    t.integer('user_id')
      .unsigned()
      .notNullable()
      .references('id')
      .inTable('mover_users')
      .onDelete('CASCADE');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('last_seen_at').notNullable();
    t.bigInteger('expires_at').notNullable();
    t.string('ip', 64);
    t.string('user_agent', 255);
    t.index(['user_id'], 'mover_sessions_user');
    t.index(['expires_at'], 'mover_sessions_expiry');
  });
  await knex.schema.createTable('mover_tokens', (t) => {
    t.increments('id');
    t.string('token_hash', 64).notNullable().unique();
    // password-reset | invitation
    t.string('purpose', 32).notNullable();
    t.integer('user_id').unsigned().references('id').inTable('mover_users').onDelete('CASCADE');
    t.integer('company_id').unsigned().references('id').inTable('companies').onDelete('CASCADE');
    t.string('email', 254).notNullable();
    // An invitation's role in the company.
    t.string('role', 16);
    t.integer('created_by_user_id').unsigned();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('expires_at').notNullable();
    t.bigInteger('used_at');
    t.index(['email', 'purpose'], 'mover_tokens_email');
  });
  await knex.schema.alterTable('companies', (t) => {
    // When the listing got its first owner; null while unclaimed.
    t.bigInteger('claimed_at');
  });
  await knex.schema.alterTable('audit_events', (t) => {
    // staff | mover
    t.string('actor_kind', 8).notNullable().defaultTo('staff');
    t.integer('actor_mover_id').unsigned();
    t.integer('company_id').unsigned();
    t.index(['company_id', 'id'], 'audit_events_company');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('audit_events', (t) => {
    t.dropIndex(['company_id', 'id'], 'audit_events_company');
    t.dropColumn('company_id');
    t.dropColumn('actor_mover_id');
    t.dropColumn('actor_kind');
  });
  await knex.schema.alterTable('companies', (t) => {
    t.dropColumn('claimed_at');
  });
  await knex.schema.dropTable('mover_tokens');
  await knex.schema.dropTable('mover_sessions');
  await knex.schema.dropTable('company_users');
  await knex.schema.dropTable('mover_users');
}
