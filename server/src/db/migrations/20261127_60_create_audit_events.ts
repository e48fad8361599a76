import type { Knex } from 'knex';

/**
 * The admin audit log (issue 16, docs/decisions/027): one row per admin write, export or download, and per
 * attempt a role refused. The actor is kept by id *and* username (with the role it had), so the history still
 * names who did it after the account is deleted. before_json/after_json hold only the changed fields of an
 * update, the whole record of a create or delete, never a secret. created_at is UTC ISO 8601 text (as
 * lead_status_history.changed_at): the same on both engines, to the millisecond, and ordered as text.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('audit_events', (t) => {
    t.bigIncrements('id');
    t.string('created_at', 30).notNullable();
    // No foreign key: an admin's deletion must not touch its history.
    t.integer('actor_admin_id').unsigned();
    t.string('actor_username', 64).notNullable();
    t.string('actor_role', 16);
    // company.update, database.backup.download, …
    t.string('action', 64).notNullable();
    t.string('entity_type', 32).notNullable();
    t.string('entity_id', 64);
    t.string('summary', 300).notNullable();
    // mediumtext on MariaDB (a company's full record with a long description passes 64 KB); text on SQLite.
    t.text('before_json', 'mediumtext');
    t.text('after_json', 'mediumtext');
    t.string('ip', 64);
    // succeeded | refused
    t.string('outcome', 16).notNullable();
    t.index(['created_at', 'id'], 'audit_events_newest');
    t.index(['entity_type', 'entity_id', 'id'], 'audit_events_entity');
    t.index(['actor_username', 'id'], 'audit_events_actor');
    t.index(['action', 'id'], 'audit_events_action');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('audit_events');
}
