/**
 * Review moderation: publish (show or approve), hide, reject — with a reason, required to reject. Only published
 * reviews are public (the company profile reads status = 'published') and only they make a company's rating
 * and review count, which are recomputed in the same transaction as the status change, so lists never sort by
 * a stale rating. Staff read a review as its writer typed it, with what the public sees beside it when a
 * check masked something, and why the checks held it (issue 19).
 *
 * A review written from a request's link whose status becomes published or rejected e-mails its writer, in the
 * same transaction (features/mail): the address is read from the request through the review's link, never
 * copied, so once the request is deleted there is nobody to write to and nothing is sent.
 */
import type { Knex } from 'knex';
import {
  companyProfilePath,
  reviewHoldReasonText,
  type AdminReview,
  type AdminReviewListQuery,
  type AdminReviewPage,
  type AdminReviewPhoto,
  type ReviewHoldReason,
  type ReviewModerationResult,
  type ReviewStatus,
} from '@moveratlas/contracts';
import { notFound } from '../../../lib/http-error';
import { sendMail, type MailConfig } from '../../mail';
import { recomputeRating } from '../company-rating';
import { adminPhotosOf } from '../photos/review-photo-store';

interface ReviewRow {
  id: number;
  company_id: number;
  company_name: string;
  company_slug: string;
  rating: number;
  title: string;
  body: string;
  typed_title: string | null;
  typed_body: string | null;
  author_first_name: string;
  reviewed_on: string | Date;
  status: ReviewStatus;
  moderated_by: string | null;
  moderated_at: number | string | null;
  verified_request_on: string | null;
  hired: 'yes' | 'no' | 'quote' | null;
  held_reasons: string | null;
  moderation_reason: string | null;
  is_sample: number | boolean;
}

const COLUMNS = [
  'r.id',
  'r.company_id',
  'c.name as company_name',
  'c.slug as company_slug',
  'r.rating',
  'r.title',
  'r.body',
  'r.typed_title',
  'r.typed_body',
  'r.author_first_name',
  'r.reviewed_on',
  'r.status',
  'r.moderated_by',
  'r.moderated_at',
  'r.verified_request_on',
  'r.hired',
  'r.held_reasons',
  'r.moderation_reason',
  'r.is_sample',
];

/** The stored reasons in words; a value that is not a list of reasons reads as none. */
function heldReasons(stored: string | null): string[] {
  if (!stored) return [];
  try {
    const parsed = JSON.parse(stored) as unknown;
    return Array.isArray(parsed)
      ? (parsed as ReviewHoldReason[])
          .filter((r) => r && typeof r.code === 'string')
          .map(reviewHoldReasonText)
      : [];
  } catch {
    return [];
  }
}

function toReview(row: ReviewRow): AdminReview {
  return {
    id: Number(row.id),
    companyId: Number(row.company_id),
    companyName: row.company_name,
    companySlug: row.company_slug,
    rating: Number(row.rating),
    // As the writer typed it; what the public reads beside it when a check changed it.
    title: row.typed_title ?? row.title,
    body: row.typed_body ?? row.body,
    shownTitle: row.typed_title === null ? null : row.title,
    shownBody: row.typed_body === null ? null : row.body,
    authorFirstName: row.author_first_name,
    reviewedOn:
      typeof row.reviewed_on === 'string'
        ? row.reviewed_on.slice(0, 10)
        : row.reviewed_on.toISOString().slice(0, 10),
    status: row.status,
    moderatedBy: row.moderated_by,
    moderatedAt:
      row.moderated_at === null ? null : new Date(Number(row.moderated_at)).toISOString(),
    verifiedRequestOn: row.verified_request_on,
    hired: row.hired,
    heldReasons: heldReasons(row.held_reasons),
    moderationReason: row.moderation_reason,
    // A boolean column reads back as 0/1 on both engines.
    isSample: Boolean(Number(row.is_sample)),
  };
}

/** The review with its photos, when it has any (the field is absent otherwise, as for the sample data). */
const withPhotos = (review: AdminReview, photos: Map<number, AdminReviewPhoto[]>): AdminReview => {
  const own = photos.get(review.id);
  return own ? { ...review, photos: own } : review;
};

