/**
 * The admin accounts as the Settings screen manages them: listed with their live sessions, created with a
 * password that meets the policy, deleted (never one's own account, never the last one), and one's own
 * password changed, which signs out every other session of that admin.
 */
import type { Knex } from 'knex';
import type { z } from 'zod';
import {
  isAdminRole,
  type AdminRole,
  type AdminUser,
  type AdminUserList,
  type AdminUserListQuerySchema,
} from '@moveratlas/contracts';
import { isUniqueViolation, withTransactionRetry } from '../../../db/dialect';
import { HttpError } from '../../../lib/http-error';
import { LIKE_ESCAPE, likeContains } from '../../../lib/sql-like';
import { passwordChangeKey, type LoginThrottle } from '../login-throttle';
import { hashPassword, verifyPassword } from '../passwords';
import { destroyAdminSessions } from '../sessions';
import { sqlTimestampToIso } from '../../../db/timestamps';

type AdminUserListQuery = z.output<typeof AdminUserListQuerySchema>;

const SORT_COLUMNS: Record<AdminUserListQuery['sort'], string> = {
  username: 'u.username',
  createdAt: 'u.created_at',
};

interface AdminUserRow {
  id: number;
  username: string;
  role: string;
  created_at: string | Date;
  sessions: number | string | null;
  last_seen: number | string | null;
}

export async function listAdminUsers(
  db: Knex,
  query: AdminUserListQuery,
  viewer: { id: number; idleTimeoutMs: number },
  now = Date.now(),
): Promise<AdminUserList> {
  const filtered = db('admin_users as u').where((where) => {
    if (query.q !== '')
      where.whereRaw(`lower(u.username) like ? ${LIKE_ESCAPE}`, [
        likeContains(query.q.toLowerCase()),
      ]);
  });
  // Live sessions only: neither past their absolute end nor idle for longer than the idle timeout.
  const live = db('admin_sessions')
    .where('expires_at', '>', now)
    .andWhere('last_seen_at', '>', now - viewer.idleTimeoutMs)
    .groupBy('admin_id')
    .select('admin_id')
    .count({ sessions: '*' })
    .max({ last_seen: 'last_seen_at' })
    .as('s');
  const [countRow, rows] = await Promise.all([
    filtered.clone().count({ n: '*' }).first() as Promise<{ n: number | string }>,
    filtered
      .clone()
      .leftJoin(live, 's.admin_id', 'u.id')
      .orderBy([
        { column: SORT_COLUMNS[query.sort], order: query.order },
        { column: 'u.id', order: 'asc' },
      ])
      .limit(query.limit)
      .offset(query.offset)
      .select(
        'u.id',
        'u.username',
        'u.role',
        'u.created_at',
        's.sessions',
        's.last_seen',
      ) as Promise<AdminUserRow[]>,
  ]);
  const users: AdminUser[] = rows.map((row) => ({
    id: Number(row.id),
    username: row.username,
    role: isAdminRole(row.role) ? row.role : 'viewer',
    createdAt: sqlTimestampToIso(row.created_at),
    activeSessions: Number(row.sessions ?? 0),
    lastSeenAt: row.last_seen === null ? null : new Date(Number(row.last_seen)).toISOString(),
    isYou: Number(row.id) === viewer.id,
  }));
  return { users, total: Number(countRow.n) };
}

/** Runs in the change's transaction with the row it made or changed: the audit log's record of it. */
export type AdminUserRecord<T> = (trx: Knex.Transaction, row: T) => Promise<void>;

