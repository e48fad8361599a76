/** What the audit log reads of a message before and after a change, in the change's transaction. */
import type { Knex } from 'knex';

export async function statusOf(trx: Knex.Transaction, id: number): Promise<string | undefined> {
  const row = (await trx('contact_messages').where({ id }).first('status')) as
    { status: string } | undefined;
  return row?.status;
}

/** The assignee's username; null for nobody (or a removed admin, which the inbox reads as nobody). */
export async function assigneeOf(trx: Knex.Transaction, id: number): Promise<string | null> {
  const row = (await trx('contact_messages')
    .leftJoin('admin_users', 'admin_users.id', 'contact_messages.assigned_admin_id')
    .where('contact_messages.id', id)
    .first('admin_users.username as username')) as { username: string | null } | undefined;
  return row?.username ?? null;
}
