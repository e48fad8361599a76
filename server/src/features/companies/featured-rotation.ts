/**
 * The home page's featured companies (issue 15): a few of them a day, in a rotation that shows every featured
 * company in turn, so that ticking "featured" puts a company on the home page within days, whatever its rating.
 */
import type { Knex } from 'knex';
import type { Company } from '@moveratlas/contracts';
import { COMPANY_COLUMNS, companiesWithPlace, toCompanies, type CompanyRow } from './company-row';

const DAY_MS = 86_400_000;

/** The smallest step from about 0.618 of the list (the golden ratio) that visits every place of it. */
function strideFor(total: number): number {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  let stride = Math.max(1, Math.round(total * 0.618));
  while (gcd(stride, total) !== 1) stride++;
  return stride;
}

/**
 * The places, in a list of `total` featured companies, shown on day `day`: day d takes the turns d·size to
 * d·size + size − 1, turn k showing place k·stride mod total. The stride is coprime with the total, so any
 * `total` consecutive turns show every place exactly once — each company comes round once every
 * ⌈total / size⌉ days — and the golden-ratio step spreads a day's picks across the list (ids run by state and
 * city in a seeded directory), not a run of neighbours.
 */
export function rotationPlaces(total: number, size: number, day: number): number[] {
  if (total <= size) return Array.from({ length: total }, (_, place) => place);
  const stride = strideFor(total);
  const first = (((day * size) % total) + total) % total;
  return Array.from({ length: size }, (_, turn) => (((first + turn) % total) * stride) % total);
}

/**
 * Today's share of the featured, listed companies (UTC days, so every process and cached page agrees),
 * best ranked first among them.
 */
export async function listFeaturedToday(
  db: Knex,
  size: number,
  now = Date.now(),
): Promise<Company[]> {
  // Only the ids, from the (is_featured, is_in_list) index: a few thousand numbers at most.
  const ids = (await db({ c: 'companies' })
    .where({ 'c.is_featured': true, 'c.is_in_list': true })
    .orderBy('c.id')
    .pluck('c.id')) as number[];
  const picked = rotationPlaces(ids.length, size, Math.floor(now / DAY_MS)).map(
    (place) => ids[place]!,
  );
  if (picked.length === 0) return [];
  const rows = (await companiesWithPlace(db)
    .whereIn('c.id', picked)
    .select(COMPANY_COLUMNS)
    .orderBy([
      { column: 'c.rank_score', order: 'desc' },
      { column: 'c.review_count', order: 'desc' },
      { column: 'c.id', order: 'desc' },
    ])) as CompanyRow[];
  return toCompanies(db, rows);
}
