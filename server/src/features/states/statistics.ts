/** Directory statistics for the whole country, a state or a city: counts, ratings and the service mix. */
import type { Knex } from 'knex';
import type { DirectoryStatistics } from '@moveratlas/contracts';
import { TtlCache } from '../../lib/ttl-cache';

export interface StatisticsScope {
  stateId?: number;
  cityId?: number;
}

function scoped(qb: Knex.QueryBuilder, scope: StatisticsScope): Knex.QueryBuilder {
  qb.where('c.is_in_list', true);
  if (scope.stateId !== undefined) qb.where('c.state_id', scope.stateId);
  if (scope.cityId !== undefined) qb.where('c.city_id', scope.cityId);
  return qb;
}

// Rounded star buckets, written as CASE so the same SQL runs on SQLite and MySQL.
const STAR_BUCKET =
  'CASE WHEN c.rating >= 4.5 THEN 5 WHEN c.rating >= 3.5 THEN 4 WHEN c.rating >= 2.5 THEN 3 WHEN c.rating >= 1.5 THEN 2 ELSE 1 END';

async function computeStatistics(db: Knex, scope: StatisticsScope): Promise<DirectoryStatistics> {
  const [totals, buckets, services] = await Promise.all([
    scoped(db({ c: 'companies' }), scope).first(
      db.raw('COUNT(*) AS company_count'),
      db.raw('SUM(CASE WHEN c.is_featured THEN 1 ELSE 0 END) AS featured_count'),
      db.raw('AVG(c.rating) AS average_rating'),
      db.raw('SUM(c.review_count) AS review_count'),
    ) as Promise<{
      company_count: number;
      featured_count: number | null;
      average_rating: number | null;
      review_count: number | null;
    }>,
    scoped(db({ c: 'companies' }), scope)
      .whereNotNull('c.rating')
      .groupBy(db.raw(STAR_BUCKET))
      .select(db.raw(`${STAR_BUCKET} AS stars`), db.raw('COUNT(*) AS count')) as Promise<
      Array<{ stars: number; count: number }>
    >,
    scoped(db({ cs: 'company_services' }).join({ c: 'companies' }, 'c.id', 'cs.company_id'), scope)
      .join({ sv: 'services' }, 'sv.id', 'cs.service_id')
      .groupBy('sv.id', 'sv.name', 'sv.sort_order')
      .orderBy('sv.sort_order')
      .select('sv.id', 'sv.name', db.raw('COUNT(*) AS count')) as Promise<
      Array<{ id: string; name: string; count: number }>
    >,
  ]);
  const byStars = new Map(buckets.map((b) => [Number(b.stars), Number(b.count)]));
  return {
    companyCount: Number(totals.company_count),
    featuredCount: Number(totals.featured_count ?? 0),
    averageRating:
      totals.average_rating === null ? null : Math.round(Number(totals.average_rating) * 100) / 100,
    reviewCount: Number(totals.review_count ?? 0),
    ratingDistribution: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: byStars.get(stars) ?? 0 })),
    serviceMix: services.map((s) => ({ id: s.id, name: s.name, count: Number(s.count) })),
  };
}

const caches = new WeakMap<Knex, TtlCache<DirectoryStatistics>>();

/** Drops this process's cached figures, so the next read recomputes them (the recompute-statistics script). */
export function forgetDirectoryStatistics(db: Knex): void {
  caches.delete(db);
}

/** Statistics change only as companies and reviews do; a minute of staleness keeps pages cheap. */
export function directoryStatistics(
  db: Knex,
  scope: StatisticsScope,
): Promise<DirectoryStatistics> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new TtlCache<DirectoryStatistics>(60_000, { followsPublicChanges: true });
    caches.set(db, cache);
  }
  return cache.get(JSON.stringify(scope), () => computeStatistics(db, scope));
}
