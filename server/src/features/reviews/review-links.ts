/**
 * The single-use links that take a review (issue 19), as request-links.ts makes the "my request" links: a
 * 256-bit secret in the link, only its SHA-256 here. An invitation (one request, one mover) answers to the
 * secret of the first e-mail and to the one of its reminder; looking a secret up tells an unknown link from an
 * expired or a used one, so the page can say which.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { REVIEW_LINK_DAYS } from '@moveratlas/contracts';
import { sqlDay } from './review-days';

type Db = Knex | Knex.Transaction;
const DAY_MS = 86_400_000;

export const hashOfReviewToken = (token: string) =>
  createHash('sha256').update(token).digest('hex');

/** A new secret and the hash that is stored for it. */
export function newReviewToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOfReviewToken(token) };
}

/** A link takes a review for REVIEW_LINK_DAYS from the day the e-mail asking for it was sent. */
export const reviewLinkExpiry = (sentAt: number) => sentAt + REVIEW_LINK_DAYS * DAY_MS;

export const LINK_UNKNOWN =
  'This link does not open a review: check that you used the whole link from our e-mail.';
export const LINK_EXPIRED =
  'This link has expired: links to write a review work for 60 days after our e-mail.';
export const LINK_USED =
  'This link was already used to write a review. Each link takes one review, so it cannot be used again.';
export const LINK_CLOSED =
  'You asked us to delete your data, so this link no longer takes a review.';

export interface FoundInvitation {
  id: number;
  leadId: number;
  companyId: number;
  companyName: string;
  companySlug: string;
  firstName: string;
  email: string;
  emailKey: string | null;
  phone: string;
  /** YYYY-MM-DD: the day the request was sent. */
  requestDate: string;
  expiresAt: number;
}

export type InvitationLookup =
  | { found: true; invitation: FoundInvitation }
  | { found: false; reason: 'unknown' | 'expired' | 'used' | 'closed' };

interface InvitationRow {
  id: number;
  lead_id: number;
  company_id: number;
  company_name: string;
  company_slug: string;
  first_name: string;
  email: string;
  email_key: string | null;
  phone: string;
  lead_created_at: string | number | Date;
  expires_at: number | string;
  used_at: number | string | null;
}

/**
 * The invitation a secret opens, read in `db` (the caller's transaction when it goes on to use it). A used link
 * is "used" before "expired": the visitor learns the review was taken, not that they were late.
 */
export async function findInvitation(
  db: Db,
  token: string,
  now: number,
  /** The caller has just claimed it in its own transaction: that use is its own, not a refusal. */
  { claimed = false }: { claimed?: boolean } = {},
): Promise<InvitationLookup> {
  const hash = hashOfReviewToken(token);
  const row = (await db('review_invitations as ri')
    .join('companies as c', 'c.id', 'ri.company_id')
    .join('leads as l', 'l.id', 'ri.lead_id')
    .where((q) => q.where('ri.token_hash', hash).orWhere('ri.reminder_token_hash', hash))
    .first(
      'ri.id',
      'ri.lead_id',
      'ri.company_id',
      'c.name as company_name',
      'c.slug as company_slug',
      'l.first_name',
      'l.email',
      'l.email_key',
      'l.phone',
      'l.created_at as lead_created_at',
      'ri.expires_at',
      'ri.used_at',
    )) as InvitationRow | undefined;
  if (!row) return { found: false, reason: 'unknown' };
  if (row.used_at !== null && !claimed) return { found: false, reason: 'used' };
  if (Number(row.expires_at) <= now) return { found: false, reason: 'expired' };
  const closed = await deletionAsked(db, Number(row.lead_id), row.email);
  if (closed) return { found: false, reason: 'closed' };
  return {
    found: true,
    invitation: {
      id: Number(row.id),
      leadId: Number(row.lead_id),
      companyId: Number(row.company_id),
      companyName: row.company_name,
      companySlug: row.company_slug,
      firstName: row.first_name,
      email: row.email,
      emailKey: row.email_key,
      phone: row.phone,
      requestDate: sqlDay(row.lead_created_at),
      expiresAt: Number(row.expires_at),
    },
  };
}

/**
 * Whether the visitor asked for their data to be deleted — from this request's page, or from another request
 * of the same address (staff then delete every request the address made).
 */
export async function deletionAsked(db: Db, leadId: number, email: string): Promise<boolean> {
  const asked = await db('data_deletion_requests')
    .where('lead_id', leadId)
    .orWhere((q) =>
      q.where('status', 'open').whereRaw('LOWER(email) = ?', [email.trim().toLowerCase()]),
    )
    .first('id');
  return asked !== undefined;
}
