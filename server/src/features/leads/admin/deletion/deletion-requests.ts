/**
 * The visitors' deletion requests (issue 18), as staff work them: the list, and fulfilling one — deleting every
 * request the address made (the rows that hang from a lead go with it: consent, inbox rows, deliveries, links,
 * review invitations — so a review keeps no way back to its writer, and loses what it held as typed),
 * their analytics copies and widget sessions, the address on their reports of reviews, and the e-mails that
 * carried the person's details (to them, and to the movers). The request stays as the record of what was done,
 * its address masked.
 */
import type { Knex } from 'knex';
import {
  DELETION_REQUEST_PAGE_SIZE,
  DELETION_REQUEST_STATUSES,
  type AdminDeletionRequest,
  type AdminDeletionRequestList,
  type DeletionRequestStatus,
} from '@moveratlas/contracts';

interface RequestRow {
  id: number | string;
  lead_id: number | string | null;
  email: string;
  status: string;
  requested_at: number | string;
  handled_at: number | string | null;
  handled_by: string | null;
  leads_deleted: number | string | null;
  mails_deleted: number | string | null;
  public_id?: string | null;
}

const iso = (ms: number | string | null) =>
  ms === null ? null : new Date(Number(ms)).toISOString();
const num = (v: number | string | null) => (v === null ? null : Number(v));

/** a•••@example.com: enough for staff to recognise a request, not enough to contact anyone. */
export const maskEmail = (email: string): string => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
};

const leadsOf = (db: Knex | Knex.Transaction, email: string) =>
  db('leads').whereRaw('LOWER(email) = ?', [email.trim().toLowerCase()]);

async function toRequest(db: Knex, row: RequestRow): Promise<AdminDeletionRequest> {
  const status: DeletionRequestStatus = (DELETION_REQUEST_STATUSES as readonly string[]).includes(
    row.status,
  )
    ? (row.status as DeletionRequestStatus)
    : 'open';
  const found =
    status === 'open'
      ? ((await leadsOf(db, row.email).count({ n: '*' }).first()) as { n: number | string })
      : { n: 0 };
  return {
    id: Number(row.id),
    email: row.email,
    status,
    requestedAt: iso(row.requested_at)!,
    leadId: num(row.lead_id),
    leadPublicId: row.public_id ?? null,
    leadsFound: Number(found.n),
    handledAt: iso(row.handled_at),
    handledBy: row.handled_by,
    leadsDeleted: num(row.leads_deleted),
    mailsDeleted: num(row.mails_deleted),
  };
}

const COLUMNS = [
  'r.id',
  'r.lead_id',
  'r.email',
  'r.status',
  'r.requested_at',
  'r.handled_at',
  'r.handled_by',
  'r.leads_deleted',
  'r.mails_deleted',
  'l.public_id',
];

const requestsIn = (db: Knex, status: DeletionRequestStatus) =>
  db('data_deletion_requests as r').where('r.status', status);

