/**
 * Review moderation: publish (show or approve), hide, reject. Only published reviews are public (the company
 * profile reads status = 'published') and only they make a company's rating and review count, which are
 * recomputed in the same transaction as the status change, so lists never sort by a stale rating.
 */
import type { Knex } from 'knex';
import type {
  AdminReview,
  AdminReviewListQuery,
  AdminReviewPage,
  ReviewModerationResult,
  ReviewStatus,
} from '@moveratlas/contracts';
import { notFound } from '../../../lib/http-error';
import { recomputeRating } from './company-store';

interface ReviewRow {
  id: number;
  company_id: number;
  company_name: string;
  company_slug: string;
  rating: number;
  title: string;
  body: string;
  author_first_name: string;
  reviewed_on: string | Date;
  status: ReviewStatus;
  moderated_by: string | null;
  moderated_at: number | string | null;
}

const COLUMNS = [
  'r.id',
  'r.company_id',
  'c.name as company_name',
  'c.slug as company_slug',
  'r.rating',
  'r.title',
  'r.body',
  'r.author_first_name',
  'r.reviewed_on',
  'r.status',
  'r.moderated_by',
  'r.moderated_at',
];

function toReview(row: ReviewRow): AdminReview {
  return {
    id: Number(row.id),
    companyId: Number(row.company_id),
    companyName: row.company_name,
    companySlug: row.company_slug,
    rating: Number(row.rating),
    title: row.title,
    body: row.body,
    authorFirstName: row.author_first_name,
    reviewedOn:
      typeof row.reviewed_on === 'string'
        ? row.reviewed_on.slice(0, 10)
        : row.reviewed_on.toISOString().slice(0, 10),
    status: row.status,
    moderatedBy: row.moderated_by,
    moderatedAt:
      row.moderated_at === null ? null : new Date(Number(row.moderated_at)).toISOString(),
  };
}

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
  return {
    items: rows.map(toReview),
    total: Number(count?.n ?? 0),
    page: query.page,
    limit: query.limit,
  };
}

export async function moderateReview(
  db: Knex,
  id: number,
  status: ReviewStatus,
  by: string,
): Promise<ReviewModerationResult> {
  return db.transaction(async (trx) => {
    const review = (await trx('reviews').where('id', id).first('company_id')) as
      { company_id: number } | undefined;
    if (!review) throw notFound(`No review with id ${id}`);
    await trx('reviews')
      .where('id', id)
      .update({ status, moderated_by: by.slice(0, 64), moderated_at: Date.now() });
    const company = await recomputeRating(trx, Number(review.company_id));
    const row = (await trx({ r: 'reviews' })
      .join({ c: 'companies' }, 'c.id', 'r.company_id')
      .where('r.id', id)
      .first(COLUMNS)) as ReviewRow;
    return { review: toReview(row), company };
  });
}
