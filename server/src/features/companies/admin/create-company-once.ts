/**
 * "Create company" exactly once per form (docs/decisions/028): the form sends an Idempotency-Key made when
 * it opened, and the key is inserted in the same transaction as the company. Of two requests with one key —
 * a double click, a retry, two server processes at once — the first insert wins; the other waits on the
 * primary key until the first commits, then fails as a duplicate and answers what the first created. No
 * read comes before the write, so there is no window for both to create.
 */
import type { Knex } from 'knex';
import {
  IDEMPOTENCY_KEY_HOURS,
  type CompanyCreated,
  type CompanyInput,
} from '@moveratlas/contracts';
import { isUniqueViolation } from '../../../db/dialect';
import { HttpError } from '../../../lib/http-error';
import { saveCompany } from './company-admin';
import { timestampNow } from './company-store';

/** The key was already there: another request with it committed (or is the one that did). */
class KeyUsed extends Error {}

export interface CreatedOnce {
  created: CompanyCreated;
  /** True when an earlier request with the key created it, and this one created nothing. */
  replayed: boolean;
}

export async function createCompanyOnce(
  db: Knex,
  input: CompanyInput,
  key: string,
  createdBy: string,
  /** Runs in the creating transaction (the audit entry), so the company never lands without it. */
  onCreated?: (trx: Knex.Transaction, company: CompanyCreated) => Promise<void>,
  now = Date.now(),
): Promise<CreatedOnce> {
  // Keys are kept a day: older ones go at each create (one indexed delete).
  await db('company_create_requests')
    .where('created_at', '<', timestampNow(now - IDEMPOTENCY_KEY_HOURS * 3_600_000))
    .delete();
  try {
    const created = await db.transaction(async (trx) => {
      try {
        await trx('company_create_requests').insert({
          idempotency_key: key,
          created_by: createdBy.slice(0, 64),
          created_at: timestampNow(now),
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new KeyUsed();
        throw error;
      }
      const company = await saveCompany(db, input, null, trx);
      await trx('company_create_requests')
        .where('idempotency_key', key)
        .update({ company_id: company.id });
      if (onCreated) await onCreated(trx, company);
      return company;
    });
    return { created, replayed: false };
  } catch (error) {
    if (!(error instanceof KeyUsed)) throw error;
  }
  const first = (await db({ r: 'company_create_requests' })
    .leftJoin({ c: 'companies' }, 'c.id', 'r.company_id')
    .where('r.idempotency_key', key)
    .first('c.id', 'c.slug')) as { id: number | null; slug: string | null } | undefined;
  if (!first || first.id === null || first.slug === null)
    throw new HttpError(
      409,
      'This form already created a company, which has been deleted since. Open a new form to add it again.',
    );
  return { created: { id: Number(first.id), slug: first.slug }, replayed: true };
}
