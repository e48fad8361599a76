/**
 * Changes to a company's name, USDOT or MC number that a mover asked for (issue 17): not applied, but kept
 * for staff, who approve them (the company changes then, through the admin's own save, so the search words,
 * the USDOT number's uniqueness and the version are kept as for any edit) or decline them with a reason the
 * mover reads. One pending request per company: a later change adds to it.
 */
import type { Knex } from 'knex';
import {
  CompanyInputSchema,
  type AdminChangeRequest,
  type AdminChangeRequestListQuery,
  type AdminChangeRequestPage,
  type ChangeRequestFields,
  type ChangeRequestStatus,
  type ProChangeRequest,
} from '@moveratlas/contracts';
import { HttpError, notFound } from '../../../lib/http-error';
import { companyDetail, saveCompany } from '../admin/company-admin';

interface RequestRow {
  id: number | string;
  company_id: number | string;
  status: ChangeRequestStatus;
  changes_json: string;
  before_json: string;
  requested_by: string;
  created_at: number | string;
  decided_by: string | null;
  decided_at: number | string | null;
  decision_note: string | null;
}

const COLUMNS = [
  'r.id',
  'r.company_id',
  'r.status',
  'r.changes_json',
  'r.before_json',
  'r.requested_by',
  'r.created_at',
  'r.decided_by',
  'r.decided_at',
  'r.decision_note',
];

function fields(json: string): ChangeRequestFields {
  try {
    const parsed = JSON.parse(json) as Record<string, unknown>;
    const out: ChangeRequestFields = {};
    if (typeof parsed.name === 'string') out.name = parsed.name;
    for (const key of ['usdot_number', 'mc_number'] as const)
      if (key in parsed)
        out[key] = typeof parsed[key] === 'string' ? (parsed[key] as string) : null;
    return out;
  } catch {
    return {};
  }
}

const iso = (ms: number | string | null) =>
  ms === null ? null : new Date(Number(ms)).toISOString();

function toRequest(row: RequestRow): ProChangeRequest {
  return {
    id: Number(row.id),
    status: row.status,
    changes: fields(row.changes_json),
    before: fields(row.before_json),
    requestedBy: row.requested_by,
    createdAt: iso(row.created_at)!,
    decidedAt: iso(row.decided_at),
    decisionNote: row.decision_note,
  };
}

/** The company's pending request and its last decided one. */
export async function companyChangeRequests(
  db: Knex | Knex.Transaction,
  companyId: number,
): Promise<{ pending: ProChangeRequest | null; lastDecided: ProChangeRequest | null }> {
  const [pending, decided] = (await Promise.all([
    db({ r: 'company_change_requests' })
      .where({ 'r.company_id': companyId, 'r.status': 'pending' })
      .orderBy('r.id', 'desc')
      .first(COLUMNS),
    db({ r: 'company_change_requests' })
      .where('r.company_id', companyId)
      .whereNot('r.status', 'pending')
      .orderBy('r.id', 'desc')
      .first(COLUMNS),
  ])) as Array<RequestRow | undefined>;
  return {
    pending: pending ? toRequest(pending) : null,
    lastDecided: decided ? toRequest(decided) : null,
  };
}

/**
 * Records the reviewed fields a mover asked to change (only those that differ from the listing): adds them
 * to the company's pending request, or opens one. Answers the request as it is now, with what it was before
 * (null when it is new), or null when nothing differs.
 */
export async function requestChange(
  trx: Knex.Transaction,
  companyId: number,
  current: Required<ChangeRequestFields>,
  asked: ChangeRequestFields,
  by: { moverId: number | null; name: string },
): Promise<{ request: ProChangeRequest; previous: ChangeRequestFields | null } | null> {
  const wanted: ChangeRequestFields = {};
  for (const key of ['name', 'usdot_number', 'mc_number'] as const) {
    const value = asked[key];
    if (value === undefined || value === current[key]) continue;
    if (key === 'name') wanted.name = value as string;
    else wanted[key] = value;
  }
  const existing = (await trx({ r: 'company_change_requests' })
    .where({ 'r.company_id': companyId, 'r.status': 'pending' })
    .forUpdate()
    .first(COLUMNS)) as RequestRow | undefined;
  const now = Date.now();
  if (existing) {
    const previous = fields(existing.changes_json);
    const merged: ChangeRequestFields = { ...previous };
    // Asking for the listing's value again withdraws that part of the request.
    for (const key of ['name', 'usdot_number', 'mc_number'] as const)
      if (asked[key] !== undefined && asked[key] === current[key]) delete merged[key];
    Object.assign(merged, wanted);
    if (JSON.stringify(merged) === JSON.stringify(previous)) return null;
    if (Object.keys(merged).length === 0) {
      await trx('company_change_requests').where('id', existing.id).delete();
      return {
        request: { ...toRequest(existing), changes: {} },
        previous,
      };
    }
    await trx('company_change_requests')
      .where('id', existing.id)
      .update({
        changes_json: JSON.stringify(merged),
        requested_by: by.name.slice(0, 254),
        requested_by_mover_id: by.moverId,
        updated_at: now,
      });
    return {
      request: { ...toRequest(existing), changes: merged, requestedBy: by.name },
      previous,
    };
  }
  if (Object.keys(wanted).length === 0) return null;
  const [id] = (await trx('company_change_requests').insert({
    company_id: companyId,
    status: 'pending',
    changes_json: JSON.stringify(wanted),
    before_json: JSON.stringify(current),
    requested_by_mover_id: by.moverId,
    requested_by: by.name.slice(0, 254),
    created_at: now,
    updated_at: now,
  })) as number[];
  return {
    request: {
      id: Number(id),
      status: 'pending',
      changes: wanted,
      before: current,
      requestedBy: by.name,
      createdAt: new Date(now).toISOString(),
      decidedAt: null,
      decisionNote: null,
    },
    previous: null,
  };
}

