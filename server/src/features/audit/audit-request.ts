/**
 * The audit log from a request handler: who is acting (the admin the session gate left in res.locals), and
 * running a change in a transaction that records its entries before it commits.
 */
import type { Request, Response } from 'express';
import type { Knex } from 'knex';
import { isAdminRole } from '@moveratlas/contracts';
import { recordAudit, type AuditActor, type AuditEntry } from './audit-store';

interface SignedInAdmin {
  id?: number;
  username?: string;
  role?: unknown;
}

/** The signed-in admin of this request, with the client's address. */
export function auditActor(req: Request, res: Response): AuditActor {
  const admin = (res.locals as { admin?: SignedInAdmin }).admin;
  return {
    id: admin?.id ?? null,
    username: admin?.username ?? 'unknown',
    role: isAdminRole(admin?.role) ? admin.role : null,
    ip: req.ip ?? null,
  };
}

/** Adds entries to the change's record; they are written when `work` has finished, in its transaction. */
export type AuditRecorder = (entries: AuditEntry | readonly AuditEntry[]) => void;

/**
 * Runs `work` in one transaction with the entries it records: both commit, or neither does. Functions `work`
 * calls must use `trx` for every query (SQLite has one connection: a query on the pool would wait forever).
 * A function that opens its own transaction on `trx` gets a savepoint inside this one.
 */
export async function auditedChange<T>(
  db: Knex,
  req: Request,
  res: Response,
  work: (trx: Knex.Transaction, audit: AuditRecorder) => Promise<T>,
): Promise<T> {
  const actor = auditActor(req, res);
  return db.transaction(async (trx) => {
    const entries: AuditEntry[] = [];
    const result = await work(trx, (more) => {
      entries.push(...(Array.isArray(more) ? more : [more as AuditEntry]));
    });
    await recordAudit(trx, actor, entries);
    return result;
  });
}

/** Records what a request did that has no transaction of its own (an export, a download, an upload). */
export function recordRequestAudit(
  db: Knex,
  req: Request,
  res: Response,
  entries: AuditEntry | readonly AuditEntry[],
): Promise<void> {
  return recordAudit(db, auditActor(req, res), entries);
}
