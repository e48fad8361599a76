/**
 * A company's reviews as its people read them at /pro, and its one public reply per review (issue 17). A reply
 * is stored pending; staff publish or reject it (admin/review-replies.ts). While it waits or is published a
 * second one is refused (409); once rejected, the next one replaces it in the same row, pending again, so
 * review_id stays unique and two replies sent at once cannot both land.
 */
import type { Knex } from 'knex';
import {
  PRO_REVIEWS_PER_PAGE,
  REVIEW_ALREADY_ANSWERED,
  type ProReview,
  type ProReviewListQuery,
  type ProReviewPage,
  type ReviewReplyStatus,
} from '@moveratlas/contracts';
import { isUniqueViolation } from '../../../db/dialect';
import { HttpError, notFound } from '../../../lib/http-error';
import { latestCompanyReports } from '../../reviews';

interface ReviewWithReplyRow {
  id: number;
  rating: number;
  title: string;
  body: string;
  author_first_name: string;
  reviewed_on: string | Date;
  reply_id: number | null;
  reply_body: string | null;
  reply_status: ReviewReplyStatus | null;
  reply_reject_reason: string | null;
  reply_created_at: number | string | null;
  reply_moderated_at: number | string | null;
}

const COLUMNS = [
  'r.id',
  'r.rating',
  'r.title',
  'r.body',
  'r.author_first_name',
  'r.reviewed_on',
  'rr.id as reply_id',
  'rr.body as reply_body',
  'rr.status as reply_status',
  'rr.reject_reason as reply_reject_reason',
  'rr.created_at as reply_created_at',
  'rr.moderated_at as reply_moderated_at',
];

export const dayOf = (value: string | Date): string =>
  typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

const isoOf = (ms: number | string | null): string | null =>
  ms === null ? null : new Date(Number(ms)).toISOString();

function toProReview(row: ReviewWithReplyRow): ProReview {
  return {
    id: Number(row.id),
    rating: Number(row.rating),
    title: row.title,
    body: row.body,
    authorFirstName: row.author_first_name,
    date: dayOf(row.reviewed_on),
    reply:
      row.reply_id === null
        ? null
        : {
            id: Number(row.reply_id),
            body: row.reply_body ?? '',
            status: row.reply_status ?? 'pending',
            rejectReason: row.reply_status === 'rejected' ? row.reply_reject_reason : null,
            createdAt: isoOf(row.reply_created_at)!,
            moderatedAt: isoOf(row.reply_moderated_at),
          },
  };
}

/** The company's published reviews with their replies (left joined: a review has one or none). */
const reviewsOf = (db: Knex | Knex.Transaction, companyId: number) =>
  db({ r: 'reviews' })
    .leftJoin({ rr: 'review_replies' }, 'rr.review_id', 'r.id')
    .where({ 'r.company_id': companyId, 'r.status': 'published' });

/** No live reply: none at all, or one staff rejected. */
const needingReply = (qb: Knex.QueryBuilder) =>
  qb.where((q) => q.whereNull('rr.id').orWhere('rr.status', 'rejected'));

const ORDER: Record<
  ProReviewListQuery['sort'],
  Array<{ column: string; order: 'asc' | 'desc' }>
> = {
  newest: [
    { column: 'r.reviewed_on', order: 'desc' },
    { column: 'r.id', order: 'desc' },
  ],
  oldest: [
    { column: 'r.reviewed_on', order: 'asc' },
    { column: 'r.id', order: 'asc' },
  ],
  lowest: [
    { column: 'r.rating', order: 'asc' },
    { column: 'r.reviewed_on', order: 'desc' },
    { column: 'r.id', order: 'desc' },
  ],
};

