/** Read-only queries for the XML sitemaps: every city that has listed companies, in pages. */
import type { Knex } from 'knex';

const citiesWithCompanies = (db: Knex) =>
  db({ ci: 'cities' }).whereExists(
    db({ c: 'companies' })
      .select(db.raw('1'))
      .whereRaw('c.city_id = ci.id')
      .where('c.is_in_list', true),
  );

export async function countCitiesWithCompanies(db: Knex): Promise<number> {
  const row = (await citiesWithCompanies(db).count({ total: '*' }).first()) as
    { total: number | string } | undefined;
  return Number(row?.total ?? 0);
}

/** State and city slugs of cities with companies, in id order, one sitemap's worth at a time. */
export async function citySlugsWithCompanies(
  db: Knex,
  offset: number,
  limit: number,
): Promise<Array<{ stateSlug: string; citySlug: string }>> {
  return (await citiesWithCompanies(db)
    .join({ s: 'states' }, 's.id', 'ci.state_id')
    .orderBy('ci.id')
    .offset(offset)
    .limit(limit)
    .select('s.slug as stateSlug', 'ci.slug as citySlug')) as Array<{
    stateSlug: string;
    citySlug: string;
  }>;
}