export async function createAdminUser(
  db: Knex,
  user: { username: string; password: string; role: AdminRole },
  record?: AdminUserRecord<{ id: number; username: string; role: AdminRole }>,
): Promise<{ id: number; username: string; role: AdminRole }> {
  // MySQL compares usernames without regard to case, SQLite with: refuse look-alikes on both.
  const taken = await db('admin_users')
    .whereRaw('lower(username) = ?', [user.username.toLowerCase()])
    .first('id');
  const conflict = () => new HttpError(409, `An admin named "${user.username}" already exists`);
  if (taken) throw conflict();
  // Hashed before the transaction: argon2 takes a while, and SQLite's one connection would wait on it.
  const passwordHash = await hashPassword(user.password);
  try {
    return await db.transaction(async (trx) => {
      await trx('admin_users').insert({
        username: user.username,
        password_hash: passwordHash,
        role: user.role,
      });
      const row = (await trx('admin_users').where({ username: user.username }).first('id')) as {
        id: number;
      };
      const created = { id: Number(row.id), username: user.username, role: user.role };
      await record?.(trx, created);
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict();
    throw error;
  }
}

/** Owners left once the change is made (a locking read: two owners demoting each other cannot leave none). */
async function ownersLeft(trx: Knex.Transaction): Promise<number> {
  const left = (await trx('admin_users')
    .where({ role: 'owner' })
    .forUpdate()
    .count({ n: '*' })
    .first()) as {
    n: number | string;
  };
  return Number(left.n);
}

/** Changes an admin's role; the last owner cannot be demoted (409). */
export async function setAdminRole(
  db: Knex,
  id: number,
  role: AdminRole,
  record?: AdminUserRecord<{ username: string; before: AdminRole }>,
): Promise<{ id: number; username: string; role: AdminRole }> {
  return withTransactionRetry(db, async (trx) => {
    const target = (await trx('admin_users').where({ id }).first('id', 'username', 'role')) as
      { id: number; username: string; role: string } | undefined;
    if (!target) throw new HttpError(404, `No admin with id ${id}`);
    const before: AdminRole = isAdminRole(target.role) ? target.role : 'viewer';
    if (before !== role) {
      await trx('admin_users').where({ id }).update({ role, updated_at: trx.fn.now() });
      if (before === 'owner' && (await ownersLeft(trx)) === 0)
        throw new HttpError(
          409,
          'The last owner cannot be given another role; make someone else an owner first',
        );
      await record?.(trx, { username: target.username, before });
    }
    return { id, username: target.username, role };
  });
}

/**
 * Deletes an admin (its sessions go with it, ON DELETE CASCADE). Two admins deleting each other at once
 * cannot leave none: the count is a locking read inside the transaction, so one of them waits (or, on a
 * deadlock, runs again) and then sees the other's delete.
 */
export async function deleteAdminUser(
  db: Knex,
  id: number,
  actingAdminId: number,
  record?: AdminUserRecord<{ username: string; role: AdminRole }>,
): Promise<{ username: string }> {
  if (id === actingAdminId)
    throw new HttpError(409, 'You cannot delete your own account; ask another admin to do it');
  return withTransactionRetry(db, async (trx) => {
    const target = (await trx('admin_users').where({ id }).first('id', 'username', 'role')) as
      { id: number; username: string; role: string } | undefined;
    if (!target) throw new HttpError(404, `No admin with id ${id}`);
    await trx('admin_users').where({ id }).delete();
    const left = (await trx('admin_users').forUpdate().count({ n: '*' }).first()) as {
      n: number | string;
    };
    if (Number(left.n) === 0) throw new HttpError(409, 'The last admin cannot be deleted');
    if (target.role === 'owner' && (await ownersLeft(trx)) === 0)
      throw new HttpError(
        409,
        'The last owner cannot be deleted; make someone else an owner first',
      );
    await record?.(trx, {
      username: target.username,
      role: isAdminRole(target.role) ? target.role : 'viewer',
    });
    return { username: target.username };
  });
}

/**
 * Changes the acting admin's own password after checking the current one, then ends every other session
 * of that admin (whoever else holds the old password's session is signed out); the caller's stays.
 *
 * The current-password check is a password guess like a login's, so it is throttled the same way, per
 * admin: someone holding a stolen session gets a few tries, then doubling delays (429), not a free oracle.
 * The new password is judged (`checkNew`, which throws) only after the current one proved right.
 */
export async function changeOwnPassword(
  db: Knex,
  throttle: LoginThrottle,
  admin: { id: number; sessionId: number; freeAttempts: number },
  change: { currentPassword: string; newPassword: string },
  checkNew: (password: string) => Promise<void>,
  record?: AdminUserRecord<number>,
): Promise<{ endedSessions: number }> {
  const row = (await db('admin_users').where({ id: admin.id }).first('password_hash')) as
    { password_hash: string } | undefined;
  if (!row) throw new HttpError(401, 'Authentication required');
  const attempt = await throttle.attempt(
    [{ key: passwordChangeKey(admin.id), free: admin.freeAttempts, onSuccess: 'clear' }],
    'wrong current passwords',
  );
  if (!(await verifyPassword(row.password_hash, change.currentPassword)))
    throw new HttpError(400, 'The current password is not correct');
  await attempt.succeeded();
  await checkNew(change.newPassword);
  const passwordHash = await hashPassword(change.newPassword);
  return db.transaction(async (trx) => {
    await trx('admin_users')
      .where({ id: admin.id })
      .update({ password_hash: passwordHash, updated_at: trx.fn.now() });
    const endedSessions = await destroyAdminSessions(trx, admin.id, admin.sessionId);
    await record?.(trx, endedSessions);
    return { endedSessions };
  });
}
