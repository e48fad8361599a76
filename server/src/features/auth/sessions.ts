/**
 * Server-side admin sessions in the admin_sessions table (session-table.ts holds what every kind of session
 * shares): the admin's username and role are read with the session at every request.
 */
import type { Knex } from 'knex';
import { isAdminRole, type AdminRole } from '@moveratlas/contracts';
import {
  deleteOwnerSessions,
  deleteSession,
  hashSessionId,
  insertSession,
  isWellFormedToken,
  liveSession,
  purgeEnded,
  type SessionRowBase,
  type SessionTable,
  type SessionTimeouts,
} from './session-table';

export { hashSessionId, tokensMatch, type SessionTimeouts } from './session-table';

const ADMIN_SESSIONS: SessionTable = { table: 'admin_sessions', owner: 'admin_id' };

export interface AdminSession {
  /** The row id: stable for the session's life, safe to log (unlike the cookie's id). */
  sessionId: number;
  adminId: number;
  username: string;
  /** Read at every request: a role an owner changes applies at the admin's next click. */
  role: AdminRole;
  csrfToken: string;
}

interface SessionRow extends SessionRowBase {
  admin_id: number;
  username: string;
  role: string;
}

export const createSession = (
  db: Knex,
  timeouts: SessionTimeouts,
  admin: { adminId: number; ip: string | undefined; userAgent: string | undefined },
  now = Date.now(),
) =>
  insertSession(
    db,
    ADMIN_SESSIONS,
    timeouts,
    { id: admin.adminId, ip: admin.ip, userAgent: admin.userAgent },
    now,
  );

/** The live session a cookie's id names, touched as used; undefined when unknown, ended or expired. */
export async function findSession(
  db: Knex,
  timeouts: SessionTimeouts,
  id: string | undefined,
  now = Date.now(),
): Promise<AdminSession | undefined> {
  if (!isWellFormedToken(id)) return undefined;
  const found = (await db('admin_sessions as s')
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
  const row = await liveSession(db, ADMIN_SESSIONS, timeouts, found, now);
  if (!row) return undefined;
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
export const destroySession = (db: Knex, id: string | undefined) =>
  deleteSession(db, ADMIN_SESSIONS, id);

/**
 * Ends every session of an admin, but `keepSessionId` (the row id of the caller's own session) when given:
 * for a password change, which must sign out whoever else holds the old password's sessions.
 */
export const destroyAdminSessions = (db: Knex, adminId: number, keepSessionId?: number) =>
  deleteOwnerSessions(db, ADMIN_SESSIONS, adminId, keepSessionId);

/** Deletes sessions past either end; run at each login, so the table stays the size of the live sessions. */
export const purgeExpiredSessions = (db: Knex, timeouts: SessionTimeouts, now = Date.now()) =>
  purgeEnded(db, ADMIN_SESSIONS, timeouts, now);
