import type { Knex } from 'knex';

/**
 * Issue 16, the staff inbox of /contact messages: who a message is assigned to, and the statuses staff use
 * (new → open → replied → closed; docs/decisions/026). assigned_admin_id has no foreign key (SQLite cannot
 * add one to an existing table): the inbox reads it through a left join, so a removed admin's messages read
 * as unassigned. The list is read newest first, alone or by topic.
 */
const OLD_TO_NEW: ReadonlyArray<[string, string]> = [
  // The statuses the old column comment planned; no screen ever set them, but a hand-edited row may have.
  ['read', 'open'],
  ['answered', 'replied'],
  ['spam', 'closed'],
];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contact_messages', (t) => {
    t.integer('assigned_admin_id').unsigned();
    t.index(['created_at', 'id'], 'contact_messages_received');
    t.index(['topic', 'created_at'], 'contact_messages_topic');
    t.index(['assigned_admin_id', 'status'], 'contact_messages_assignee');
  });
  for (const [from, to] of OLD_TO_NEW)
    await knex('contact_messages').where({ status: from }).update({ status: to });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contact_messages', (t) => {
    t.dropIndex(['assigned_admin_id', 'status'], 'contact_messages_assignee');
    t.dropIndex(['topic', 'created_at'], 'contact_messages_topic');
    t.dropIndex(['created_at', 'id'], 'contact_messages_received');
    t.dropColumn('assigned_admin_id');
  });
}
