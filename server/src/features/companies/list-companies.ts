/** The public company list: filters, sorts and pagination of GET /api/companies. */
import type { Knex } from 'knex';
import type { Company, CompanyListQuery, CompanySort } from '@moveratlas/contracts';
import { badRequest } from '../../lib/http-error';
import { TtlCache } from '../../lib/ttl-cache';
import { resolveState } from '../states';
import { companySearchTokens } from '../../lib/search-tokens';
import { companiesMatchingWords } from '../search';
import { COMPANY_COLUMNS, toCompanies, withPlace, type CompanyRow } from './company-row';

type OrderBy = Array<{ column: string; order: 'asc' | 'desc' }>;

// Each sort matches one of the companies_sort_* / companies_state_* indexes column for column. "Featured"
// (Recommended) and "rating" (Highest rated) rank by the confidence-weighted rank score, not the raw average
// (issue 15, docs/decisions/020-confidence-weighted-ranking.md); ties go to the company with more reviews.
const ORDER: Record<CompanySort, OrderBy> = {
  featured: [
    { column: 'c.is_featured', order: 'desc' },
    { column: 'c.rank_score', order: 'desc' },
    { column: 'c.review_count', order: 'desc' },
    { column: 'c.id', order: 'desc' },
  ],
  rating: [
    { column: 'c.rank_score', order: 'desc' },
    { column: 'c.review_count', order: 'desc' },
    { column: 'c.id', order: 'desc' },
  ],
  reviews: [
    { column: 'c.review_count', order: 'desc' },
    { column: 'c.rating', order: 'desc' },
    { column: 'c.id', order: 'desc' },
  ],
  name: [
    { column: 'c.name', order: 'asc' },
    { column: 'c.id', order: 'asc' },
  ],
};

export interface CompanyPage {
  companies: Company[];
  total: number;
}

interface ResolvedFilters {
  stateId?: number;
  citySlug?: string;
  service?: string;
  tokens?: string[];
  featuredOnly?: boolean;
  /** Only companies with active interstate for-hire authority in FMCSA's files (issue 20). */
  licensedInterstate?: boolean;
}

async function resolveFilters(
  db: Knex,
  query: CompanyListQuery,
): Promise<ResolvedFilters | 'no-match'> {
  const filters: ResolvedFilters = {};
  if (query.state !== undefined) {
    const state = await resolveState(db, query.state);
    if (!state)
      throw badRequest(`State must be a US state slug, name or abbreviation, got "${query.state}"`);
    filters.stateId = state.id;
  }
  if (query.city !== undefined) {
    if (filters.stateId === undefined)
      throw badRequest('A city needs its state too, since city slugs are unique within a state');
    filters.citySlug = query.city;
  }
  if (query.service !== undefined) filters.service = query.service;
  if (query.featured === 'true') filters.featuredOnly = true;
  if (query.licensed === 'interstate') filters.licensedInterstate = true;
  if (query.q !== undefined && query.q !== '') {
    const tokens = companySearchTokens(query.q);
    if (tokens.length === 0) return 'no-match';
    filters.tokens = tokens;
  }
  return filters;
}

function applyFilters(
  db: Knex,
  qb: Knex.QueryBuilder,
  filters: ResolvedFilters,
): Knex.QueryBuilder {
  qb.where('c.is_in_list', true);
  if (filters.stateId !== undefined) qb.where('c.state_id', filters.stateId);
  if (filters.citySlug !== undefined) {
    qb.where(
      'c.city_id',
      db('cities')
        .select('id')
        .where({ state_id: filters.stateId, slug: filters.citySlug })
        .first(),
    );
  }
  if (filters.featuredOnly) qb.where('c.is_featured', true);
  if (filters.service !== undefined) {
    qb.whereExists(
      db('company_services as cs')
        .select(db.raw('1'))
        .whereRaw('cs.company_id = c.id')
        .where('cs.service_id', filters.service),
    );
  }
  if (filters.licensedInterstate) {
    // The authority stored with each company's match, refreshed after every import (licensing's
    // company-matches.ts): one indexed look-up (licensing_company_matches_authority) per company.
    qb.whereExists(
      db('licensing_company_matches as lcm')
        .select(db.raw('1'))
        .whereRaw('lcm.company_id = c.id')
        .where('lcm.authority', 'active'),
    );
  }
  return qb;
}

// Totals are the one costly part of a page on a large directory; kept 10 s, or until the directory changes.
const totals = new WeakMap<Knex, TtlCache<number>>();

function countCache(db: Knex): TtlCache<number> {
  let cache = totals.get(db);
  if (!cache) {
    cache = new TtlCache<number>(10_000, { followsPublicChanges: true });
    totals.set(db, cache);
  }
  return cache;
}

export async function listCompanies(db: Knex, query: CompanyListQuery): Promise<CompanyPage> {
  const filters = await resolveFilters(db, query);
  if (filters === 'no-match') return { companies: [], total: 0 };

  // With search words, start from the word index (see companiesMatchingWords); otherwise from the sort index.
  const companies = () =>
    filters.tokens ? companiesMatchingWords(db, filters.tokens) : db({ c: 'companies' });
  // The page's ids first, from the companies alone, then their columns and places for those rows only (a
  // deferred join). Joined from the start, MariaDB began at the 51 states and sorted every listed company
  // for each page: 50-70 ms at 10,000 companies, which held the request pool under load (bench:fleet);
  // the ids alone come from the sort index in order, and the outer sort only orders the page's rows.
  const pageIds = applyFilters(db, companies(), filters)
    .select('c.id')
    .orderBy(ORDER[query.sort])
    .limit(query.limit)
    .offset(query.offset);
  const rowsQuery = withPlace(db({ c: 'companies' }).join(pageIds.as('page'), 'page.id', 'c.id'))
    .select(COMPANY_COLUMNS)
    .orderBy(ORDER[query.sort]);

  const countKey = JSON.stringify(filters);
  const [rows, total] = await Promise.all([
    rowsQuery as Promise<CompanyRow[]>,
    countCache(db).get(countKey, async () => {
      const result = (await applyFilters(db, companies(), filters)
        .count({ total: '*' })
        .first()) as { total: number | string } | undefined;
      return Number(result?.total ?? 0);
    }),
  ]);
  return { companies: await toCompanies(db, rows), total };
}
