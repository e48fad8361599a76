/**
 * Movers' returns of leads (issue 18): one per lead and mover, asked for with a reason, then accepted or
 * refused by staff with a reason the mover reads. An accepted return no longer counts against the mover's
 * lead limits (features/matching reads `lead_returns`).
 */
import type { Knex } from 'knex';
import {
  LEAD_RETURN_REASONS,
  LEAD_RETURN_STATUSES,
  type AdminLeadReturn,
  type AdminLeadReturnList,
  type LeadReturn,
  type LeadReturnDecision,
  type LeadReturnRequest,
} from '@moveratlas/contracts';
import { HttpError } from '../../../lib/http-error';
import { storedChoice } from '../../../lib/stored-json';
import { isoTime, isoTimeOrNull } from '../admin/lead-rows';
import { qualityFlags, qualitySource } from '../quality';

type Db = Knex | Knex.Transaction;

export const RETURN_PAGE_SIZE = 25;

const COLUMNS = [
  'r.id',
  'r.status',
  'r.reason',
  'r.note',
  'r.requested_at',
  'r.decided_at',
  'r.decided_by',
  'r.decision_note',
  'u.name as requested_by',
] as const;

const returns = (db: Db) =>
  db({ r: 'lead_returns' }).leftJoin({ u: 'mover_users' }, 'u.id', 'r.requested_by_user_id');

/** A return with its company and lead, as staff's queue and a decision read it. */
const returnsWithLeads = (db: Db) =>
  returns(db)
    .join({ c: 'companies' }, 'c.id', 'r.company_id')
    .join({ l: 'leads' }, 'l.id', 'r.lead_id');

const ADMIN_COLUMNS = [
  ...COLUMNS,
  'c.id as company_id',
  'c.name as company_name',
  'l.id as lead_id',
  'l.public_id',
  'l.first_name',
  'l.last_name',
  'l.created_at as lead_created_at',
  'l.quality',
  // What qualityFlags reads besides the stored flags: the same flags as the lead lists and pages.
  'l.phone',
  'l.repeat_of_lead_id',
] as const;

type ReturnRow = Record<string, unknown>;

const nullable = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));

function toLeadReturn(row: ReturnRow): LeadReturn {
  return {
    id: Number(row.id),
    status: storedChoice(LEAD_RETURN_STATUSES, row.status, 'requested'),
    reason: storedChoice(LEAD_RETURN_REASONS, row.reason, 'other'),
    note: nullable(row.note),
    requestedBy: nullable(row.requested_by),
    requestedAt: isoTime(row.requested_at),
    decidedAt: isoTimeOrNull(row.decided_at),
    decisionNote: nullable(row.decision_note),
  };
}

/** This company's return of the lead, if it asked for one. */
export async function companyLeadReturn(db: Db, companyLeadId: number): Promise<LeadReturn | null> {
  const row = (await returns(db)
    .where('r.company_lead_id', companyLeadId)
    .first(...COLUMNS)) as ReturnRow | undefined;
  return row ? toLeadReturn(row) : null;
}

/** Every mover's return of one lead, for staff's lead page. */
export async function leadReturnsOf(
  db: Db,
  leadId: number,
): Promise<Array<LeadReturn & { companyName: string }>> {
  const rows = (await returns(db)
    .join({ c: 'companies' }, 'c.id', 'r.company_id')
    .where('r.lead_id', leadId)
    .orderBy('r.id')
    .select(...COLUMNS, 'c.name as company_name')) as ReturnRow[];
  return rows.map((row) => ({ ...toLeadReturn(row), companyName: String(row.company_name) }));
}

