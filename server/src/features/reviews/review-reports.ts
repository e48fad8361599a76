/**
 * Reports of published reviews (issue 19): a visitor's from the profile and the reviewed company's from its
 * dashboard, stored open for staff (admin/report-queue.ts decides them). Only a published review can be
 * reported — anything else answers 404 as for none, so ids of held or hidden reviews tell nothing — and a
 * company only its own reviews.
 */
import type { Knex } from 'knex';
import {
  REVIEW_ALREADY_REPORTED,
  type ProReviewReport,
  type ReviewReportReason,
  type ReviewReportStatus,
} from '@moveratlas/contracts';
import { HttpError, notFound } from '../../lib/http-error';

export const NO_SUCH_REVIEW = 'No such review';

/**
 * A visitor's report of a review that already has an open visitor report from the last day is folded into
 * that one (its `repeats` counted up) rather than stored again. Staff decide about the review, not about each
 * reporter: a review one person reports ten times, or twenty people at once, is one item in the queue with
 * its count, not twenty items to dismiss one by one. The first report's reason and words are what staff read.
 * After a day, or once staff decided, a new report is a new item: the review may have a new problem. The
 * visitor reads the same thanks either way, so the answer says nothing about other people's reports.
 * Two reports at the very same moment may both be stored; that is rare, and costs staff one more item.
 */
export const VISITOR_REPEAT_WINDOW_MS = 24 * 60 * 60 * 1000;

const publishedReview = (db: Knex | Knex.Transaction, reviewId: number) =>
  db('reviews').where({ id: reviewId, status: 'published' });

export async function reportReviewAsVisitor(
  db: Knex,
  reviewId: number,
  input: { reason: ReviewReportReason; details: string; email: string },
  now = Date.now(),
): Promise<{ stored: 'new' | 'folded' }> {
  return db.transaction(async (trx) => {
    if (!(await publishedReview(trx, reviewId).first('id'))) throw notFound(NO_SUCH_REVIEW);
    const folded = await trx('review_reports')
      .where({ review_id: reviewId, source: 'visitor', status: 'open' })
      .andWhere('created_at', '>', now - VISITOR_REPEAT_WINDOW_MS)
      .increment('repeats', 1);
    if (folded > 0) return { stored: 'folded' as const };
    await trx('review_reports').insert({
      review_id: reviewId,
      source: 'visitor',
      reason: input.reason,
      details: input.details || null,
      reporter_email: input.email ? input.email.toLowerCase() : null,
      repeats: 0,
      status: 'open',
      created_at: now,
    });
    return { stored: 'new' as const };
  });
}

/**
 * The company's report of one of its own published reviews, in the caller's transaction (which records it in
 * the audit log). One open report per review: a second while the first waits is refused (409) — the dashboard
 * shows the open one. Once staff dismissed it, the company may report the review again.
 */
export async function reportReviewAsCompany(
  trx: Knex.Transaction,
  input: {
    companyId: number;
    reviewId: number;
    moverId: number;
    reason: ReviewReportReason;
    details: string;
  },
  now = Date.now(),
): Promise<{ id: number; reviewTitle: string }> {
  const review = (await publishedReview(trx, input.reviewId)
    .andWhere('company_id', input.companyId)
    .first('id', 'title')) as { id: number; title: string } | undefined;
  if (!review) throw notFound(NO_SUCH_REVIEW);
  const open = await trx('review_reports')
    .where({ review_id: input.reviewId, source: 'company', status: 'open' })
    .first('id');
  if (open) throw new HttpError(409, REVIEW_ALREADY_REPORTED);
  const [id] = (await trx('review_reports').insert({
    review_id: input.reviewId,
    source: 'company',
    reason: input.reason,
    details: input.details || null,
    mover_id: input.moverId,
    repeats: 0,
    status: 'open',
    created_at: now,
  })) as number[];
  return { id: Number(id), reviewTitle: review.title };
}

interface CompanyReportRow {
  id: number;
  review_id: number;
  status: ReviewReportStatus;
  reason: ReviewReportReason;
  details: string | null;
  staff_reason: string | null;
  created_at: number | string;
  resolved_at: number | string | null;
}

const isoOf = (ms: number | string) => new Date(Number(ms)).toISOString();

/** The company's latest report of each of `reviewIds` (those it reported), as its dashboard shows them. */
export async function latestCompanyReports(
  db: Knex | Knex.Transaction,
  reviewIds: readonly number[],
): Promise<Map<number, ProReviewReport>> {
  const latest = new Map<number, ProReviewReport>();
  if (reviewIds.length === 0) return latest;
  const rows = (await db('review_reports')
    .whereIn('review_id', reviewIds)
    .andWhere('source', 'company')
    .orderBy('id', 'desc')
    .select(
      'id',
      'review_id',
      'status',
      'reason',
      'details',
      'staff_reason',
      'created_at',
      'resolved_at',
    )) as CompanyReportRow[];
  for (const row of rows) {
    const reviewId = Number(row.review_id);
    if (latest.has(reviewId)) continue;
    latest.set(reviewId, {
      id: Number(row.id),
      status: row.status,
      reason: row.reason,
      details: row.details ?? '',
      createdAt: isoOf(row.created_at),
      resolvedAt: row.resolved_at === null ? null : isoOf(row.resolved_at),
      staffReason: row.staff_reason,
    });
  }
  return latest;
}

/** Reports waiting for staff: the queue's count and the admin sidebar's (decision 038). */
export async function countOpenReviewReports(db: Knex): Promise<number> {
  const row = (await db('review_reports').where('status', 'open').count({ n: '*' }).first()) as
    { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}
