/**
 * The gate in front of every /api/admin/* endpoint: a live server-side session (401 without one) and, on every
 * write, the session's CSRF token in the X-CSRF-Token header (403 without it). The client's route guard is a
 * convenience; this is the check. Handlers read the signed-in admin from `res.locals.admin`.
 */
import type { RequestHandler } from 'express';
import { CSRF_HEADER, type AdminRole } from '@moveratlas/contracts';
import type { Config } from '../../config';
import type { Knex } from 'knex';
import { HttpError } from '../../lib/http-error';
import { readSessionCookie } from './cookies';
import { findSession, tokensMatch } from './sessions';

/** What the gate leaves in res.locals for the admin handlers. */
export interface AdminLocals {
  admin: { id: number; username: string; role: AdminRole };
  /** The row id of the caller's own session (kept when a password change ends the others). */
  adminSessionId: number;
}

const READS = new Set(['GET', 'HEAD']);

export function adminSessionGate({ config, db }: { config: Config; db: Knex }): RequestHandler {
  return async (req, res, next) => {
    // Admin answers are private and change under the admin's hands: never kept by a browser or proxy.
    res.set('Cache-Control', 'no-store');
    const session = await findSession(db, config.adminAuth, readSessionCookie(config, req));
    if (!session) throw new HttpError(401, 'Authentication required');
    if (!READS.has(req.method)) {
      const token = req.get(CSRF_HEADER);
      if (!token || !tokensMatch(token, session.csrfToken))
        throw new HttpError(403, 'Missing or invalid CSRF token');
    }
    res.locals.admin = { id: session.adminId, username: session.username, role: session.role };
    res.locals.adminSessionId = session.sessionId;
    next();
  };
}