export async function listProReviews(
  db: Knex,
  companyId: number,
  query: ProReviewListQuery,
): Promise<ProReviewPage> {
  const filtered = () => {
    const qb = reviewsOf(db, companyId);
    if (query.rating) qb.where('r.rating', query.rating);
    if (query.needsReply) needingReply(qb);
    return qb;
  };
  const [counted, rows, distribution, unanswered] = await Promise.all([
    filtered().count({ n: '*' }).first() as Promise<{ n: number | string } | undefined>,
    filtered()
      .select(COLUMNS)
      .orderBy(ORDER[query.sort])
      .limit(PRO_REVIEWS_PER_PAGE)
      .offset((query.page - 1) * PRO_REVIEWS_PER_PAGE) as Promise<ReviewWithReplyRow[]>,
    db('reviews')
      .where({ company_id: companyId, status: 'published' })
      .groupBy('rating')
      .select('rating')
      .count({ n: '*' }) as Promise<Array<{ rating: number; n: number | string }>>,
    needingReply(reviewsOf(db, companyId)).count({ n: '*' }).first() as Promise<
      { n: number | string } | undefined
    >,
  ]);
  const total = Number(counted?.n ?? 0);
  // What the company reported of these reviews to our team, and how it stands (issue 19).
  const reports = await latestCompanyReports(
    db,
    rows.map((row) => Number(row.id)),
  );
  const counts = new Map(distribution.map((d) => [Number(d.rating), Number(d.n)]));
  const count = [...counts.values()].reduce((a, b) => a + b, 0);
  const sum = [...counts.entries()].reduce((a, [stars, n]) => a + stars * n, 0);
  return {
    items: rows.map((row) => ({
      ...toProReview(row),
      report: reports.get(Number(row.id)) ?? null,
    })),
    total,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / PRO_REVIEWS_PER_PAGE)),
    summary: {
      average: count === 0 ? null : Math.round((sum / count) * 100) / 100,
      count,
      distribution: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: counts.get(stars) ?? 0 })),
      needReply: Number(unanswered?.n ?? 0),
    },
  };
}

export async function findProReview(
  db: Knex | Knex.Transaction,
  companyId: number,
  reviewId: number,
): Promise<ProReview | undefined> {
  const row = (await reviewsOf(db, companyId).where('r.id', reviewId).first(COLUMNS)) as
    ReviewWithReplyRow | undefined;
  return row ? toProReview(row) : undefined;
}

export const NO_SUCH_REVIEW = 'No such review';

/**
 * Stores the company's reply to one of its published reviews, pending moderation. 404 for a review of
 * another company (as for none), 409 while an earlier reply waits or is published. Answers what was there
 * before (a rejected reply sent again) and the review as it is now.
 */
export async function saveReply(
  trx: Knex.Transaction,
  input: { companyId: number; reviewId: number; body: string; moverId: number },
  now = Date.now(),
): Promise<{ review: ProReview; before: { body: string; status: string } | null }> {
  const review = await findProReview(trx, input.companyId, input.reviewId);
  if (!review) throw notFound(NO_SUCH_REVIEW);
  const fresh = {
    body: input.body,
    status: 'pending',
    reject_reason: null,
    author_mover_id: input.moverId,
    updated_at: now,
    moderated_by: null,
    moderated_at: null,
  };
  if (review.reply === null) {
    try {
      await trx('review_replies').insert({
        ...fresh,
        review_id: input.reviewId,
        company_id: input.companyId,
        created_at: now,
      });
    } catch (error) {
      // Another reply landed between the read and the insert.
      if (isUniqueViolation(error)) throw new HttpError(409, REVIEW_ALREADY_ANSWERED);
      throw error;
    }
  } else {
    // Only a rejected reply may be replaced; the condition holds against a reply sent at the same time.
    const replaced = await trx('review_replies')
      .where({ id: review.reply.id, status: 'rejected' })
      .update({ ...fresh, created_at: now });
    if (replaced === 0) throw new HttpError(409, REVIEW_ALREADY_ANSWERED);
  }
  const after = await findProReview(trx, input.companyId, input.reviewId);
  return {
    review: after!,
    before: review.reply ? { body: review.reply.body, status: review.reply.status } : null,
  };
}
