/**
 * Staff's queue of reports of reviews (issue 19): each report with the review it is about (as the public reads
 * it), who reported it and why. Dismissing keeps the review; upholding hides it through the same path as
 * staff hiding a review by hand (moderation.ts: the rating and review count recomputed in the same
 * transaction, the writer told when that path tells them), and closes every other open report of that review
 * with the same decision, since there is nothing left to decide about it.
 */
import type { Knex } from 'knex';
import {
  type AdminReviewReport,
  type AdminReviewReportListQuery,
  type AdminReviewReportPage,
  type ReviewReportDecisionKind,
  type ReviewReportReason,
  type ReviewReportSource,
  type ReviewReportStatus,
  type ReviewStatus,
} from '@moveratlas/contracts';
import { HttpError, notFound } from '../../../lib/http-error';
import type { MailConfig } from '../../mail';
import { countOpenReviewReports } from '../review-reports';
import { moderateReview, tellReviewer } from './moderation';

interface ReportRow {
  id: number;
  source: ReviewReportSource;
  reason: ReviewReportReason;
  details: string | null;
  reporter_email: string | null;
  repeats: number | string;
  status: ReviewReportStatus;
  staff_reason: string | null;
  resolved_by: string | null;
  resolved_at: number | string | null;
  created_at: number | string;
  mover_id: number | null;
  mover_name: string | null;
  mover_email: string | null;
  company_id: number;
  company_name: string;
  company_slug: string;
  review_id: number;
  rating: number;
  title: string;
  body: string;
  author_first_name: string;
  reviewed_on: string | Date;
  review_status: ReviewStatus;
}

const COLUMNS = [
  'rp.id',
  'rp.source',
  'rp.reason',
  'rp.details',
  'rp.reporter_email',
  'rp.repeats',
  'rp.status',
  'rp.staff_reason',
  'rp.resolved_by',
  'rp.resolved_at',
  'rp.created_at',
  'mu.id as mover_id',
  'mu.name as mover_name',
  'mu.email as mover_email',
  'c.id as company_id',
  'c.name as company_name',
  'c.slug as company_slug',
  'r.id as review_id',
  'r.rating',
  'r.title',
  'r.body',
  'r.author_first_name',
  'r.reviewed_on',
  'r.status as review_status',
];

const isoOf = (ms: number | string) => new Date(Number(ms)).toISOString();

function toReport(row: ReportRow): AdminReviewReport {
  return {
    id: Number(row.id),
    source: row.source,
    reason: row.reason,
    details: row.details ?? '',
    reporterEmail: row.reporter_email,
    reporter:
      row.mover_id === null
        ? null
        : { id: Number(row.mover_id), name: row.mover_name ?? '', email: row.mover_email ?? '' },
    repeats: Number(row.repeats),
    status: row.status,
    staffReason: row.staff_reason,
    resolvedBy: row.resolved_by,
    resolvedAt: row.resolved_at === null ? null : isoOf(row.resolved_at),
    createdAt: isoOf(row.created_at),
    company: { id: Number(row.company_id), name: row.company_name, slug: row.company_slug },
    review: {
      id: Number(row.review_id),
      rating: Number(row.rating),
      // What the public reads (contact details masked): what was reported.
      title: row.title,
      body: row.body,
      authorFirstName: row.author_first_name,
      date:
        typeof row.reviewed_on === 'string'
          ? row.reviewed_on.slice(0, 10)
          : row.reviewed_on.toISOString().slice(0, 10),
      status: row.review_status,
    },
  };
}

const reportsWithReviews = (db: Knex | Knex.Transaction) =>
  db({ rp: 'review_reports' })
    .join({ r: 'reviews' }, 'r.id', 'rp.review_id')
    .join({ c: 'companies' }, 'c.id', 'r.company_id')
    .leftJoin({ mu: 'mover_users' }, 'mu.id', 'rp.mover_id');

