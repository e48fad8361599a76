/** The admin Mail screen's reads of mail_messages: a page of messages, newest first, and one message. */
import type { Knex } from 'knex';
import {
  MAIL_PAGE_SIZE,
  MAIL_STATUSES,
  type AdminMailDetail,
  type AdminMailList,
  type AdminMailListQuery,
  type AdminMailSummary,
  type MailStatus,
} from '@moveratlas/contracts';
import { notFound } from '../../lib/http-error';
import { LIKE_ESCAPE, likeContains } from '../../lib/sql-like';

interface MailRow {
  id: number | string;
  to_address: string;
  from_address: string;
  subject: string;
  template: string;
  status: string;
  attempts: number | string;
  last_error: string | null;
  provider_message_id: string | null;
  job_id: number | string | null;
  text_body?: string;
  html_body?: string;
  created_at: number | string;
  updated_at: number | string;
  sent_at: number | string | null;
}

const SUMMARY_COLUMNS = [
  'id',
  'to_address',
  'from_address',
  'subject',
  'template',
  'status',
  'attempts',
  'created_at',
  'updated_at',
  'sent_at',
];

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();
const statusOf = (value: string): MailStatus =>
  (MAIL_STATUSES as readonly string[]).includes(value) ? (value as MailStatus) : 'queued';

function summaryOf(row: MailRow): AdminMailSummary {
  return {
    id: Number(row.id),
    to: row.to_address,
    subject: row.subject,
    template: row.template,
    status: statusOf(row.status),
    attempts: Number(row.attempts),
    createdAt: iso(row.created_at),
    sentAt: row.sent_at === null ? null : iso(row.sent_at),
  };
}

export async function listMail(
  db: Knex,
  query: AdminMailListQuery,
  delivery: AdminMailList['delivery'],
): Promise<AdminMailList> {
  const filtered = () => {
    const qb = db('mail_messages');
    if (query.q) qb.whereRaw(`to_address LIKE ? ${LIKE_ESCAPE}`, [likeContains(query.q)]);
    if (query.status) qb.where('status', query.status);
    return qb;
  };
  const [counted, rows] = await Promise.all([
    filtered().count({ n: '*' }).first() as Promise<{ n: number | string } | undefined>,
    // By id: the order messages were accepted in, even within one millisecond.
    filtered()
      .orderBy('id', 'desc')
      .limit(MAIL_PAGE_SIZE)
      .offset((query.page - 1) * MAIL_PAGE_SIZE)
      .select(SUMMARY_COLUMNS) as Promise<MailRow[]>,
  ]);
  return {
    messages: rows.map(summaryOf),
    total: Number(counted?.n ?? 0),
    page: query.page,
    pageSize: MAIL_PAGE_SIZE,
    delivery,
  };
}

export async function mailDetail(db: Knex, id: number): Promise<AdminMailDetail> {
  const row = (await db('mail_messages').where({ id }).first()) as MailRow | undefined;
  if (!row) throw notFound(`No mail message ${id}`);
  return {
    ...summaryOf(row),
    from: row.from_address,
    text: row.text_body ?? '',
    hasHtml: (row.html_body ?? '') !== '',
    lastError: row.last_error,
    providerMessageId: row.provider_message_id,
    jobId: row.job_id === null ? null : Number(row.job_id),
    updatedAt: iso(row.updated_at),
  };
}

export async function mailHtml(db: Knex, id: number): Promise<string> {
  const row = (await db('mail_messages').where({ id }).first('html_body')) as
    { html_body: string } | undefined;
  if (!row) throw notFound(`No mail message ${id}`);
  return row.html_body;
}
