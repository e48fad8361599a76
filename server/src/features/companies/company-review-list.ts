/**
 * A listed company's published reviews as its profile lists them (issue 19): a page at a time, in the order the
 * visitor chose (newest, highest or lowest rated first) and, when asked, only the verified ones or only those
 * whose writer hired the mover. Only status 'published' is ever read: held, rejected and hidden reviews stay
 * with staff, and deleted ones are gone.
 */
import type { Knex } from 'knex';
import {
  REVIEWS_PER_PAGE,
  reviewPageCount,
  reviewPhotoPath,
  type CompanyReviewPage,
  type Review,
  type ReviewPhoto,
  type ReviewSort,
  type ReviewView,
} from '@moveratlas/contracts';

type ReviewRow = {
  id: number;
  rating: number;
  title: string;
  body: string;
  author_first_name: string;
  reviewed_on: string | Date;
  verified_request_on: string | null;
  reply_body: string | null;
  reply_at: number | string | null;
};

const toReview = (r: ReviewRow): Review => ({
  id: r.id,
  rating: Number(r.rating),
  title: r.title,
  text: r.body,
  authorFirstName: r.author_first_name,
  date:
    typeof r.reviewed_on === 'string'
      ? r.reviewed_on.slice(0, 10)
      : r.reviewed_on.toISOString().slice(0, 10),
  // Written from a request's link (issue 19): the public sees "Verified request through … on …".
  verifiedRequestOn: r.verified_request_on,
  // The company's reply, once staff published it (issue 17); dated the day it was published.
  reply:
    r.reply_body === null
      ? null
      : {
          text: r.reply_body,
          date: new Date(Number(r.reply_at ?? Date.now())).toISOString().slice(0, 10),
        },
});

/** The reviews' photos (issue 19), review by review in their order: the page shows published reviews only. */
async function photosOf(
  db: Knex,
  reviewIds: readonly number[],
): Promise<Map<number, ReviewPhoto[]>> {
  const byReview = new Map<number, ReviewPhoto[]>();
  if (reviewIds.length === 0) return byReview;
  const rows = (await db('review_photos')
    .whereIn('review_id', reviewIds)
    .orderBy([
      { column: 'review_id', order: 'asc' },
      { column: 'position', order: 'asc' },
      { column: 'id', order: 'asc' },
    ])
    .select('id', 'review_id', 'width', 'height', 'caption')) as Array<{
    id: number | string;
    review_id: number | string;
    width: number | string;
    height: number | string;
    caption: string | null;
  }>;
  for (const row of rows) {
    const id = Number(row.id);
    const list = byReview.get(Number(row.review_id)) ?? [];
    list.push({
      id,
      url: reviewPhotoPath(id, 'photo'),
      thumbUrl: reviewPhotoPath(id, 'thumb'),
      width: Number(row.width),
      height: Number(row.height),
      caption: row.caption,
    });
    byReview.set(Number(row.review_id), list);
  }
  return byReview;
}

/**
 * Each order, ties broken newest first and then by id, so a page boundary never falls between equal rows in
 * two ways (no review on two pages, none on neither).
 */
const ORDERS: Record<ReviewSort, Array<{ column: string; order: 'asc' | 'desc' }>> = {
  newest: [
    { column: 'r.reviewed_on', order: 'desc' },
    { column: 'r.id', order: 'desc' },
  ],
  highest: [
    { column: 'r.rating', order: 'desc' },
    { column: 'r.reviewed_on', order: 'desc' },
    { column: 'r.id', order: 'desc' },
  ],
  lowest: [
    { column: 'r.rating', order: 'asc' },
    { column: 'r.reviewed_on', order: 'desc' },
    { column: 'r.id', order: 'desc' },
  ],
};

/**
 * The company's published reviews the view keeps. The (company_id, status, reviewed_on) index narrows every
 * query to one company's published reviews — tens, at most a few thousand rows — so the other orders and the
 * filters sort and test those rows without an index of their own.
 */
function viewedReviews(db: Knex, companyId: number, view: ReviewView) {
  const query = db({ r: 'reviews' }).where({ 'r.company_id': companyId, 'r.status': 'published' });
  if (view.verified) query.whereNotNull('r.verified_request_on');
  if (view.hired) query.where('r.hired', 'yes');
  return query;
}

/** A page of the view, each review with the company's reply when staff have published one. */
export async function publishedReviews(
  db: Knex,
  companyId: number,
  page: number,
  view: ReviewView,
): Promise<Review[]> {
  const rows = (await viewedReviews(db, companyId, view)
    .leftJoin({ rr: 'review_replies' }, (join) => {
      join.on('rr.review_id', '=', 'r.id').andOnVal('rr.status', '=', 'published');
    })
    .orderBy(ORDERS[view.sort])
    .offset((page - 1) * REVIEWS_PER_PAGE)
    .limit(REVIEWS_PER_PAGE)
    .select(
      'r.id',
      'r.rating',
      'r.title',
      'r.body',
      'r.author_first_name',
      'r.reviewed_on',
      'r.verified_request_on',
      'rr.body as reply_body',
      'rr.moderated_at as reply_at',
    )) as ReviewRow[];
  const photos = await photosOf(
    db,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => {
    const shown = photos.get(Number(r.id));
    return shown ? { ...toReview(r), photos: shown } : toReview(r);
  });
}

/**
 * Page `page` of the view of a company's reviews; undefined when the page is past the last (the first page
 * always exists, empty when nothing matches).
 */
export async function reviewPageOf(
  db: Knex,
  companyId: number,
  page: number,
  view: ReviewView,
): Promise<CompanyReviewPage | undefined> {
  const counted = (await viewedReviews(db, companyId, view).count({ total: '*' }).first()) as
    { total: number | string } | undefined;
  const total = Number(counted?.total ?? 0);
  const pageCount = reviewPageCount(total);
  if (page > pageCount) return undefined;
  const reviews = await publishedReviews(db, companyId, page, view);
  return { reviews, page, pageCount, total };
}