interface AdminRow extends RequestRow {
  company_name: string;
  company_slug: string;
}

function toAdminRequest(row: AdminRow): AdminChangeRequest {
  return {
    ...toRequest(row),
    companyId: Number(row.company_id),
    companyName: row.company_name,
    companySlug: row.company_slug,
    decidedBy: row.decided_by,
  };
}

const adminColumns = [...COLUMNS, 'c.name as company_name', 'c.slug as company_slug'];

/** Staff's queue: newest first, by status and (on a company's page) by company. */
export async function listChangeRequests(
  db: Knex,
  query: AdminChangeRequestListQuery,
): Promise<AdminChangeRequestPage> {
  const base = () => {
    const qb = db({ r: 'company_change_requests' }).join(
      { c: 'companies' },
      'c.id',
      'r.company_id',
    );
    if (query.status !== 'all') qb.where('r.status', query.status);
    if (query.companyId !== undefined) qb.where('r.company_id', query.companyId);
    return qb;
  };
  const [rows, count, pending] = await Promise.all([
    base()
      .select(adminColumns)
      .orderBy('r.id', 'desc')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit) as Promise<AdminRow[]>,
    base().count({ n: '*' }).first() as Promise<{ n: number | string } | undefined>,
    db('company_change_requests').where('status', 'pending').count({ n: '*' }).first() as Promise<
      { n: number | string } | undefined
    >,
  ]);
  return {
    items: rows.map(toAdminRequest),
    total: Number(count?.n ?? 0),
    page: query.page,
    limit: query.limit,
    pending: Number(pending?.n ?? 0),
  };
}

export async function findChangeRequest(
  db: Knex | Knex.Transaction,
  id: number,
): Promise<AdminChangeRequest> {
  const row = (await db({ r: 'company_change_requests' })
    .join({ c: 'companies' }, 'c.id', 'r.company_id')
    .where('r.id', id)
    .first(adminColumns)) as AdminRow | undefined;
  if (!row) throw notFound(`No change request with id ${id}`);
  return toAdminRequest(row);
}

/** Locks a pending request for a decision; 404 unknown, 409 decided already. */
async function pendingRequest(trx: Knex.Transaction, id: number): Promise<AdminChangeRequest> {
  await trx('company_change_requests').where('id', id).forUpdate().first('id');
  const request = await findChangeRequest(trx, id);
  if (request.status !== 'pending')
    throw new HttpError(409, `This change request was already ${request.status}`);
  return request;
}

/**
 * Applies a pending request to its company through the admin's save (a USDOT number another company holds
 * is refused with 409 and nothing changes) and marks it approved. Answers the request and the company's
 * reviewed fields before and after.
 */
export async function approveChangeRequest(
  trx: Knex.Transaction,
  id: number,
  by: string,
): Promise<{
  request: AdminChangeRequest;
  before: ChangeRequestFields;
  after: ChangeRequestFields;
}> {
  const request = await pendingRequest(trx, id);
  const { values } = await companyDetail(trx, request.companyId);
  const before = {
    name: values.name,
    usdot_number: values.usdot_number,
    mc_number: values.mc_number,
  };
  const input = CompanyInputSchema.safeParse({ ...values, ...request.changes });
  if (!input.success)
    throw new HttpError(
      400,
      `The change cannot be applied: ${input.error.issues[0]?.message ?? 'a value is not valid'}`,
    );
  await saveCompany(trx, input.data, request.companyId, trx);
  const now = Date.now();
  await trx('company_change_requests')
    .where('id', id)
    .update({ status: 'approved', decided_by: by.slice(0, 64), decided_at: now, updated_at: now });
  const saved = (await companyDetail(trx, request.companyId)).values;
  return {
    request: await findChangeRequest(trx, id),
    before,
    after: { name: saved.name, usdot_number: saved.usdot_number, mc_number: saved.mc_number },
  };
}

/** Declines a pending request with the reason the mover reads; the company stays as it is. */
export async function declineChangeRequest(
  trx: Knex.Transaction,
  id: number,
  by: string,
  reason: string,
): Promise<AdminChangeRequest> {
  await pendingRequest(trx, id);
  const now = Date.now();
  await trx('company_change_requests')
    .where('id', id)
    .update({
      status: 'declined',
      decided_by: by.slice(0, 64),
      decided_at: now,
      decision_note: reason.slice(0, 500),
      updated_at: now,
    });
  return findChangeRequest(trx, id);
}
