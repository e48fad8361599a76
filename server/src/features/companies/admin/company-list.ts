/**
 * GET /api/admin/companies: every company, listed or not, searched by name, city or USDOT number, filtered
 * and sorted on the server. Searching starts from the small set of matching ids (the word index for names,
 * the city name index, the USDOT unique index), so a search costs the same at 2,000 or 200,000 companies;
 * without a search each sort walks its own index (migration 62).
 */
import type { Knex } from 'knex';
import type {
  AdminCompanyListQuery,
  AdminCompanyPage,
  AdminCompanyRow,
  AdminCompanySort,
} from '@moveratlas/contracts';
import { citySearchName, companySearchTokens, prefixUpperBound } from '../../../lib/search-tokens';
import { companyIdsMatchingWords } from '../../search';
import { isoTimestamp } from './company-store';

const SORT_COLUMNS: Record<AdminCompanySort, { columns: string[]; order: 'asc' | 'desc' }> = {
  name: { columns: ['c.name'], order: 'asc' },
  state: { columns: ['s.abbreviation', 'ci.name', 'c.name'], order: 'asc' },
  rating: { columns: ['c.rating', 'c.review_count'], order: 'desc' },
  reviews: { columns: ['c.review_count', 'c.rating'], order: 'desc' },
  updated: { columns: ['c.updated_at'], order: 'desc' },
};

/** Ids of companies whose name has words starting with the query's, in a city so named, or a USDOT number starting with it. */
export function matchingIds(db: Knex, q: string): Knex.QueryBuilder | null {
  const parts: Knex.QueryBuilder[] = [];
  const tokens = companySearchTokens(q);
  if (tokens.length > 0)
    parts.push(companyIdsMatchingWords(db, tokens).clearSelect().distinct('t.company_id as id'));
  const city = citySearchName(q);
  if (city !== '') {
    parts.push(
      db('companies')
        .select('id')
        .whereIn(
          'city_id',
          db('cities')
            .select('id')
            .where('search_name', '>=', city)
            .andWhere('search_name', '<', prefixUpperBound(city)),
        ),
    );
  }
  const digits = q.replace(/^(?:us)?dot\s*#?\s*/i, '').trim();
  if (/^\d{1,12}$/.test(digits)) {
    parts.push(
      db('companies')
        .select('id')
        .where('usdot_number', '>=', digits)
        .andWhere('usdot_number', '<', prefixUpperBound(digits)),
    );
  }
  if (parts.length === 0) return null;
  const [first, ...rest] = parts;
  return rest.length === 0 ? first! : first!.union(rest);
}

export function applyFilters(db: Knex, qb: Knex.QueryBuilder, query: AdminCompanyListQuery): void {
  if (query.state)
    qb.where('c.state_id', db('states').select('id').where('abbreviation', query.state));
  if (query.featured) qb.where('c.is_featured', query.featured === 'true');
  if (query.inList) qb.where('c.is_in_list', query.inList === 'true');
  if (query.service) {
    qb.whereExists(
      db('company_services as cs')
        .select(db.raw('1'))
        .whereRaw('cs.company_id = c.id')
        .where('cs.service_id', query.service),
    );
  }
  switch (query.rating) {
    case '4.5':
    case '4':
    case '3':
      qb.where('c.rating', '>=', Number(query.rating));
      break;
    case 'below-3':
      qb.where('c.rating', '<', 3);
      break;
    case 'unrated':
      qb.whereNull('c.rating');
      break;
    default:
      break;
  }
}

interface ListRow {
  id: number;
  slug: string;
  name: string;
  city: string;
  state: string;
  usdot_number: string | null;
  rating: number | string | null;
  review_count: number;
  is_featured: number | boolean;
  is_in_list: number | boolean;
  updated_at: string | Date;
  version: number | string;
}

export async function listAdminCompanies(
  db: Knex,
  query: AdminCompanyListQuery,
): Promise<AdminCompanyPage> {
  const q = query.q ?? '';
  const ids = q === '' ? null : matchingIds(db, q);
  if (q !== '' && ids === null)
    return { items: [], total: 0, page: query.page, limit: query.limit };

  const base = () => {
    const qb = ids
      ? db.from(ids.as('m')).join({ c: 'companies' }, 'c.id', 'm.id')
      : db({ c: 'companies' });
    applyFilters(db, qb, query);
    return qb;
  };
  const sort = SORT_COLUMNS[query.sort];
  const order = query.order ?? sort.order;
  // The id breaks ties, so pages never overlap.
  const orderBy = [...sort.columns.map((column) => ({ column, order })), { column: 'c.id', order }];
  const joinPlaces = (qb: Knex.QueryBuilder): Knex.QueryBuilder =>
    qb.join({ ci: 'cities' }, 'ci.id', 'c.city_id').join({ s: 'states' }, 's.id', 'c.state_id');
  // A late row lookup: the page's 50 ids are found first from the companies table alone (an index, often
  // covering), and only those rows are joined to their city and state. Joining first made the database sort
  // or skip whole joined rows: 1.2 s for page 2,000 and 340 ms for one state's companies by reviews on
  // 200,000 companies, against a few milliseconds this way.
  const pageIds = (query.sort === 'state' ? joinPlaces(base()) : base())
    .select('c.id')
    .orderBy(orderBy)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  // CROSS JOIN keeps the 50 ids as the outer loop on SQLite, whose planner cannot see that a bound LIMIT is
  // small and would otherwise walk all companies in name order probing the ids (1 s); MySQL reads it as JOIN.
  const rowsQuery = joinPlaces(
    db.from(pageIds.as('p')).crossJoin('companies as c', (on) => {
      on.on('c.id', '=', 'p.id');
    }),
  )
    .select(
      'c.id',
      'c.slug',
      'c.name',
      'ci.name as city',
      's.abbreviation as state',
      'c.usdot_number',
      'c.rating',
      'c.review_count',
      'c.is_featured',
      'c.is_in_list',
      'c.updated_at',
      'c.version',
    )
    .orderBy(orderBy);
  const [rows, count] = await Promise.all([
    rowsQuery as Promise<ListRow[]>,
    base().count({ n: '*' }).first() as Promise<{ n: number | string } | undefined>,
  ]);
  return {
    items: rows.map((r): AdminCompanyRow => ({
      id: Number(r.id),
      slug: r.slug,
      name: r.name,
      city: r.city,
      state: r.state,
      usdotNumber: r.usdot_number,
      rating: r.rating === null ? null : Number(r.rating),
      reviewCount: Number(r.review_count),
      isFeatured: Boolean(r.is_featured),
      isInList: Boolean(r.is_in_list),
      updatedAt: isoTimestamp(r.updated_at),
      version: Number(r.version),
    })),
    total: Number(count?.n ?? 0),
    page: query.page,
    limit: query.limit,
  };
}
