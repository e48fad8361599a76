/**
 * A lead's quality as its readers see it (issue 18): staff read everything found; a mover reads what
 * concerns the lead it holds, never another request's id.
 */
import type { Knex } from 'knex';
import {
  formatLongDay,
  isFictionalUsPhone,
  LEAD_QUALITY_FLAGS,
  type LeadQuality,
  type LeadQualityFlag,
} from '@moveratlas/contracts';
import { sqlTimestampToIso } from '../../../db/timestamps';
import { disposableDomainOf } from './disposable-email';
import { readStoredQuality } from './stored-quality';

type Db = Knex | Knex.Transaction;

export interface QualitySource {
  phone: string;
  email: string;
  quality: unknown;
  repeat_of_lead_id: number | string | null;
}

/** The columns leadQuality reads, from a lead's row (`leads.*` or the detail's named columns). */
export const qualitySource = (row: Record<string, unknown>): QualitySource => ({
  phone: String(row.phone),
  email: String(row.email),
  quality: row.quality,
  // A row read without the column must not read as a repeat.
  repeat_of_lead_id: (row.repeat_of_lead_id ?? null) as number | null,
});

/**
 * A lead's flags, in LEAD_QUALITY_FLAGS' order: what arrival stored, the link to the request it repeats, and
 * the sample phone range, read from the number itself so that the sample data, which never went through the
 * arrival checks, shows it too. The lists' badges and the lead's own page both read this: they never disagree.
 */
export function qualityFlags(
  lead: Pick<QualitySource, 'phone' | 'quality' | 'repeat_of_lead_id'>,
): LeadQualityFlag[] {
  const found = new Set<LeadQualityFlag>(readStoredQuality(lead.quality).flags);
  if (isFictionalUsPhone(lead.phone)) found.add('sample-phone');
  if (lead.repeat_of_lead_id !== null) found.add('repeat');
  return LEAD_QUALITY_FLAGS.filter((flag) => found.has(flag));
}

const listNames = (names: readonly string[]) =>
  names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

export async function leadQuality(
  db: Db,
  lead: QualitySource,
  reader: 'staff' | 'mover',
): Promise<LeadQuality> {
  const stored = readStoredQuality(lead.quality);
  const flags = qualityFlags(lead);
  const notes: string[] = [];
  if (flags.includes('sample-phone'))
    notes.push(
      'The phone number is in the 555-01xx range kept for fiction: this is sample data, not a real request.',
    );
  if (flags.includes('disposable-email')) {
    const domain = disposableDomainOf(lead.email) ?? 'a throwaway-mail service';
    notes.push(
      `The e-mail address is at ${domain}, a throwaway-mail service: it may stop working soon, so call first.`,
    );
  }
  let repeatOf: LeadQuality['repeatOf'] = null;
  // The flag, not the link: when the earlier request has since been deleted (a visitor's deletion request),
  // the link is cleared but this one was still a repeat when it arrived, and its badge says so.
  if (flags.includes('repeat')) {
    const earlier =
      lead.repeat_of_lead_id === null
        ? undefined
        : ((await db('leads')
            .where({ id: lead.repeat_of_lead_id })
            .first('public_id', 'created_at')) as
            { public_id: string; created_at: unknown } | undefined);
    const day = earlier
      ? formatLongDay(sqlTimestampToIso(earlier.created_at as string))
      : undefined;
    if (reader === 'staff') {
      if (earlier)
        repeatOf = {
          publicId: earlier.public_id,
          receivedAt: sqlTimestampToIso(earlier.created_at as string),
        };
      const skipped = await companyNames(db, stored.notSentAgainTo);
      notes.push(
        `Repeat request: the same phone number or e-mail address asked for quotes ${day ? `on ${day} (request ${earlier!.public_id})` : 'in the 30 days before, in a request since deleted'}.` +
          (skipped.length > 0
            ? ` Not sent again to ${listNames(skipped)}, which had the earlier request.`
            : ''),
      );
    } else {
      notes.push(
        `This person also asked other movers for quotes ${day ? `on ${day}` : 'in the last 30 days'}.`,
      );
    }
  }
  if (notes.length === 0)
    notes.push(
      'Nothing to note: a US phone number in use, a lasting e-mail address, and the first request from this person in 30 days.',
    );
  return { flags, notes, repeatOf };
}

async function companyNames(db: Db, ids: readonly number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = (await db('companies').whereIn('id', ids).orderBy('name').select('name')) as Array<{
    name: string;
  }>;
  return rows.map((r) => r.name);
}
