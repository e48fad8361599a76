/** Featured companies and the company profile. */
import type { Knex } from 'knex';
import {
  DEFAULT_REVIEW_VIEW,
  parseWeeklyHours,
  type Company,
  type CompanyProfile,
  type CompanyReviewPage,
  type ReviewView,
} from '@moveratlas/contracts';
import { companyLicensing } from '../licensing';
import {
  COMPANY_COLUMNS,
  companiesWithPlace,
  licensingNumbers,
  servicesByCompany,
  toCompanies,
  type CompanyRow,
} from './company-row';
import { publishedReviews, reviewPageOf } from './company-review-list';
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
  const [[company], reviews, distribution, licensingDetails] = await Promise.all([
    toCompanies(db, [row]),
    // The first page, newest first; the distribution summarises every review, and the rest (and the other
    // orders and filters) are pages of their own.
    publishedReviews(db, row.id, 1, DEFAULT_REVIEW_VIEW),
    db('reviews')
      .where({ company_id: row.id, status: 'published' })
      .groupBy('rating')
      .select('rating')
      .count({ count: '*' }) as Promise<Array<{ rating: number; count: number | string }>>,
    // The Licensing panel (issue 20): the facts FMCSA's files hold, each with its source, and the red flags.
    servicesByCompany(db, [row.id]).then((services) =>
      companyLicensing(db, licensingNumbers(row, services)),
    ),
  ]);
  const counts = new Map(distribution.map((d) => [Number(d.rating), Number(d.count)]));
  return {
    ...company!,
    hours: parseWeeklyHours(row.hours),
    reviews,
    ratingDistribution: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: counts.get(stars) ?? 0 })),
    licensingDetails,
  };
}

/**
 * Page `page` of a view of a listed company's published reviews (newest first and unfiltered by default);
 * undefined when there is no such listed company or the page is past the last (the first page always exists,
 * empty for a company without reviews or when nothing matches the filters).
 */
export async function findCompanyReviews(
  db: Knex,
  slug: string,
  page: number,
  view: ReviewView = DEFAULT_REVIEW_VIEW,
): Promise<CompanyReviewPage | undefined> {
  const company = (await listedCompany(db, slug).first('c.id')) as { id: number } | undefined;
  return company ? reviewPageOf(db, company.id, page, view) : undefined;
}
