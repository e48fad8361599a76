/**
 * Staff moderation of movers' public replies to reviews (issue 17): the list (pending first by default on
 * the screen), and publishing or rejecting one with a reason the company reads. The decision, its audit
 * entry and the e-mail to the mover who wrote the reply commit together (the mail is queued in the same
 * transaction: docs/decisions/030); the caller clears the public read cache after the commit.
 */
import type { Knex } from 'knex';
import {
  companyProfilePath,
  type AdminReviewReply,
  type AdminReviewReplyListQuery,
  type AdminReviewReplyPage,
  type ReviewReplyModeration,
  type ReviewReplyStatus,
} from '@moveratlas/contracts';
import { HttpError, notFound } from '../../../lib/http-error';
import { sendMail, type MailConfig } from '../../mail';
import type { AuditRecorder } from '../../audit';

interface ReplyRow {
  id: number;
  status: ReviewReplyStatus;
  body: string;
  reject_reason: string | null;
  created_at: number | string;
  moderated_by: string | null;
  moderated_at: number | string | null;
  author_id: number | null;
  author_name: string | null;
  author_email: string | null;
  company_id: number;
  company_name: string;
  company_slug: string;
  review_id: number;
  review_rating: number;
  review_title: string;
  review_body: string;
  review_author: string;
  review_date: string | Date;
}

const COLUMNS = [
  'rr.id',
  'rr.status',
  'rr.body',
  'rr.reject_reason',
  'rr.created_at',
  'rr.moderated_by',
  'rr.moderated_at',
  'mu.id as author_id',
  'mu.name as author_name',
  'mu.email as author_email',
  'c.id as company_id',
  'c.name as company_name',
  'c.slug as company_slug',
  'r.id as review_id',
  'r.rating as review_rating',
  'r.title as review_title',
  'r.body as review_body',
  'r.author_first_name as review_author',
  'r.reviewed_on as review_date',
];

const replies = (db: Knex | Knex.Transaction) =>
  db({ rr: 'review_replies' })
    .join({ r: 'reviews' }, 'r.id', 'rr.review_id')
    .join({ c: 'companies' }, 'c.id', 'rr.company_id')
    .leftJoin({ mu: 'mover_users' }, 'mu.id', 'rr.author_mover_id');

const day = (value: string | Date) =>
  typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

function toReply(row: ReplyRow): AdminReviewReply {
  return {
    id: Number(row.id),
    status: row.status,
    body: row.body,
    rejectReason: row.status === 'rejected' ? row.reject_reason : null,
    createdAt: new Date(Number(row.created_at)).toISOString(),
    moderatedBy: row.moderated_by,
    moderatedAt:
      row.moderated_at === null ? null : new Date(Number(row.moderated_at)).toISOString(),
    author:
      row.author_id === null
        ? null
        : { id: Number(row.author_id), name: row.author_name ?? '', email: row.author_email ?? '' },
    company: { id: Number(row.company_id), name: row.company_name, slug: row.company_slug },
    review: {
      id: Number(row.review_id),
      rating: Number(row.review_rating),
      title: row.review_title,
      body: row.review_body,
      authorFirstName: row.review_author,
      date: day(row.review_date),
    },
  };
}

export async function listReviewReplies(
  db: Knex,
  query: AdminReviewReplyListQuery,
): Promise<AdminReviewReplyPage> {
  const base = () => {
    const qb = replies(db);
    if (query.status) qb.where('rr.status', query.status);
    return qb;
  };
  // Waiting ones oldest first (the queue's order); otherwise the latest sent first.
  const order =
    query.status === 'pending'
      ? [
          { column: 'rr.created_at', order: 'asc' as const },
          { column: 'rr.id', order: 'asc' as const },
        ]
      : [
          { column: 'rr.created_at', order: 'desc' as const },
          { column: 'rr.id', order: 'desc' as const },
        ];
  const [rows, count] = await Promise.all([
    base()
      .select(COLUMNS)
      .orderBy(order)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit) as Promise<ReplyRow[]>,
    base().count({ n: '*' }).first() as Promise<{ n: number | string } | undefined>,
  ]);
  return {
    items: rows.map(toReply),
    total: Number(count?.n ?? 0),
    page: query.page,
    limit: query.limit,
  };
}

const findReply = async (trx: Knex.Transaction, id: number) => {
  const row = (await replies(trx).where('rr.id', id).first(COLUMNS)) as ReplyRow | undefined;
  return row ? toReply(row) : undefined;
};

/**
 * Publishes or rejects reply `id`, records it and queues the e-mail to its author, all in `trx`. 404 for no
 * such reply, 409 when it already has that status (another moderator was quicker).
 */
export async function moderateReviewReply(
  trx: Knex.Transaction,
  id: number,
  decision: ReviewReplyModeration,
  by: string,
  audit: AuditRecorder,
  config: MailConfig,
): Promise<AdminReviewReply> {
  const before = await findReply(trx, id);
  if (!before) throw notFound(`No reply with id ${id}`);
  const reason = decision.status === 'rejected' ? decision.reason.trim() : null;
  const changed = await trx('review_replies')
    .where({ id })
    .whereNot('status', decision.status)
    .update({
      status: decision.status,
      reject_reason: reason,
      moderated_by: by.slice(0, 64),
      moderated_at: Date.now(),
      updated_at: Date.now(),
    });
  if (changed === 0)
    throw new HttpError(
      409,
      decision.status === 'published'
        ? 'This reply is already published'
        : 'This reply is already rejected',
    );
  audit({
    action: 'review_reply.moderate',
    entityType: 'review_reply',
    entityId: id,
    summary: `${decision.status === 'published' ? 'Published' : 'Rejected'} the reply of ${
      before.company.name
    } to the review "${before.review.title}"`,
    before: { status: before.status },
    after: { status: decision.status, ...(reason ? { reject_reason: reason } : {}) },
    companyId: before.company.id,
  });
  if (before.author)
    await sendMail(
      trx,
      {
        to: before.author.email,
        template: 'review-reply-moderated',
        data: {
          name: before.author.name,
          companyName: before.company.name,
          reviewTitle: before.review.title,
          decision: decision.status,
          ...(reason ? { reason } : {}),
          path:
            decision.status === 'published'
              ? `${companyProfilePath(before.company.slug)}#review-${before.review.id}`
              : `/pro/companies/${before.company.id}/reviews`,
        },
      },
      config,
    );
  return (await findReply(trx, id))!;
}
