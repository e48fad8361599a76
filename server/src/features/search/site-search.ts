/** GET /api/search: companies, cities, states and ZIP codes matching what a visitor typed, grouped and ranked. */
import type { Knex } from 'knex';
import { distance } from 'fastest-levenshtein';
import {
  cityPath,
  findState,
  statePath,
  type SearchQuery,
  type SearchResults,
} from '@moveratlas/contracts';
import { TtlCache } from '../../lib/ttl-cache';
import { zipsByPrefix } from '../geo';
import { companyCountsByState } from '../states';
import { loadStates } from '../states';
import { citySearchName, companySearchTokens, prefixUpperBound } from '../../lib/search-tokens';
import { companiesMatchingWords } from './company-matches';
import { understandPlaceQuery, type PlaceQuery } from './place-query';
import { LIKE_ESCAPE, likeContains } from '../../lib/sql-like';

type Group<K extends keyof SearchResults['totals']> = { items: SearchResults[K]; total: number };

/** Misspellings tolerated: one edit in short words, two in longer ones. */
const allowedEdits = (length: number) => (length <= 4 ? 0 : length <= 7 ? 1 : 2);

async function searchCompanies(
  db: Knex,
  q: string,
  limit: number,
  offset: number,
): Promise<Group<'companies'>> {
  const tokens = companySearchTokens(q);
  if (tokens.length === 0) return { items: [], total: 0 };
  const matching = companiesMatchingWords(db, tokens).where('c.is_in_list', true);
  const [rows, count] = await Promise.all([
    matching
      .clone()
      .join({ ci: 'cities' }, 'ci.id', 'c.city_id')
      .join({ s: 'states' }, 's.id', 'c.state_id')
      // Relevance first: the name as typed, then names that start with it, then the other matches.
      .orderByRaw(
        `CASE WHEN LOWER(c.name) = ? THEN 0 WHEN LOWER(c.name) LIKE ? ${LIKE_ESCAPE} THEN 1 ELSE 2 END`,
        [q.trim().toLowerCase(), `${likeContains(q.trim().toLowerCase()).slice(1)}`],
      )
      .orderBy([
        { column: 'c.is_featured', order: 'desc' },
        { column: 'c.review_count', order: 'desc' },
        { column: 'c.id', order: 'asc' },
      ])
      .limit(limit)
      .offset(offset)
      .select(
        'c.id',
        'c.name',
        'c.slug',
        'c.rating',
        'c.review_count',
        'ci.name as city',
        's.abbreviation as state',
      ) as Promise<
      Array<{
        id: number;
        name: string;
        slug: string;
        rating: number | string | null;
        review_count: number;
        city: string;
        state: string;
      }>
    >,
    matching.clone().count({ total: '*' }).first() as Promise<{ total: number | string }>,
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      slug: r.slug,
      city: r.city,
      state: r.state,
      rating: r.rating === null ? null : Number(r.rating),
      reviewCount: r.review_count,
    })),
    total: Number(count.total),
  };
}

interface CityCandidate {
  id: number;
  name: string;
  slug: string;
  searchName: string;
  stateId: number;
  companyCount: number;
}

const cityCandidates = new WeakMap<Knex, TtlCache<CityCandidate[]>>();

/** Cities that have companies: the set a misspelled city is matched against. */
function citiesWithCompanies(db: Knex): Promise<CityCandidate[]> {
  let cache = cityCandidates.get(db);
  if (!cache) {
    cache = new TtlCache<CityCandidate[]>(300_000);
    cityCandidates.set(db, cache);
  }
  return cache.get('all', async () => {
    const rows = (await db({ ci: 'cities' })
      .join({ c: 'companies' }, 'c.city_id', 'ci.id')
      .where('c.is_in_list', true)
      .groupBy('ci.id', 'ci.name', 'ci.slug', 'ci.search_name', 'ci.state_id')
      .select(
        'ci.id',
        'ci.name',
        'ci.slug',
        'ci.search_name',
        'ci.state_id',
        db.raw('COUNT(*) AS company_count'),
      )) as Array<{
      id: number;
      name: string;
      slug: string;
      search_name: string;
      state_id: number;
      company_count: number;
    }>;
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      slug: r.slug,
      searchName: r.search_name,
      stateId: r.state_id,
      companyCount: Number(r.company_count),
    }));
  });
}

