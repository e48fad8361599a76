/**
 * A table of server-side sessions, for any kind of account (the admin's admin_sessions, the movers'
 * mover_sessions): the cookie holds a 256-bit random id, the table its SHA-256, so the id is never stored. A
 * session ends at logout, after the idle timeout without a request, or at its absolute end, whichever comes
 * first; expired rows are swept at each sign-in. Each kind names its table and owner column; what it reads
 * of the owner (username and role, e-mail and status) is its own query.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';

export interface SessionTimeouts {
  idleTimeoutMs: number;
  absoluteTimeoutMs: number;
}

export interface SessionTable {
  /** admin_sessions, mover_sessions */
  table: string;
  /** The column naming the account: admin_id, user_id. */
  owner: string;
}

/** last_seen_at is written at most this often per session: a busy screen is not a write per request. */
const TOUCH_INTERVAL_MS = 60_000;

export const newSessionToken = () => randomBytes(32).toString('base64url');
export const hashSessionId = (id: string) => createHash('sha256').update(id).digest('hex');
/** A well-formed id is 43 base64url characters; anything else is not worth a query. */
export const isWellFormedToken = (id: string | undefined): id is string =>
  id !== undefined && /^[A-Za-z0-9_-]{43}$/.test(id);

/** Equal strings, compared in constant time (the CSRF token check). */
export function tokensMatch(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export async function insertSession(
  db: Knex,
  kind: SessionTable,
  timeouts: SessionTimeouts,
  owner: { id: number; ip: string | undefined; userAgent: string | undefined },
  now = Date.now(),
): Promise<{ id: string; csrfToken: string }> {
  const id = newSessionToken();
  const csrfToken = newSessionToken();
  await db(kind.table).insert({
    token_hash: hashSessionId(id),
    csrf_token: csrfToken,
    [kind.owner]: owner.id,
    created_at: now,
    last_seen_at: now,
    expires_at: now + timeouts.absoluteTimeoutMs,
    ip: owner.ip?.slice(0, 64) ?? null,
    user_agent: owner.userAgent?.slice(0, 255) ?? null,
  });
  return { id, csrfToken };
}

/** What every session row holds, whatever its kind; `Row` adds what the kind's query joins in. */
export interface SessionRowBase {
  id: number;
  csrf_token: string;
  last_seen_at: number | string;
  expires_at: number | string;
}

/**
 * The live session row `query` finds (already narrowed to the cookie's token by `sessionQuery`), touched as
 * used; undefined when there is none or it ended (an ended row is deleted on the way).
 */
export async function liveSession<Row extends SessionRowBase>(
  db: Knex,
  kind: SessionTable,
  timeouts: SessionTimeouts,
  row: Row | undefined,
  now = Date.now(),
): Promise<Row | undefined> {
  if (!row) return undefined;
  const lastSeen = Number(row.last_seen_at);
  if (now >= Number(row.expires_at) || now - lastSeen >= timeouts.idleTimeoutMs) {
    await db(kind.table).where({ id: row.id }).delete();
    return undefined;
  }
  if (now - lastSeen >= TOUCH_INTERVAL_MS)
    await db(kind.table).where({ id: row.id }).update({ last_seen_at: now });
  return row;
}

/** Ends the session a cookie's id names, if there is one. */
export async function deleteSession(
  db: Knex,
  kind: SessionTable,
  id: string | undefined,
): Promise<void> {
  if (!id) return;
  await db(kind.table)
    .where({ token_hash: hashSessionId(id) })
    .delete();
}

/** Ends every session of an account, but `keepSessionId` (a row id) when given. */
export async function deleteOwnerSessions(
  db: Knex | Knex.Transaction,
  kind: SessionTable,
  ownerId: number,
  keepSessionId?: number,
): Promise<number> {
  const query = db(kind.table).where({ [kind.owner]: ownerId });
  if (keepSessionId !== undefined) query.andWhereNot({ id: keepSessionId });
  return query.delete();
}

/** Deletes sessions past either end, so the table stays the size of the live sessions. */
export async function purgeEnded(
  db: Knex,
  kind: SessionTable,
  timeouts: SessionTimeouts,
  now = Date.now(),
): Promise<number> {
  return db(kind.table)
    .where('expires_at', '<=', now)
    .orWhere('last_seen_at', '<=', now - timeouts.idleTimeoutMs)
    .delete();
}
