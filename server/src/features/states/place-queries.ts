/** States with company counts, a state's cities, a city's detail and the hero's major cities. */
import type { Knex } from 'knex';
import {
  distanceMiles,
  MAJOR_CITIES,
  type CityDetail,
  type CitySummary,
  type MajorCity,
  type StateDetail,
  type StateSummary,
} from '@moveratlas/contracts';
import { TtlCache } from '../../lib/ttl-cache';
import { directoryStatistics } from './statistics';
import { loadStates, type StateRecord } from './state-lookup';

const countCaches = new WeakMap<Knex, TtlCache<Map<number, number>>>();

/** Listed companies per state id, cached for a minute. */
export function companyCountsByState(db: Knex): Promise<Map<number, number>> {
  let cache = countCaches.get(db);
  if (!cache) {
    cache = new TtlCache<Map<number, number>>(60_000, { followsPublicChanges: true });
    countCaches.set(db, cache);
  }
  return cache.get('all', async () => {
    const rows = (await db('companies')
      .where('is_in_list', true)
      .groupBy('state_id')
      .select('state_id', db.raw('COUNT(*) AS count'))) as Array<{
      state_id: number;
      count: number;
    }>;
    return new Map(rows.map((r) => [r.state_id, Number(r.count)]));
  });
}

const summary = (state: StateRecord, counts: Map<number, number>): StateSummary => ({
  name: state.name,
  slug: state.slug,
  abbreviation: state.abbreviation,
  region: state.region,
  companyCount: counts.get(state.id) ?? 0,
});

export async function listStates(db: Knex): Promise<StateSummary[]> {
  const [states, counts] = await Promise.all([loadStates(db), companyCountsByState(db)]);
  return states.map((s) => summary(s, counts));
}

interface CityCountRow {
  id: number;
  name: string;
  slug: string;
  lat: number | null;
  lng: number | null;
  company_count: number;
}

function citiesWithCompanies(db: Knex): Knex.QueryBuilder {
  return db({ ci: 'cities' })
    .join({ c: 'companies' }, 'c.city_id', 'ci.id')
    .where('c.is_in_list', true)
    .groupBy('ci.id', 'ci.name', 'ci.slug', 'ci.lat', 'ci.lng')
    .select(
      'ci.id',
      'ci.name',
      'ci.slug',
      'ci.lat',
      'ci.lng',
      db.raw('COUNT(c.id) AS company_count'),
    );
}

const citySummary = (row: CityCountRow): CitySummary => ({
  name: row.name,
  slug: row.slug,
  companyCount: Number(row.company_count),
  lat: row.lat,
  lng: row.lng,
});

export async function stateDetail(db: Knex, state: StateRecord): Promise<StateDetail> {
  const [counts, statistics, cities] = await Promise.all([
    companyCountsByState(db),
    directoryStatistics(db, { stateId: state.id }),
    citiesWithCompanies(db)
      .where('ci.state_id', state.id)
      .orderBy([{ column: 'company_count', order: 'desc' }, { column: 'ci.name' }]) as Promise<
      CityCountRow[]
    >,
  ]);
  return { ...summary(state, counts), statistics, cities: cities.map(citySummary) };
}

/** How far around a city to look for neighbours; about 140 miles of latitude. */
const NEARBY_DEGREES = 2;
const NEARBY_LIMIT = 8;

export async function cityDetail(
  db: Knex,
  state: StateRecord,
  citySlug: string,
): Promise<CityDetail | undefined> {
  const city = (await db('cities')
    .where({ state_id: state.id, slug: citySlug })
    .first('id', 'name', 'slug', 'lat', 'lng')) as
    { id: number; name: string; slug: string; lat: number | null; lng: number | null } | undefined;
  if (!city) return undefined;
  const [zips, statistics, neighbours, states] = await Promise.all([
    // Where people live: a city page lists no P.O.-box or unique ZIP (they still place a typed route).
    db('zip_codes')
      .where({ city_id: city.id, kind: 'standard' })
      .orderBy('zip')
      .pluck('zip') as Promise<string[]>,
    directoryStatistics(db, { cityId: city.id }),
    city.lat === null || city.lng === null
      ? Promise.resolve([] as Array<CityCountRow & { state_id: number }>)
      : (citiesWithCompanies(db)
          .select('ci.state_id')
          .groupBy('ci.state_id')
          .whereBetween('ci.lat', [city.lat - NEARBY_DEGREES, city.lat + NEARBY_DEGREES])
          .whereBetween('ci.lng', [
            city.lng - NEARBY_DEGREES * 1.4,
            city.lng + NEARBY_DEGREES * 1.4,
          ])
          .whereNot('ci.id', city.id) as Promise<Array<CityCountRow & { state_id: number }>>),
    loadStates(db),
  ]);
  const stateById = new Map(states.map((s) => [s.id, s]));
  const origin =
    city.lat !== null && city.lng !== null ? { lat: city.lat, lng: city.lng } : undefined;
  const nearbyCities = origin
    ? neighbours
        .filter((n) => n.lat !== null && n.lng !== null)
        .map((n) => {
          const s = stateById.get(n.state_id)!;
          return {
            ...citySummary(n),
            state: { name: s.name, slug: s.slug, abbreviation: s.abbreviation },
            distanceMiles:
              Math.round(distanceMiles(origin, { lat: n.lat!, lng: n.lng! }) * 10) / 10,
          };
        })
        .sort((a, b) => a.distanceMiles - b.distanceMiles || a.name.localeCompare(b.name))
        .slice(0, NEARBY_LIMIT)
    : [];
  return {
    id: city.id,
    name: city.name,
    slug: city.slug,
    lat: city.lat,
    lng: city.lng,
    zipCodes: zips,
    state: { name: state.name, slug: state.slug, abbreviation: state.abbreviation },
    statistics,
    nearbyCities,
  };
}

export async function majorCities(db: Knex): Promise<MajorCity[]> {
  const states = await loadStates(db);
  const stateIdBySlug = new Map(states.map((s) => [s.slug, s.id]));
  const cities = (await db('cities')
    .where((qb) => {
      for (const city of MAJOR_CITIES) {
        qb.orWhere({ state_id: stateIdBySlug.get(city.stateSlug) ?? -1, slug: city.citySlug });
      }
    })
    .select('id', 'state_id', 'slug')) as Array<{ id: number; state_id: number; slug: string }>;
  const counts = (await db('companies')
    .whereIn(
      'city_id',
      cities.map((c) => c.id),
    )
    .where('is_in_list', true)
    .groupBy('city_id')
    .select('city_id', db.raw('COUNT(*) AS count'))) as Array<{ city_id: number; count: number }>;
  const countByCity = new Map(counts.map((c) => [c.city_id, Number(c.count)]));
  return MAJOR_CITIES.map((major) => {
    const city = cities.find(
      (c) => c.state_id === stateIdBySlug.get(major.stateSlug) && c.slug === major.citySlug,
    );
    return {
      name: major.name,
      stateSlug: major.stateSlug,
      citySlug: major.citySlug,
      stateAbbreviation: major.stateAbbreviation,
      count: city ? (countByCity.get(city.id) ?? 0) : 0,
    };
  });
}
