/**
 * The private links to a visitor's "my request" page: a 256-bit secret in the link, its SHA-256 here, valid
 * until MY_REQUEST_LINK_DAYS after the move day (and at least that long from today). Looking one up tells an
 * unknown link from an expired one, so the page can say which.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { MY_REQUEST_LINK_DAYS, readMoveDate } from '@moveratlas/contracts';

type Db = Knex | Knex.Transaction;
const DAY_MS = 86_400_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The link's end: MY_REQUEST_LINK_DAYS after the move day, never sooner than that many days from now. */
export function linkExpiry(moveDate: string, now = Date.now()): number {
  const day = readMoveDate(moveDate);
  const moveAt = day ? Date.UTC(day.year, day.month - 1, day.day) : now;
  return Math.max(now, moveAt) + MY_REQUEST_LINK_DAYS * DAY_MS;
}

export async function createRequestLink(
  db: Db,
  leadId: number,
  expiresAt: number,
  now = Date.now(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db('lead_request_links').insert({
    lead_id: leadId,
    token_hash: hashOf(token),
    expires_at: expiresAt,
    created_at: now,
  });
  return token;
}

export type LinkLookup =
  { found: true; leadId: number; expiresAt: number } | { found: false; expired: boolean };

export async function findRequestLink(
  db: Db,
  token: string,
  now = Date.now(),
): Promise<LinkLookup> {
  const row = (await db('lead_request_links')
    .where({ token_hash: hashOf(token) })
    .first('lead_id', 'expires_at')) as
    { lead_id: number; expires_at: number | string } | undefined;
  if (!row) return { found: false, expired: false };
  const expiresAt = Number(row.expires_at);
  if (expiresAt <= now) return { found: false, expired: true };
  return { found: true, leadId: Number(row.lead_id), expiresAt };
}
