/**
 * Creating admins and setting their passwords outside the Settings screen: from ADMIN_USERNAME and
 * ADMIN_PASSWORD at start, and by `npm run admin`. There is never a default admin.
 *
 * The environment only ever creates: once the admin exists its password is whatever it was last changed to
 * (on the Settings screen, or by `npm run admin -- set-password`), and a restart with the old ADMIN_PASSWORD
 * still set neither reverts it nor ends a session. Setting a password on purpose is a reset: it ends every
 * session of that admin, forgets the browsers it signed in from and lifts its username's lock.
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { forgetDevices } from './devices';
import { userKey } from './login-throttle';
import { hashPassword } from './passwords';
import { destroyAdminSessions } from './sessions';

const findAdmin = async (db: Knex, username: string) =>
  (await db('admin_users').where({ username }).first('id')) as { id: number } | undefined;

/** Creates the admin unless one of that username exists (whose password is then left alone). */
export async function createAdminIfMissing(
  db: Knex,
  username: string,
  password: string,
): Promise<'created' | 'exists'> {
  if (await findAdmin(db, username)) return 'exists';
  const passwordHash = await hashPassword(password);
  await db('admin_users').insert({ username, password_hash: passwordHash });
  return 'created';
}

export interface PasswordReset {
  outcome: 'created' | 'changed';
  /** Sessions of that admin the reset ended. */
  endedSessions: number;
}

/**
 * Sets an admin's password, creating the admin if there is none: an operator's reset. Every session of that
 * admin ends and every device of it is forgotten (whoever knew the old password is signed out and a stranger
 * again), and the username's shared failure count is lifted so the admin can sign in at once.
 */
export async function setAdminPassword(
  db: Knex,
  username: string,
  password: string,
): Promise<PasswordReset> {
  const passwordHash = await hashPassword(password);
  const existing = await findAdmin(db, username);
  if (!existing) {
    await db('admin_users').insert({ username, password_hash: passwordHash });
    return { outcome: 'created', endedSessions: 0 };
  }
  const adminId = Number(existing.id);
  const endedSessions = await db.transaction(async (trx) => {
    await trx('admin_users')
      .where({ id: adminId })
      .update({ password_hash: passwordHash, updated_at: trx.fn.now() });
    await forgetDevices(trx, adminId);
    return destroyAdminSessions(trx, adminId);
  });
  await db('login_throttle')
    .where({ key: userKey(username) })
    .delete();
  return { outcome: 'changed', endedSessions };
}

/** What the server does with ADMIN_USERNAME and ADMIN_PASSWORD at start (main.ts): create, never overwrite. */
export async function applyEnvironmentAdmin(
  db: Knex,
  admin: { username: string; password: string } | undefined,
  logger: Logger,
): Promise<'created' | 'exists' | 'none'> {
  if (!admin) return 'none';
  const outcome = await createAdminIfMissing(db, admin.username, admin.password);
  if (outcome === 'created') logger.info({ username: admin.username }, 'admin user created');
  else
    logger.info(
      { username: admin.username },
      'admin user exists; ADMIN_PASSWORD ignored (change it on the Settings screen or with npm run admin -- set-password)',
    );
  return outcome;
}
