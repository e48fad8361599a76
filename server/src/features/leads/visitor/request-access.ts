/** The lead a "my request" link opens, or the page's refusal in words: unknown, expired, or deleted. */
import type { Knex } from 'knex';
import { HttpError } from '../../../lib/http-error';
import { findRequestLink } from './request-links';

export const LINK_UNKNOWN =
  'This link does not open a request: check that you used the whole link from our e-mail.';
export const LINK_EXPIRED =
  'This link has expired. Your request is kept as it was; for help, write to us through the contact page.';

export async function requestByLink(
  db: Knex | Knex.Transaction,
  token: string,
): Promise<{ leadId: number; expiresAt: number }> {
  const link = await findRequestLink(db, token);
  if (!link.found)
    throw new HttpError(link.expired ? 410 : 404, link.expired ? LINK_EXPIRED : LINK_UNKNOWN);
  return link;
}