export async function listReviewReports(
  db: Knex,
  query: AdminReviewReportListQuery,
): Promise<AdminReviewReportPage> {
  const filtered = (qb: Knex.QueryBuilder) =>
    query.status === 'all' ? qb : qb.where('rp.status', query.status);
  // Open ones oldest first (a queue: the longest waiting on top); decided ones latest first.
  const order =
    query.status === 'open'
      ? [
          { column: 'rp.created_at', order: 'asc' as const },
          { column: 'rp.id', order: 'asc' as const },
        ]
      : [
          { column: 'rp.created_at', order: 'desc' as const },
          { column: 'rp.id', order: 'desc' as const },
        ];
  const rows = (await filtered(reportsWithReviews(db))
    .select(COLUMNS)
    .orderBy(order)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)) as ReportRow[];
  const counted = (await filtered(db({ rp: 'review_reports' }))
    .count({ n: '*' })
    .first()) as { n: number | string } | undefined;
  const open = query.status === 'open' ? Number(counted?.n ?? 0) : await countOpenReviewReports(db);
  return {
    items: rows.map(toReport),
    total: Number(counted?.n ?? 0),
    page: query.page,
    limit: query.limit,
    open,
  };
}

export async function findReviewReport(
  db: Knex | Knex.Transaction,
  id: number,
): Promise<AdminReviewReport> {
  const row = (await reportsWithReviews(db).where('rp.id', id).first(COLUMNS)) as
    ReportRow | undefined;
  if (!row) throw notFound(`No report with id ${id}`);
  return toReport(row);
}

export interface ReportDecisionOutcome {
  report: AdminReviewReport;
  /** Other open reports of the same review closed with it (an upheld report only). */
  alsoClosed: number[];
  /** The review's status before, when upholding changed it (it was published); else null. */
  hidFrom: ReviewStatus | null;
  mailed: boolean;
}

/**
 * Dismisses or upholds an open report, in the caller's transaction (which records the audit entries). 409
 * when it was decided already — also by someone else a moment ago: the update is guarded by the status.
 */
export async function decideReviewReport(
  trx: Knex.Transaction,
  id: number,
  decision: ReviewReportDecisionKind,
  reason: string,
  by: string,
  config: MailConfig,
  now = Date.now(),
): Promise<ReportDecisionOutcome> {
  const before = await findReviewReport(trx, id);
  const status: ReviewReportStatus = decision === 'dismiss' ? 'dismissed' : 'upheld';
  const resolved = {
    status,
    staff_reason: reason,
    resolved_by: by.slice(0, 64),
    resolved_at: now,
  };
  const changed = await trx('review_reports').where({ id, status: 'open' }).update(resolved);
  if (changed === 0)
    throw new HttpError(
      409,
      before.status === 'open'
        ? 'This report was decided a moment ago; reload to see how'
        : `This report was already ${before.status}`,
    );
  let alsoClosed: number[] = [];
  let hidFrom: ReviewStatus | null = null;
  let mailed = false;
  if (status === 'upheld') {
    alsoClosed = (
      (await trx('review_reports')
        .where({ review_id: before.review.id, status: 'open' })
        .pluck('id')) as Array<number | string>
    ).map(Number);
    if (alsoClosed.length > 0)
      await trx('review_reports').whereIn('id', alsoClosed).update(resolved);
    // A review staff hid or rejected meanwhile stays as it is; a published one is hidden as by hand, and its
    // writer (a review from a request's link) is told it was taken down and why: staff's reason is required
    // here, unlike when staff hide a review from the moderation list.
    if (before.review.status === 'published') {
      const moderated = await moderateReview(trx, before.review.id, 'hidden', by, reason, config);
      hidFrom = moderated.before;
      mailed = await tellReviewer(trx, moderated.review, 'removed', reason, config);
    }
  }
  return { report: await findReviewReport(trx, id), alsoClosed, hidFrom, mailed };
}