export async function listReviews(db: Knex, query: AdminReviewListQuery): Promise<AdminReviewPage> {
  const base = () => {
    const qb = db({ r: 'reviews' });
    if (query.companyId) qb.where('r.company_id', query.companyId);
    if (query.status) qb.where('r.status', query.status);
    return qb;
  };
  // One company's reviews newest first (its reviews index); across companies, the latest submitted.
  const order = query.companyId
    ? [
        { column: 'r.reviewed_on', order: 'desc' as const },
        { column: 'r.id', order: 'desc' as const },
      ]
    : [
        { column: 'r.created_at', order: 'desc' as const },
        { column: 'r.id', order: 'desc' as const },
      ];
  const [rows, count] = await Promise.all([
    base()
      .join({ c: 'companies' }, 'c.id', 'r.company_id')
      .select(COLUMNS)
      .orderBy(order)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit) as Promise<ReviewRow[]>,
    base().count({ n: '*' }).first() as Promise<{ n: number | string } | undefined>,
  ]);
  // Each review's photos, whatever its status: staff judge a held review with them (issue 19).
  const photos = await adminPhotosOf(
    db,
    rows.map((r) => Number(r.id)),
  );
  return {
    items: rows.map((r) => withPhotos(toReview(r), photos)),
    total: Number(count?.n ?? 0),
    page: query.page,
    limit: query.limit,
  };
}

/** The review as staff read it, in `db` (the caller's transaction). */
export async function findAdminReview(
  db: Knex | Knex.Transaction,
  id: number,
): Promise<AdminReview> {
  const row = (await db({ r: 'reviews' })
    .join({ c: 'companies' }, 'c.id', 'r.company_id')
    .where('r.id', id)
    .first(COLUMNS)) as ReviewRow | undefined;
  if (!row) throw notFound(`No review with id ${id}`);
  return withPhotos(toReview(row), await adminPhotosOf(db, [id]));
}

/**
 * E-mails the writer of a review from a request's link that staff just published, rejected or took down after
 * a report; nothing for the sample data's reviews, nor once the request (and with it the way to its writer)
 * was deleted.
 */
export async function tellReviewer(
  trx: Knex.Transaction,
  review: AdminReview,
  decision: 'published' | 'rejected' | 'removed',
  reason: string | null,
  config: MailConfig,
): Promise<boolean> {
  const writer = (await trx('review_invitations as ri')
    .join('leads as l', 'l.id', 'ri.lead_id')
    .where('ri.review_id', review.id)
    .first('l.email', 'l.first_name')) as { email: string; first_name: string } | undefined;
  if (!writer) return false;
  await sendMail(
    trx,
    {
      to: writer.email,
      template: 'review-decided',
      data: {
        firstName: writer.first_name,
        companyName: review.companyName,
        // The title the public reads (or would have): the writer's own words, contact details masked.
        reviewTitle: review.shownTitle ?? review.title,
        decision,
        reason,
        profilePath: companyProfilePath(review.companySlug),
      },
    },
    config,
  );
  return true;
}

export async function moderateReview(
  trx: Knex.Transaction,
  id: number,
  status: ReviewStatus,
  by: string,
  reason: string | null,
  config: MailConfig,
): Promise<ReviewModerationResult & { before: ReviewStatus; mailed: boolean }> {
  const review = (await trx('reviews').where('id', id).first('company_id', 'status')) as
    { company_id: number; status: ReviewStatus } | undefined;
  if (!review) throw notFound(`No review with id ${id}`);
  await trx('reviews')
    .where('id', id)
    .update({
      status,
      moderated_by: by.slice(0, 64),
      moderated_at: Date.now(),
      moderation_reason: reason,
    });
  const company = await recomputeRating(trx, Number(review.company_id));
  const moderated = await findAdminReview(trx, id);
  const decided =
    review.status !== status && (status === 'published' || status === 'rejected') ? status : null;
  const mailed = decided ? await tellReviewer(trx, moderated, decided, reason, config) : false;
  return { review: moderated, company, before: review.status, mailed };
}
