import type { Knex } from 'knex';
import { hashPassword } from './passwords';

/** Creates the admin named by ADMIN_USERNAME, or sets its password; there is never a default admin. */
export async function upsertAdmin(
  db: Knex,
  username: string,
  password: string,
): Promise<'created' | 'updated'> {
  const passwordHash = await hashPassword(password);
  const existing = (await db('admin_users').where({ username }).first('id')) as
    { id: number } | undefined;
  if (existing) {
    await db('admin_users')
      .where({ id: existing.id })
      .update({ password_hash: passwordHash, updated_at: db.fn.now() });
    return 'updated';
  }
  await db('admin_users').insert({ username, password_hash: passwordHash });
  return 'created';
}
