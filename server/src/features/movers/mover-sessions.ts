/**
 * The movers' server-side sessions (mover_sessions), on the session table the admin's use too
 * (features/auth). A session is live only while its person's account is active: suspending someone ends
 * their sessions, and a suspended account's row is never read as signed in.
 */
import type { Request, Response } from 'express';
import type { Knex } from 'knex';
import { PRO_CSRF_COOKIE, PRO_SESSION_COOKIE } from '@moveratlas/contracts';
import {
  clearSessionCookiePair,
  deleteOwnerSessions,
  deleteSession,
  hashSessionId,
  insertSession,
  isWellFormedToken,
  liveSession,
  purgeEnded,
  readOwnCookie,
  setSessionCookiePair,
  type SessionRowBase,
  type SessionTable,
} from '../auth';
import type { Config } from '../../config';

export const MOVER_SESSIONS: SessionTable = { table: 'mover_sessions', owner: 'user_id' };
const PRO_COOKIES = { session: PRO_SESSION_COOKIE, csrf: PRO_CSRF_COOKIE };

export interface MoverSession {
  sessionId: number;
  user: { id: number; email: string; name: string };
  csrfToken: string;
}

interface Row extends SessionRowBase {
  user_id: number;
  email: string;
  name: string;
}

export const readProSessionCookie = (config: Config, req: Request) =>
  readOwnCookie(config, req, PRO_SESSION_COOKIE);

/** The live session of an active account that the request's cookie names; undefined otherwise. */
export async function findMoverSession(
  db: Knex,
  config: Config,
  req: Request,
  now = Date.now(),
): Promise<MoverSession | undefined> {
  const id = readProSessionCookie(config, req);
  if (!isWellFormedToken(id)) return undefined;
  const found = (await db('mover_sessions as s')
    .join('mover_users as u', 'u.id', 's.user_id')
    .where('s.token_hash', hashSessionId(id))
    .andWhere('u.status', 'active')
    .first(
      's.id',
      's.csrf_token',
      's.user_id',
      'u.email',
      'u.name',
      's.last_seen_at',
      's.expires_at',
    )) as Row | undefined;
  const row = await liveSession(db, MOVER_SESSIONS, config.proAuth, found, now);
  if (!row) return undefined;
  return {
    sessionId: Number(row.id),
    user: { id: Number(row.user_id), email: row.email, name: row.name },
    csrfToken: row.csrf_token,
  };
}

/**
 * Signs `userId` in on this browser: whatever session id it had before (planted or old) is ended, a new one
 * is made and its cookies set. Used by the sign-in, a password reset, an accepted invitation, a claim.
 */
export async function startMoverSession(
  { config, db }: { config: Config; db: Knex },
  req: Request,
  res: Response,
  userId: number,
): Promise<void> {
  await deleteSession(db, MOVER_SESSIONS, readProSessionCookie(config, req));
  await purgeEnded(db, MOVER_SESSIONS, config.proAuth);
  const now = Date.now();
  const session = await insertSession(
    db,
    MOVER_SESSIONS,
    config.proAuth,
    { id: userId, ip: req.ip, userAgent: req.get('user-agent') },
    now,
  );
  await db('mover_users').where({ id: userId }).update({ last_login_at: now });
  setSessionCookiePair(config, req, res, PRO_COOKIES, session, config.proAuth.absoluteTimeoutMs);
}

export async function endMoverSession(config: Config, db: Knex, req: Request, res: Response) {
  await deleteSession(db, MOVER_SESSIONS, readProSessionCookie(config, req));
  clearSessionCookiePair(config, req, res, PRO_COOKIES);
}

export const clearProCookies = (config: Config, req: Request, res: Response) =>
  clearSessionCookiePair(config, req, res, PRO_COOKIES);

/** Ends every session of a person (suspension, a password change: but `keepSessionId`). */
export const endUserSessions = (
  db: Knex | Knex.Transaction,
  userId: number,
  keepSessionId?: number,
) => deleteOwnerSessions(db, MOVER_SESSIONS, userId, keepSessionId);