/** The requests waiting for staff (open, the queue's first tab): the sidebar's count. */
export async function countWaitingDeletionRequests(db: Knex): Promise<number> {
  const row = (await requestsIn(db, 'open').count({ n: '*' }).first()) as
    { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

export async function listDeletionRequests(
  db: Knex,
  status: DeletionRequestStatus,
  page: number,
): Promise<AdminDeletionRequestList> {
  const filtered = () => requestsIn(db, status);
  const [counted, rows] = await Promise.all([
    filtered().count({ n: '*' }).first() as Promise<{ n: number | string }>,
    filtered()
      .leftJoin('leads as l', 'l.id', 'r.lead_id')
      // Open ones oldest first (the queue's order); done ones newest first (the record).
      .orderBy('r.id', status === 'open' ? 'asc' : 'desc')
      .limit(DELETION_REQUEST_PAGE_SIZE)
      .offset((page - 1) * DELETION_REQUEST_PAGE_SIZE)
      .select(COLUMNS) as Promise<RequestRow[]>,
  ]);
  return {
    requests: await Promise.all(rows.map((row) => toRequest(db, row))),
    total: Number(counted.n),
    page,
    pageSize: DELETION_REQUEST_PAGE_SIZE,
  };
}

export async function findDeletionRequest(
  db: Knex,
  id: number,
): Promise<AdminDeletionRequest | undefined> {
  const row = (await db('data_deletion_requests as r')
    .leftJoin('leads as l', 'l.id', 'r.lead_id')
    .where('r.id', id)
    .first(COLUMNS)) as RequestRow | undefined;
  return row ? toRequest(db, row) : undefined;
}

/** Deletes everything kept about the request's address; answers what went. */
export async function fulfilDeletionRequest(
  trx: Knex.Transaction,
  id: number,
  by: string,
  now = Date.now(),
): Promise<{ email: string; leadsDeleted: number; mailsDeleted: number } | 'done' | undefined> {
  const request = (await trx('data_deletion_requests').where({ id }).forUpdate().first()) as
    RequestRow | undefined;
  if (!request) return undefined;
  if (request.status === 'done') return 'done';
  const leads = (await leadsOf(trx, request.email).select(
    'id',
    'public_id',
    'lead_uuid',
    'session_id',
  )) as Array<{ id: number; public_id: string; lead_uuid: string; session_id: string | null }>;
  let mailsDeleted = await trx('mail_messages')
    .whereRaw('LOWER(to_address) = ?', [request.email.trim().toLowerCase()])
    .delete();
  // The movers' copies of each request (their new-lead e-mails) carry the person's details too.
  for (const lead of leads)
    mailsDeleted += await trx('mail_messages')
      .where({ template: 'lead-for-mover' })
      .whereRaw('text_body LIKE ?', [`%${lead.public_id}%`])
      .delete();
  const uuids = leads.map((l) => l.lead_uuid);
  const sessions = leads.map((l) => l.session_id).filter((s): s is string => Boolean(s));
  if (uuids.length > 0) await trx('lead_analytics').whereIn('lead_uuid', uuids).delete();
  if (sessions.length > 0) await trx('visitor_sessions').whereIn('session_id', sessions).delete();
  // Their reviews (issue 19) stay as the public reads them, with contact details masked; what they typed, which
  // a check changed, goes. Deleting the requests then cuts the reviews' only way back to the person.
  if (leads.length > 0) {
    const reviewIds = (await trx('review_invitations')
      .whereIn(
        'lead_id',
        leads.map((l) => l.id),
      )
      .whereNotNull('review_id')
      .pluck('review_id')) as number[];
    if (reviewIds.length > 0) {
      await trx('reviews').whereIn('id', reviewIds).update({ typed_title: null, typed_body: null });
      await trx('review_photos').whereIn('review_id', reviewIds).update({ typed_caption: null });
    }
    // Photos uploaded from their links but never sent with a review go with the links.
    const invitationIds = (await trx('review_invitations')
      .whereIn(
        'lead_id',
        leads.map((l) => l.id),
      )
      .pluck('id')) as number[];
    if (invitationIds.length > 0)
      await trx('review_photos')
        .whereIn('invitation_id', invitationIds)
        .whereNull('review_id')
        .delete();
  }
  // An address they left on a report of a review goes too; the report stays for staff.
  await trx('review_reports')
    .whereRaw('LOWER(reporter_email) = ?', [request.email.trim().toLowerCase()])
    .update({ reporter_email: null });
  if (leads.length > 0)
    await trx('leads')
      .whereIn(
        'id',
        leads.map((l) => l.id),
      )
      .delete();
  await trx('data_deletion_requests')
    .where({ id })
    .update({
      status: 'done',
      email: maskEmail(request.email),
      handled_at: now,
      handled_by: by.slice(0, 64),
      leads_deleted: leads.length,
      mails_deleted: mailsDeleted,
    });
  return { email: request.email, leadsDeleted: leads.length, mailsDeleted };
}