async function searchCities(
  db: Knex,
  place: PlaceQuery,
  limit: number,
  offset: number,
): Promise<Group<'cities'>> {
  const { name, spellings } = place;
  if (name === '') return { items: [], total: 0 };
  const [allCandidates, states] = await Promise.all([citiesWithCompanies(db), loadStates(db)]);
  // "Houston, TX": the cities of that state only.
  const stateId = place.state
    ? states.find((s) => s.abbreviation === place.state!.abbreviation)?.id
    : undefined;
  const candidates =
    stateId === undefined ? allCandidates : allCandidates.filter((c) => c.stateId === stateId);
  let matches = candidates.filter((c) => spellings.some((form) => c.searchName.startsWith(form)));
  const edits = allowedEdits(name.length);
  if (matches.length === 0 && edits > 0) {
    matches = candidates.filter(
      (c) =>
        distance(c.searchName.slice(0, name.length + 1), name) <= edits ||
        distance(c.searchName, name) <= edits,
    );
  }
  if (matches.length === 0) {
    // Cities without companies still answer an exact prefix (someone looking up their own town).
    const query = db('cities').where((anyForm) => {
      for (const form of spellings)
        anyForm.orWhere((prefix) =>
          prefix
            .where('search_name', '>=', form)
            .andWhere('search_name', '<', prefixUpperBound(form)),
        );
    });
    if (stateId !== undefined) query.andWhere('state_id', stateId);
    const rows = (await query
      .orderBy([
        { column: 'population', order: 'desc' },
        { column: 'zip_count', order: 'desc' },
        { column: 'name' },
      ])
      .limit(50)
      .select('id', 'name', 'slug', 'search_name', 'state_id')) as Array<{
      id: number;
      name: string;
      slug: string;
      search_name: string;
      state_id: number;
    }>;
    matches = rows.map((r) => ({
      id: r.id,
      name: r.name,
      slug: r.slug,
      searchName: r.search_name,
      stateId: r.state_id,
      companyCount: 0,
    }));
  }
  // The city named exactly comes first, then the others by how many movers they have.
  const exact = (c: CityCandidate) => (spellings.includes(c.searchName) ? 0 : 1);
  matches.sort(
    (a, b) =>
      exact(a) - exact(b) || b.companyCount - a.companyCount || a.name.localeCompare(b.name),
  );
  const stateById = new Map(states.map((s) => [s.id, s]));
  return {
    items: matches.slice(offset, offset + limit).map((c) => {
      const s = stateById.get(c.stateId)!;
      return {
        name: c.name,
        slug: c.slug,
        state: { name: s.name, slug: s.slug, abbreviation: s.abbreviation },
        companyCount: c.companyCount,
      };
    }),
    total: matches.length,
  };
}

async function searchStates(
  db: Knex,
  q: string,
  limit: number,
  offset: number,
): Promise<Group<'states'>> {
  const name = citySearchName(q);
  if (name === '') return { items: [], total: 0 };
  const [states, counts] = await Promise.all([loadStates(db), companyCountsByState(db)]);
  const edits = allowedEdits(name.length);
  const scored = states
    .map((s) => {
      const folded = s.name.toLowerCase();
      if (s.abbreviation.toLowerCase() === name || folded === name) return { s, score: 0 };
      if (folded.startsWith(name)) return { s, score: 1 };
      if (folded.split(' ').some((word) => word.startsWith(name))) return { s, score: 2 };
      if (edits > 0 && distance(folded.slice(0, name.length), name) <= edits)
        return { s, score: 3 };
      return undefined;
    })
    .filter((m): m is { s: (typeof states)[number]; score: number } => m !== undefined)
    .sort((a, b) => a.score - b.score || a.s.name.localeCompare(b.s.name));
  return {
    items: scored.slice(offset, offset + limit).map(({ s }) => ({
      name: s.name,
      slug: s.slug,
      abbreviation: s.abbreviation,
      companyCount: counts.get(s.id) ?? 0,
    })),
    total: scored.length,
  };
}

async function searchZips(
  db: Knex,
  q: string,
  limit: number,
  offset: number,
): Promise<Group<'zips'>> {
  const digits = q.trim();
  if (!/^\d{1,5}$/.test(digits)) return { items: [], total: 0 };
  const [items, count] = await Promise.all([
    zipsByPrefix(db, digits, limit, offset),
    db('zip_codes')
      .where('zip', '>=', digits)
      .andWhere('zip', '<', prefixUpperBound(digits))
      .count({ total: '*' })
      .first() as Promise<{
      total: number | string;
    }>,
  ]);
  return { items, total: Number(count.total) };
}

const empty = { items: [], total: 0 };

/**
 * The place the query names exactly, if any: a city with movers (with its state when the query gives one; the
 * one with the most movers when several share the name), or a state. A state's own name wins over a city of
 * the same name ("New York", "Washington") unless the query names the city's state too.
 */
async function namedPlace(db: Knex, place: PlaceQuery): Promise<SearchResults['place']> {
  const states = await loadStates(db);
  const stateNamed = place.name === '' ? place.state : findState(place.name);
  if (stateNamed && (place.name === '' || !place.state)) {
    const row = states.find((s) => s.abbreviation === stateNamed.abbreviation);
    if (row) return { type: 'state', name: row.name, path: statePath(row.slug) };
  }
  if (place.name === '') return null;
  const stateId = place.state
    ? states.find((s) => s.abbreviation === place.state!.abbreviation)?.id
    : undefined;
  const city = (await citiesWithCompanies(db))
    .filter(
      (c) =>
        place.spellings.includes(c.searchName) && (stateId === undefined || c.stateId === stateId),
    )
    .sort((a, b) => b.companyCount - a.companyCount)[0];
  const state = city && states.find((s) => s.id === city.stateId);
  if (!city || !state) return null;
  return {
    type: 'city',
    name: `${city.name}, ${state.abbreviation}`,
    path: cityPath(state.slug, city.slug),
  };
}

export async function siteSearch(db: Knex, query: SearchQuery): Promise<SearchResults> {
  const { q, limit, offset, type } = query;
  const wants = (group: SearchQuery['type']) => type === 'all' || type === group;
  const place = understandPlaceQuery(q);
  const [companies, cities, states, zips, named] = await Promise.all([
    wants('companies') ? searchCompanies(db, q, limit, offset) : empty,
    wants('cities') ? searchCities(db, place, limit, offset) : empty,
    wants('states')
      ? searchStates(db, place.name || (place.state?.name ?? q), limit, offset)
      : empty,
    wants('zips') ? searchZips(db, q, limit, offset) : empty,
    namedPlace(db, place),
  ]);
  return {
    query: q,
    companies: companies.items as SearchResults['companies'],
    cities: cities.items as SearchResults['cities'],
    states: states.items as SearchResults['states'],
    zips: zips.items as SearchResults['zips'],
    totals: {
      companies: companies.total,
      cities: cities.total,
      states: states.total,
      zips: zips.total,
    },
    place: named,
  };
}
