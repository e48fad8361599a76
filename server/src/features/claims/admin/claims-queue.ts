/**
 * The admin's claims queue: claims with evidence, pending first, each with the listing it is about (and the
 * listing's own USDOT number beside the claimant's). Approving makes (or finds) the mover's account, makes it
 * an owner of the company and e-mails the way in; declining e-mails the reason. Each decision is locked in
 * with a guarded update (409 when someone decided first) and commits with its e-mail and its audit entry.
 */
import type { Knex } from 'knex';
import {
  CLAIM_DOCUMENT_TYPES,
  CLAIM_ROLES,
  type AdminClaim,
  type AdminClaimListQuery,
  type AdminClaimPage,
  type ClaimDocumentType,
  type ClaimRole,
  type ClaimStatus,
} from '@moveratlas/contracts';
import { HttpError, notFound } from '../../../lib/http-error';

interface ClaimRow {
  id: number | string;
  status: ClaimStatus;
  company_id: number | string;
  company_slug: string;
  company_name: string;
  company_usdot: string | null;
  city: string;
  state: string;
  name: string;
  email: string;
  phone: string;
  role: string;
  usdot_number: string;
  message: string;
  document_name: string;
  document_type: string;
  document_bytes: number | string;
  created_at: number | string;
  decided_by: string | null;
  decided_at: number | string | null;
  decline_reason: string | null;
  owners: number | string;
}

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();
const roleOf = (role: string): ClaimRole =>
  CLAIM_ROLES.some((r) => r.id === role) ? (role as ClaimRole) : 'other';
const typeOf = (type: string): ClaimDocumentType =>
  (CLAIM_DOCUMENT_TYPES as readonly string[]).includes(type)
    ? (type as ClaimDocumentType)
    : 'application/pdf';

function claimOf(row: ClaimRow): AdminClaim {
  return {
    id: Number(row.id),
    status: row.status,
    company: {
      id: Number(row.company_id),
      slug: row.company_slug,
      name: row.company_name,
      city: row.city,
      state: row.state,
      claimed: Number(row.owners) > 0,
    },
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: roleOf(row.role),
    usdotNumber: row.usdot_number,
    listingUsdotNumber: row.company_usdot,
    message: row.message,
    document: {
      name: row.document_name,
      type: typeOf(row.document_type),
      bytes: Number(row.document_bytes),
    },
    createdAt: iso(row.created_at),
    decidedBy: row.decided_by,
    decidedAt: row.decided_at === null ? null : iso(row.decided_at),
    declineReason: row.decline_reason,
  };
}

/** Every column but the document's bytes. */
const claimQuery = (db: Knex | Knex.Transaction) =>
  db('company_claims as cl')
    .join('companies as c', 'c.id', 'cl.company_id')
    .join('cities as ci', 'ci.id', 'c.city_id')
    .join('states as s', 's.id', 'c.state_id')
    .select(
      'cl.id',
      'cl.status',
      'cl.company_id',
      'c.slug as company_slug',
      'c.name as company_name',
      'c.usdot_number as company_usdot',
      'ci.name as city',
      's.abbreviation as state',
      'cl.name',
      'cl.email',
      'cl.phone',
      'cl.role',
      'cl.usdot_number',
      'cl.message',
      'cl.document_name',
      'cl.document_type',
      'cl.document_bytes',
      'cl.created_at',
      'cl.decided_by',
      'cl.decided_at',
      'cl.decline_reason',
      db('company_users as cu')
        .count('*')
        .whereRaw('cu.company_id = cl.company_id')
        .andWhere('cu.role', 'owner')
        .as('owners'),
    );

/** The claims waiting for staff's decision (pending), of one company or of all: the queue's and the sidebar's count. */
export async function countWaitingClaims(db: Knex, companyId?: number): Promise<number> {
  const row = (await db('company_claims')
    .where('status', 'pending')
    .modify((qb) => {
      if (companyId !== undefined) qb.where('company_id', companyId);
    })
    .count({ n: '*' })
    .first()) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

export async function listClaims(db: Knex, query: AdminClaimListQuery): Promise<AdminClaimPage> {
  const filtered = <Q extends Knex.QueryBuilder>(qb: Q): Q => {
    if (query.status !== 'all') qb.where('cl.status', query.status);
    if (query.companyId !== undefined) qb.where('cl.company_id', query.companyId);
    return qb;
  };
  const [rows, count, pending] = await Promise.all([
    filtered(claimQuery(db))
      .orderBy([
        { column: 'cl.created_at', order: query.status === 'pending' ? 'asc' : 'desc' },
        { column: 'cl.id', order: query.status === 'pending' ? 'asc' : 'desc' },
      ])
      .limit(query.limit)
      .offset((query.page - 1) * query.limit) as Promise<ClaimRow[]>,
    filtered(db('company_claims as cl')).count({ n: '*' }).first() as Promise<
      { n: number | string } | undefined
    >,
    countWaitingClaims(db, query.companyId),
  ]);
  return {
    items: rows.map(claimOf),
    total: Number(count?.n ?? 0),
    page: query.page,
    limit: query.limit,
    pending,
  };
}

export async function findClaim(db: Knex | Knex.Transaction, id: number): Promise<AdminClaim> {
  const row = (await claimQuery(db).where('cl.id', id).first()) as ClaimRow | undefined;
  if (!row) throw notFound(`There is no claim ${id}`);
  return claimOf(row);
}

export async function claimDocument(
  db: Knex,
  id: number,
): Promise<{ name: string; type: ClaimDocumentType; bytes: Buffer }> {
  const row = (await db('company_claims')
    .where({ id })
    .first('document_name', 'document_type', 'document')) as
    { document_name: string; document_type: string; document: Buffer | Uint8Array } | undefined;
  if (!row) throw notFound(`There is no claim ${id}`);
  return {
    name: row.document_name,
    type: typeOf(row.document_type),
    bytes: Buffer.from(row.document),
  };
}

/** Locks in a decision on a pending claim; 409 when it was decided already. */
export async function decideClaim(
  trx: Knex.Transaction,
  id: number,
  decision: {
    status: 'approved' | 'declined';
    by: string;
    reason?: string;
    moverUserId?: number;
    now: number;
  },
): Promise<void> {
  const updated = await trx('company_claims')
    .where({ id, status: 'pending' })
    .update({
      status: decision.status,
      decided_by: decision.by.slice(0, 64),
      decided_at: decision.now,
      decline_reason: decision.reason ?? null,
      mover_user_id: decision.moverUserId ?? null,
    });
  if (updated === 1) return;
  const exists = (await trx('company_claims').where({ id }).first('status')) as
    { status: string } | undefined;
  if (!exists) throw notFound(`There is no claim ${id}`);
  throw new HttpError(409, `This claim was ${exists.status} already`);
}