/** A mover asks to return a lead it holds: once; a second ask is refused with what happened to the first. */
export async function requestLeadReturn(
  trx: Knex.Transaction,
  held: { companyLeadId: number; leadId: number; companyId: number; userId: number },
  request: LeadReturnRequest,
): Promise<LeadReturn> {
  const earlier = await companyLeadReturn(trx, held.companyLeadId);
  if (earlier)
    throw new HttpError(
      409,
      earlier.status === 'requested'
        ? 'You have already asked to return this lead: our staff will answer soon.'
        : `You asked to return this lead before, and it was ${earlier.status}.`,
    );
  await trx('lead_returns').insert({
    company_lead_id: held.companyLeadId,
    lead_id: held.leadId,
    company_id: held.companyId,
    status: 'requested',
    reason: request.reason,
    note: request.note.trim() || null,
    requested_by_user_id: held.userId,
    requested_at: Date.now(),
  });
  return (await companyLeadReturn(trx, held.companyLeadId))!;
}

/** The returns waiting for staff's decision (requested): the queue's and the sidebar's count. */
export async function countWaitingLeadReturns(db: Db): Promise<number> {
  const [row] = (await db('lead_returns')
    .where({ status: 'requested' })
    .count({ n: '*' })) as Array<{ n: number | string }>;
  return Number(row?.n ?? 0);
}

/** Staff's queue: waiting returns oldest first; decided ones newest first. */
export async function listLeadReturns(
  db: Db,
  filter: 'requested' | 'decided' | 'all',
  page: number,
): Promise<AdminLeadReturnList> {
  const base = () => {
    const q = returnsWithLeads(db);
    if (filter === 'requested') q.where('r.status', 'requested');
    if (filter === 'decided') q.whereNot('r.status', 'requested');
    return q;
  };
  const [counted] = (await base().count({ n: '*' })) as Array<{ n: number | string }>;
  const waiting = await countWaitingLeadReturns(db);
  const rows = (await base()
    .orderBy('r.requested_at', filter === 'requested' ? 'asc' : 'desc')
    .orderBy('r.id', filter === 'requested' ? 'asc' : 'desc')
    .limit(RETURN_PAGE_SIZE)
    .offset((page - 1) * RETURN_PAGE_SIZE)
    .select(...ADMIN_COLUMNS)) as ReturnRow[];
  return {
    returns: rows.map((row) => toAdminLeadReturn(row)),
    total: Number(counted?.n ?? 0),
    waiting,
  };
}

function toAdminLeadReturn(row: ReturnRow): AdminLeadReturn {
  return {
    ...toLeadReturn(row),
    decidedBy: nullable(row.decided_by),
    lead: {
      id: Number(row.lead_id),
      publicId: String(row.public_id),
      name: `${String(row.first_name)} ${String(row.last_name)}`.trim(),
      receivedAt: isoTime(row.lead_created_at),
      qualityFlags: qualityFlags(qualitySource(row)),
    },
    company: { id: Number(row.company_id), name: String(row.company_name) },
  };
}

export interface DecidedReturn {
  before: AdminLeadReturn;
  after: LeadReturn;
  requester: { name: string; email: string } | null;
}

/** Staff accept or refuse a waiting return; a return already decided answers 409. */
export async function decideLeadReturn(
  trx: Knex.Transaction,
  id: number,
  decision: LeadReturnDecision,
  by: string,
): Promise<DecidedReturn | undefined> {
  const row = (await returnsWithLeads(trx)
    .where('r.id', id)
    .first(...ADMIN_COLUMNS, 'r.company_lead_id', 'u.email as requester_email')) as
    ReturnRow | undefined;
  if (!row) return undefined;
  const before = toAdminLeadReturn(row);
  if (before.status !== 'requested')
    throw new HttpError(409, `This return was already ${before.status}.`);
  const status = decision.decision === 'accept' ? 'accepted' : 'refused';
  const changed = await trx('lead_returns')
    .where({ id, status: 'requested' })
    .update({
      status,
      decided_by: by.slice(0, 64),
      decided_at: Date.now(),
      decision_note: decision.note.trim(),
    });
  if (changed === 0) throw new HttpError(409, 'This return was decided a moment ago.');
  return {
    before,
    after: (await companyLeadReturn(trx, Number(row.company_lead_id)))!,
    requester:
      row.requester_email && row.requested_by
        ? { name: String(row.requested_by), email: String(row.requester_email) }
        : null,
  };
}
