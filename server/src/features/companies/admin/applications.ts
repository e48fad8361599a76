/**
 * Applications from /list-your-company: listed for admins, approved (the admin checks and completes the
 * prefilled company form; the company and the decision commit together) or declined, with who and when.
 */
import type { Knex } from 'knex';
import type {
  AdminApplication,
  AdminApplicationListQuery,
  AdminApplicationPage,
  ApplicationStatus,
  CompanyInput,
} from '@moveratlas/contracts';
import { HttpError, notFound } from '../../../lib/http-error';
import { saveCompany } from './company-admin';
import { isoTimestamp } from './company-store';

interface ApplicationRow {
  id: number;
  public_id: string;
  company_name: string;
  contact_name: string;
  email: string;
  phone: string;
  website: string | null;
  usdot_number: string | null;
  mc_number: string | null;
  state: string;
  city: string;
  services: string;
  message: string | null;
  status: ApplicationStatus;
  created_at: string | Date;
  decided_by: string | null;
  decided_at: number | string | null;
  decision_note: string | null;
  company_id: number | null;
}

function serviceList(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}

function toApplication(row: ApplicationRow): AdminApplication {
  return {
    id: Number(row.id),
    publicId: row.public_id,
    companyName: row.company_name,
    contactName: row.contact_name,
    email: row.email,
    phone: row.phone,
    website: row.website,
    usdotNumber: row.usdot_number,
    mcNumber: row.mc_number,
    state: row.state,
    city: row.city,
    services: serviceList(row.services),
    message: row.message,
    status: row.status,
    createdAt: isoTimestamp(row.created_at),
    decidedBy: row.decided_by,
    decidedAt: row.decided_at === null ? null : new Date(Number(row.decided_at)).toISOString(),
    decisionNote: row.decision_note,
    companyId: row.company_id === null ? null : Number(row.company_id),
  };
}

const COLUMNS = [
  'id',
  'public_id',
  'company_name',
  'contact_name',
  'email',
  'phone',
  'website',
  'usdot_number',
  'mc_number',
  'state',
  'city',
  'services',
  'message',
  'status',
  'created_at',
  'decided_by',
  'decided_at',
  'decision_note',
  'company_id',
];

export async function listApplications(
  db: Knex,
  query: AdminApplicationListQuery,
): Promise<AdminApplicationPage> {
  const base = () => {
    const qb = db('company_applications');
    if (query.status !== 'all') qb.where('status', query.status);
    return qb;
  };
  const [rows, count, pending] = await Promise.all([
    base()
      .select(COLUMNS)
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(query.limit)
      .offset((query.page - 1) * query.limit) as Promise<ApplicationRow[]>,
    base().count({ n: '*' }).first() as Promise<{ n: number | string } | undefined>,
    db('company_applications').where('status', 'pending').count({ n: '*' }).first() as Promise<
      { n: number | string } | undefined
    >,
  ]);
  return {
    items: rows.map(toApplication),
    total: Number(count?.n ?? 0),
    page: query.page,
    limit: query.limit,
    pending: Number(pending?.n ?? 0),
  };
}

export async function findApplication(db: Knex, id: number): Promise<AdminApplication> {
  const row = (await db('company_applications').where('id', id).first(COLUMNS)) as
    ApplicationRow | undefined;
  if (!row) throw notFound(`No application with id ${id}`);
  return toApplication(row);
}

/** Locks in a decision on a pending application; 409 when someone decided it already. */
async function decide(
  trx: Knex.Transaction,
  id: number,
  decision: { status: 'approved' | 'declined'; by: string; note?: string; companyId?: number },
): Promise<void> {
  const updated = await trx('company_applications')
    .where({ id, status: 'pending' })
    .update({
      status: decision.status,
      decided_by: decision.by.slice(0, 64),
      decided_at: Date.now(),
      decision_note: decision.note ? decision.note.slice(0, 500) : null,
      company_id: decision.companyId ?? null,
      updated_at: trx.fn.now(),
    });
  if (updated === 1) return;
  const exists = (await trx('company_applications').where('id', id).first('status')) as
    { status: string } | undefined;
  if (!exists) throw notFound(`No application with id ${id}`);
  throw new HttpError(409, `This application was already ${exists.status}`);
}

/** Creates the company from the admin's (prefilled, checked) form and approves the application, together. */
export async function approveApplication(
  db: Knex,
  id: number,
  input: CompanyInput,
  by: string,
): Promise<{ id: number; slug: string }> {
  return db.transaction(async (trx) => {
    const pending = (await trx('company_applications').where('id', id).first('status')) as
      { status: string } | undefined;
    if (!pending) throw notFound(`No application with id ${id}`);
    if (pending.status !== 'pending')
      throw new HttpError(409, `This application was already ${pending.status}`);
    const company = await saveCompany(db, input, null, trx);
    await decide(trx, id, { status: 'approved', by, companyId: company.id });
    return company;
  });
}

export async function declineApplication(
  db: Knex,
  id: number,
  by: string,
  note: string | undefined,
): Promise<void> {
  await db.transaction((trx) => decide(trx, id, { status: 'declined', by, note }));
}
