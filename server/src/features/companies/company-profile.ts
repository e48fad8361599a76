/** Featured companies and the company profile. */
import type { Knex } from 'knex';
import {
  parseWeeklyHours,
  REVIEWS_PER_PAGE,
  reviewPageCount,
  type Company,
  type CompanyProfile,
  type CompanyReviewPage,
  type Review,
} from '@moveratlas/contracts';
import { COMPANY_COLUMNS, companiesWithPlace, toCompanies, type CompanyRow } from './company-row';
import { renamedCompanySlug } from './former-slugs';

/** Featured companies, best ranked first (by rank score: the companies_sort_featured index serves it). */
export async function listFeaturedCompanies(db: Knex, limit: number): Promise<Company[]> {
  const rows = (await companiesWithPlace(db)
    .where({ 'c.is_in_list': true, 'c.is_featured': true })
    .select(COMPANY_COLUMNS)
    .orderBy([
      { column: 'c.rank_score', order: 'desc' },
      { column: 'c.review_count', order: 'desc' },
      { column: 'c.id', order: 'desc' },
    ])
    .limit(limit)) as CompanyRow[];
  return toCompanies(db, rows);
}

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

/**
 * A page of a company's published reviews, newest first (ties by id, so pages never overlap), each with the
 * company's reply when staff have published one.
 */
function publishedReviews(db: Knex, companyId: number, page: number): Promise<ReviewRow[]> {
  return db({ r: 'reviews' })
    .leftJoin({ rr: 'review_replies' }, (join) => {
      join.on('rr.review_id', '=', 'r.id').andOnVal('rr.status', '=', 'published');
    })
    .where({ 'r.company_id': companyId, 'r.status': 'published' })
    .orderBy([
      { column: 'r.reviewed_on', order: 'desc' },
      { column: 'r.id', order: 'desc' },
    ])
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
    ) as Promise<ReviewRow[]>;
}

// An unlisted company has no public profile (page or API), as it has no place in lists, search or sitemaps.
const listedCompany = (db: Knex, slug: string) =>
  companiesWithPlace(db).where({ 'c.slug': slug, 'c.is_in_list': true });

/**
 * The profile of the listed company with `slug`, or of the one that had it before its current slug: then the
 * answer's slug differs from the one asked for, and the page and the API answer 301 to it (decision 028).
 */
export async function findCompanyProfile(
  db: Knex,
  slug: string,
): Promise<CompanyProfile | undefined> {
  const bySlug = (current: string) =>
    listedCompany(db, current)
      .select([...COMPANY_COLUMNS, 'c.hours'])
      .first() as Promise<(CompanyRow & { hours: string | null }) | undefined>;
  let row = await bySlug(slug);
  if (!row) {
    const current = await renamedCompanySlug(db, slug);
    if (current) row = await bySlug(current);
  }
  if (!row) return undefined;
  const [[company], reviews, distribution] = await Promise.all([
    toCompanies(db, [row]),
    // The first page; the distribution summarises every review, and the rest are pages of their own.
    publishedReviews(db, row.id, 1),
    db('reviews')
      .where({ company_id: row.id, status: 'published' })
      .groupBy('rating')
      .select('rating')
      .count({ count: '*' }) as Promise<Array<{ rating: number; count: number | string }>>,
  ]);
  const counts = new Map(distribution.map((d) => [Number(d.rating), Number(d.count)]));
  return {
    ...company!,
    hours: parseWeeklyHours(row.hours),
    reviews: reviews.map(toReview),
    ratingDistribution: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: counts.get(stars) ?? 0 })),
  };
}

/**
 * Page `page` of a listed company's published reviews; undefined when there is no such listed company or
 * the page is past the last (the first page always exists, empty for a company without reviews).
 */
export async function findCompanyReviews(
  db: Knex,
  slug: string,
  page: number,
): Promise<CompanyReviewPage | undefined> {
  const company = (await listedCompany(db, slug).first('c.id')) as { id: number } | undefined;
  if (!company) return undefined;
  const counted = (await db('reviews')
    .where({ company_id: company.id, status: 'published' })
    .count({ total: '*' })
    .first()) as { total: number | string } | undefined;
  const total = Number(counted?.total ?? 0);
  const pageCount = reviewPageCount(total);
  if (page > pageCount) return undefined;
  const reviews = await publishedReviews(db, company.id, page);
  return { reviews: reviews.map(toReview), page, pageCount, total };
}
