/** Featured companies and the company profile. */
import type { Knex } from 'knex';
import type { Company, CompanyProfile, Review } from '@moveratlas/contracts';
import { COMPANY_COLUMNS, companiesWithPlace, toCompanies, type CompanyRow } from './company-row';

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

/** How many of a company's reviews its profile carries; the rest are summarised by the distribution. */
export const PROFILE_REVIEW_LIMIT = 50;

export async function findCompanyProfile(
  db: Knex,
  slug: string,
): Promise<CompanyProfile | undefined> {
  // An unlisted company has no public profile (page or API), as it has no place in lists, search or sitemaps.
  const row = (await companiesWithPlace(db)
    .where({ 'c.slug': slug, 'c.is_in_list': true })
    .select(COMPANY_COLUMNS)
    .first()) as CompanyRow | undefined;
  if (!row) return undefined;
  const [[company], reviews, distribution] = await Promise.all([
    toCompanies(db, [row]),
    db('reviews')
      .where({ company_id: row.id, status: 'published' })
      .orderBy([
        { column: 'reviewed_on', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(PROFILE_REVIEW_LIMIT)
      .select('id', 'rating', 'title', 'body', 'author_first_name', 'reviewed_on') as Promise<
      Array<{
        id: number;
        rating: number;
        title: string;
        body: string;
        author_first_name: string;
        reviewed_on: string | Date;
      }>
    >,
    db('reviews')
      .where({ company_id: row.id, status: 'published' })
      .groupBy('rating')
      .select('rating')
      .count({ count: '*' }) as Promise<Array<{ rating: number; count: number | string }>>,
  ]);
  const counts = new Map(distribution.map((d) => [Number(d.rating), Number(d.count)]));
  return {
    ...company!,
    reviews: reviews.map((r): Review => ({
      id: r.id,
      rating: Number(r.rating),
      title: r.title,
      text: r.body,
      authorFirstName: r.author_first_name,
      date:
        typeof r.reviewed_on === 'string'
          ? r.reviewed_on.slice(0, 10)
          : r.reviewed_on.toISOString().slice(0, 10),
    })),
    ratingDistribution: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: counts.get(stars) ?? 0 })),
  };
}
