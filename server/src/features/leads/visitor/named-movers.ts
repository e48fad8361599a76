/**
 * The movers a request went to, as the visitor sees them: every company its consent named that is in the
 * directory (company_leads, or not sent again as a repeat), with the details that let a visitor recognise a real call — and how far the
 * request got with each.
 */
import type { Knex } from 'knex';
import { companyProfilePath, type MoverContactState } from '@moveratlas/contracts';
import { readStoredQuality } from '../quality';

type Db = Knex | Knex.Transaction;

export interface NamedMover {
  companyId: number;
  name: string;
  slug: string;
  phone: string | null;
  usdotNumber: string | null;
  mcNumber: string | null;
  profilePath: string;
  state: MoverContactState;
  withdrawnAt: number | null;
}

/** A company the request went to, with its inbox row's progress. */
const MOVER_COLUMNS = [
  'c.id',
  'c.name',
  'c.slug',
  'c.phone',
  'c.usdot_number',
  'c.mc_number',
  'cl.opened_at',
  'cl.consent_withdrawn_at',
] as const;
interface MoverRow {
  id: number;
  name: string;
  slug: string;
  phone: string | null;
  usdot_number: string | null;
  mc_number: string | null;
  opened_at: number | string | null;
  consent_withdrawn_at: number | string | null;
}
const inboxRows = (db: Db) =>
  db('company_leads as cl').join('companies as c', 'c.id', 'cl.company_id');

export async function namedMovers(db: Db, leadId: number): Promise<NamedMover[]> {
  const rows = (await inboxRows(db)
    .where('cl.lead_id', leadId)
    .orderBy('cl.id')
    .select(...MOVER_COLUMNS)) as MoverRow[];
  const delivered = new Set(
    (
      (await db('lead_deliveries')
        .where({ lead_id: leadId, status: 'delivered' })
        .distinct('company_id')) as Array<{ company_id: number }>
    ).map((r) => Number(r.company_id)),
  );
  // A repeat request was not sent again to movers that have the earlier one (issue 18): they are named
  // all the same, with that request's withdrawal.
  const lead = (await db('leads').where({ id: leadId }).first('quality')) as
    { quality: unknown } | undefined;
  const earlier = new Set<number>();
  for (const companyId of readStoredQuality(lead?.quality).notSentAgainTo) {
    const heldId = await leadHeldBy(db, leadId, companyId);
    if (heldId === undefined) continue;
    const held = (await inboxRows(db)
      .where({ 'cl.lead_id': heldId, 'cl.company_id': companyId })
      .first(...MOVER_COLUMNS)) as MoverRow | undefined;
    if (!held) continue;
    earlier.add(companyId);
    rows.push(held);
  }
  return rows.map((row) => {
    const companyId = Number(row.id);
    const state: MoverContactState =
      row.consent_withdrawn_at !== null
        ? 'withdrawn'
        : earlier.has(companyId)
          ? 'earlier'
          : row.opened_at !== null
            ? 'opened'
            : delivered.has(companyId)
              ? 'sent'
              : 'waiting';
    return {
      companyId,
      name: row.name,
      slug: row.slug,
      phone: row.phone,
      usdotNumber: row.usdot_number,
      mcNumber: row.mc_number,
      profilePath: companyProfilePath(row.slug),
      state,
      withdrawnAt: row.consent_withdrawn_at === null ? null : Number(row.consent_withdrawn_at),
    };
  });
}

/**
 * The request of this visitor that reached `companyId`: this one, or — when this one was not sent again as a
 * repeat — the latest earlier request of the same phone or address that it has. Undefined when none did.
 */
export async function leadHeldBy(
  db: Db,
  leadId: number,
  companyId: number,
): Promise<number | undefined> {
  const lead = (await db('leads').where({ id: leadId }).first('phone', 'email_key', 'quality')) as
    { phone: string; email_key: string | null; quality: unknown } | undefined;
  if (!lead) return undefined;
  const own = await db('company_leads')
    .where({ lead_id: leadId, company_id: companyId })
    .first('id');
  if (own) return leadId;
  if (!readStoredQuality(lead.quality).notSentAgainTo.includes(companyId)) return undefined;
  const held = (await db('company_leads as cl')
    .join('leads as l', 'l.id', 'cl.lead_id')
    .where('cl.company_id', companyId)
    .where('l.id', '<', leadId)
    .where((q) => {
      q.where('l.phone', lead.phone);
      if (lead.email_key) q.orWhere('l.email_key', lead.email_key);
    })
    .orderBy('l.id', 'desc')
    .first('l.id')) as { id: number } | undefined;
  return held ? Number(held.id) : undefined;
}
