/**
 * Server-side admin sessions in the admin_sessions table. The cookie holds a 256-bit random id; the table
 * holds its SHA-256, so the id is never stored. A session ends at logout, after the idle timeout without a
 * request, or at its absolute end, whichever comes first; expired rows are swept now and then.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import { isAdminRole, type AdminRole } from '@moveratlas/contracts';

export interface SessionTimeouts {
  idleTimeoutMs: number;
  absoluteTimeoutMs: number;
}

export interface AdminSession {
  /** The row id: stable for the session's life, safe to log (unlike the cookie's id). */
  sessionId: number;
  adminId: number;
  username: string;
  /** Read at every request: a role an owner changes applies at the admin's next click. */
  role: AdminRole;
  csrfToken: string;
}

interface SessionRow {
  id: number;
  csrf_token: string;
  admin_id: number;
  username: string;
  role: string;
  last_seen_at: number | string;
  expires_at: number | string;
}

/** last_seen_at is written at most this often per session: a busy admin screen is not a write per request. */
const TOUCH_INTERVAL_MS = 60_000;

const newToken = () => randomBytes(32).toString('base64url');
export const hashSessionId = (id: string) => createHash('sha256').update(id).digest('hex');

/** Equal strings, compared in constant time (the CSRF token check). */
export function tokensMatch(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export async function createSession(
  db: Knex,
  timeouts: SessionTimeouts,
  admin: { adminId: number; ip: string | undefined; userAgent: string | undefined },
  now = Date.now(),
): Promise<{ id: string; csrfToken: string }> {
  const id = newToken();
  const csrfToken = newToken();
  await db('admin_sessions').insert({
    token_hash: hashSessionId(id),
    csrf_token: csrfToken,
    admin_id: admin.adminId,
    created_at: now,
    last_seen_at: now,
    expires_at: now + timeouts.absoluteTimeoutMs,
    ip: admin.ip?.slice(0, 64) ?? null,
    user_agent: admin.userAgent?.slice(0, 255) ?? null,
  });
  return { id, csrfToken };
}

/** The live session a cookie's id names, touched as used; undefined when unknown, ended or expired. */
export async function findSession(
  db: Knex,
  timeouts: SessionTimeouts,
  id: string | undefined,
  now = Date.now(),
): Promise<AdminSession | undefined> {
  // A well-formed id is 43 base64url characters; anything else is not worth a query.
  if (!id || !/^[A-Za-z0-9_-]{43}$/.test(id)) return undefined;
  const row = (await db('admin_sessions as s')
    .join('admin_users as u', 'u.id', 's.admin_id')
    .where('s.token_hash', hashSessionId(id))
    .first(
      's.id',
      's.csrf_token',
      's.admin_id',
      'u.username',
      'u.role',
      's.last_seen_at',
      's.expires_at',
    )) as SessionRow | undefined;
  if (!row) return undefined;
  const lastSeen = Number(row.last_seen_at);
  if (now >= Number(row.expires_at) || now - lastSeen >= timeouts.idleTimeoutMs) {
    await db('admin_sessions').where({ id: row.id }).delete();
    return undefined;
  }
  if (now - lastSeen >= TOUCH_INTERVAL_MS)
    await db('admin_sessions').where({ id: row.id }).update({ last_seen_at: now });
  return {
    sessionId: Number(row.id),
    adminId: Number(row.admin_id),
    username: row.username,
    // An unknown value (a hand-edited row) reads as the least role, never as more.
    role: isAdminRole(row.role) ? row.role : 'viewer',
    csrfToken: row.csrf_token,
  };
}

/** Ends the session a cookie's id names, if there is one. */
export async function destroySession(db: Knex, id: string | undefined): Promise<void> {
  if (!id) return;
  await db('admin_sessions')
    .where({ token_hash: hashSessionId(id) })
    .delete();
}

/**
 * Ends every session of an admin, but `keepSessionId` (the row id of the caller's own session) when given:
 * for a password change, which must sign out whoever else holds the old password's sessions.
 */
export async function destroyAdminSessions(
  db: Knex,
  adminId: number,
  keepSessionId?: number,
): Promise<number> {
  const query = db('admin_sessions').where({ admin_id: adminId });
  if (keepSessionId !== undefined) query.andWhereNot({ id: keepSessionId });
  return query.delete();
}

/** Deletes sessions past either end; run at each login, so the table stays the size of the live sessions. */
export async function purgeExpiredSessions(
  db: Knex,
  timeouts: SessionTimeouts,
  now = Date.now(),
): Promise<number> {
  return db('admin_sessions')
    .where('expires_at', '<=', now)
    .orWhere('last_seen_at', '<=', now - timeouts.idleTimeoutMs)
    .delete();
}
