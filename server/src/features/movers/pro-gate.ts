/**
 * The gate in front of every signed-in /api/pro/* endpoint: a live mover session (401 without one) and, on
 * every write, its CSRF token in X-CSRF-Token (403 without it). Then, under /api/pro/companies/:companyId,
 * the person's membership of that company: 404 for a company they do not belong to, exactly as for one that
 * does not exist, so ids of other companies tell nothing. Only the server's checks count; the /pro screens
 * only draw what these allow.
 */
import type { Request, RequestHandler, Response } from 'express';
import type { Knex } from 'knex';
import { CSRF_HEADER, type ProCompany } from '@moveratlas/contracts';
import type { Config } from '../../config';
import { HttpError } from '../../lib/http-error';
import { tokensMatch } from '../auth';
import type { AuditActor } from '../audit';
import { membership } from './accounts';
import { findMoverSession } from './mover-sessions';

/** What the gate leaves in res.locals for every signed-in /api/pro handler. */
export interface ProLocals {
  mover: { id: number; email: string; name: string };
  moverSessionId: number;
}

/** And under /api/pro/companies/:companyId, the company and the person's role in it. */
export interface ProCompanyLocals extends ProLocals {
  proCompany: ProCompany;
}

const READS = new Set(['GET', 'HEAD']);

export function proSessionGate({ config, db }: { config: Config; db: Knex }): RequestHandler {
  return async (req, res, next) => {
    // Private answers that change under the person's hands: never kept by a browser or a proxy.
    res.set('Cache-Control', 'no-store');
    const session = await findMoverSession(db, config, req);
    if (!session) throw new HttpError(401, 'Please sign in again: your session has ended');
    if (!READS.has(req.method)) {
      const token = req.get(CSRF_HEADER);
      if (!token || !tokensMatch(token, session.csrfToken))
        throw new HttpError(403, 'Missing or invalid CSRF token');
    }
    const locals = res.locals as ProLocals;
    locals.mover = session.user;
    locals.moverSessionId = session.sessionId;
    next();
  };
}

export const NO_SUCH_COMPANY = 'No such company';

/** `:companyId`'s membership check: res.locals.proCompany for the routes below, 404 otherwise. */
export function companyMembership(db: Knex): RequestHandler {
  return async (req, res, next) => {
    const raw = String(req.params.companyId ?? '');
    const companyId = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
    const { mover } = res.locals as ProLocals;
    const company = Number.isSafeInteger(companyId)
      ? await membership(db, mover.id, companyId)
      : undefined;
    if (!company) throw new HttpError(404, NO_SUCH_COMPANY);
    (res.locals as ProCompanyLocals).proCompany = company;
    next();
  };
}

/** For what only a company's owner may do (its team, its notification settings). */
export const requireProOwner: RequestHandler = (_req, res, next) => {
  if ((res.locals as ProCompanyLocals).proCompany.role !== 'owner')
    throw new HttpError(403, "Only the company's owner can do this");
  next();
};

/** The signed-in mover as the audit log records them. */
export function proAuditActor(req: Request, res: Response): AuditActor {
  const { mover } = res.locals as ProLocals;
  return {
    id: null,
    username: mover.email,
    role: null,
    ip: req.ip ?? null,
    mover: { id: mover.id },
  };
}
