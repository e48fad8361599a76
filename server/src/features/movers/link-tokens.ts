/**
 * Single-use links sent by e-mail (a password reset, an invitation to a company's team): a 256-bit secret in
 * the link, its SHA-256 in mover_tokens. Using one is a single UPDATE that succeeds only while it is unused
 * and unexpired, so two clicks at once cannot both use it.
 */
import type { Knex } from 'knex';
import { hashSessionId, newSessionToken } from '../auth';
import type { CompanyUserRole } from '@moveratlas/contracts';

type Db = Knex | Knex.Transaction;

export type LinkPurpose = 'password-reset' | 'invitation';

export const RESET_LINK_MINUTES = 30;

export interface LinkTokenRow {
  id: number;
  purpose: LinkPurpose;
  user_id: number | null;
  company_id: number | null;
  email: string;
  role: CompanyUserRole | null;
  created_by_user_id: number | null;
}

export async function createLinkToken(
  db: Db,
  link: {
    purpose: LinkPurpose;
    email: string;
    userId?: number | null;
    companyId?: number | null;
    role?: CompanyUserRole | null;
    createdByUserId?: number | null;
    validMs: number;
  },
  now = Date.now(),
): Promise<string> {
  const token = newSessionToken();
  await db('mover_tokens').insert({
    token_hash: hashSessionId(token),
    purpose: link.purpose,
    user_id: link.userId ?? null,
    company_id: link.companyId ?? null,
    email: link.email,
    role: link.role ?? null,
    created_by_user_id: link.createdByUserId ?? null,
    created_at: now,
    expires_at: now + link.validMs,
  });
  return token;
}

/** The live link `token` names, without using it (an invitation's page shows whose it is). */
export async function peekLinkToken(
  db: Db,
  token: string,
  purpose: LinkPurpose,
  now = Date.now(),
): Promise<LinkTokenRow | undefined> {
  const row = (await db('mover_tokens')
    .where({ token_hash: hashSessionId(token), purpose })
    .whereNull('used_at')
    .andWhere('expires_at', '>', now)
    .first('id', 'purpose', 'user_id', 'company_id', 'email', 'role', 'created_by_user_id')) as
    LinkTokenRow | undefined;
  return row && { ...row, id: Number(row.id), user_id: row.user_id && Number(row.user_id) };
}

/** Uses the link: its row when it was live (and is now used), undefined when used, expired or unknown. */
export async function useLinkToken(
  db: Db,
  token: string,
  purpose: LinkPurpose,
  now = Date.now(),
): Promise<LinkTokenRow | undefined> {
  const row = await peekLinkToken(db, token, purpose, now);
  if (!row) return undefined;
  const used = await db('mover_tokens')
    .where({ id: row.id })
    .whereNull('used_at')
    .update({ used_at: now });
  return used === 1 ? row : undefined;
}
