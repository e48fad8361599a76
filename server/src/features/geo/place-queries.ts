/** ZIP lookup and the place autocomplete ("60601", "Chicago", "Chicago, IL") used by the route step and the calculator. */
import type { Knex } from 'knex';
import { findState, stateByAbbreviation, type ZipPlace } from '@moveratlas/contracts';
import { citySearchNameSpellings, prefixUpperBound } from '../../lib/search-tokens';
import { resolveState } from '../states';

interface ZipRow {
  zip: string;
  lat: number;
  lng: number;
  city_name: string;
  city_slug: string;
  state_name: string;
  state_slug: string;
  state_abbreviation: string;
}

function zipsWithPlace(db: Knex): Knex.QueryBuilder {
  return db({ z: 'zip_codes' })
    .join({ ci: 'cities' }, 'ci.id', 'z.city_id')
    .join({ s: 'states' }, 's.id', 'ci.state_id')
    .select(
      'z.zip',
      'z.lat',
      'z.lng',
      'ci.name as city_name',
      'ci.slug as city_slug',
      's.name as state_name',
      's.slug as state_slug',
      's.abbreviation as state_abbreviation',
    );
}

const toPlace = (row: ZipRow): ZipPlace => ({
  zip: row.zip,
  city: { name: row.city_name, slug: row.city_slug },
  state: { name: row.state_name, slug: row.state_slug, abbreviation: row.state_abbreviation },
  lat: row.lat,
  lng: row.lng,
  label: `${row.city_name}, ${row.state_abbreviation} ${row.zip}`,
});

export async function findZip(db: Knex, zip: string): Promise<ZipPlace | undefined> {
  const row = (await zipsWithPlace(db).where('z.zip', zip).first()) as ZipRow | undefined;
  return row ? toPlace(row) : undefined;
}

/**
 * ZIPs starting with the digits: the residential ones first, then P.O.-box and unique ZIPs (still there, so
 * someone who types their box's ZIP finds it, but "606" suggests 60601 before 60690). Decision 023.
 */
export async function zipsByPrefix(
  db: Knex,
  prefix: string,
  limit: number,
  offset = 0,
): Promise<ZipPlace[]> {
  const rows = (await zipsWithPlace(db)
    .where('z.zip', '>=', prefix)
    .andWhere('z.zip', '<', prefixUpperBound(prefix))
    .orderByRaw("CASE WHEN z.kind = 'standard' THEN 0 ELSE 1 END")
    .orderBy('z.zip')
    .limit(limit)
    .offset(offset)) as ZipRow[];
  return rows.map(toPlace);
}

/** Splits "Chicago, IL", "Chicago IL" or "Springfield, Illinois" into the city text and a state, when one is named. */
export function parseCityState(input: string): { city: string; stateAbbreviation?: string } {
  const text = input.trim();
  const comma = text.lastIndexOf(',');
  if (comma >= 0) {
    const state = findState(text.slice(comma + 1).trim());
    return { city: text.slice(0, comma).trim(), stateAbbreviation: state?.abbreviation };
  }
  // "Springfield IL", "Kansas City Missouri", "Portland New Hampshire": try the last one to three words as a state.
  const words = text.split(/\s+/);
  for (let n = Math.min(3, words.length - 1); n >= 1; n--) {
    const tail = words.slice(-n).join(' ');
    const state =
      n === 1 && tail.length === 2
        ? stateByAbbreviation(tail)
        : tail.length > 2
          ? findState(tail)
          : undefined;
    if (state) return { city: words.slice(0, -n).join(' '), stateAbbreviation: state.abbreviation };
  }
  return { city: text };
}

/**
 * Cities whose name starts with the text, most populous first, each with one representative ZIP: its lowest
 * residential one (Chicago's 60601, not the P.O.-box 60290). "St Louis" also finds "Saint Louis", as our
 * data writes it (and "Mount Baldy" "Mt Baldy").
 */
export async function placesByCity(db: Knex, input: string, limit: number): Promise<ZipPlace[]> {
  const { city, stateAbbreviation } = parseCityState(input);
  const names = citySearchNameSpellings(city);
  if (names.length === 0) return [];
  const query = db({ ci: 'cities' })
    .join({ s: 'states' }, 's.id', 'ci.state_id')
    .where((any) => {
      for (const name of names)
        any.orWhere((range) =>
          range
            .where('ci.search_name', '>=', name)
            .andWhere('ci.search_name', '<', prefixUpperBound(name)),
        );
    })
    .orderBy([
      { column: 'ci.population', order: 'desc' },
      { column: 'ci.zip_count', order: 'desc' },
      { column: 'ci.name' },
      { column: 's.abbreviation' },
    ])
    .limit(limit)
    .select(
      'ci.id',
      'ci.lat',
      'ci.lng',
      'ci.name as city_name',
      'ci.slug as city_slug',
      's.name as state_name',
      's.slug as state_slug',
      's.abbreviation as state_abbreviation',
      mainZip(db),
    );
  if (stateAbbreviation) {
    const state = await resolveState(db, stateAbbreviation);
    query.where('ci.state_id', state?.id ?? -1);
  }
  const rows = (await query) as Array<ZipRow & { id: number }>;
  return rows.filter((r) => r.zip).map(toPlace);
}

/** A city's main ZIP, the one its suggestion shows and a lead placed by city name gets: its lowest residential one. */
export function mainZip(db: Knex): Knex.QueryBuilder {
  return db('zip_codes as z')
    .min('z.zip')
    .whereRaw('z.city_id = ci.id')
    .where('z.kind', 'standard')
    .as('zip');
}

export async function autocompletePlaces(
  db: Knex,
  input: string,
  limit: number,
): Promise<ZipPlace[]> {
  const zip = /\b(\d{5})\b/.exec(input);
  if (zip) {
    const place = await findZip(db, zip[1]!);
    return place ? [place] : [];
  }
  if (/^\d{1,4}$/.test(input.trim())) return zipsByPrefix(db, input.trim(), limit);
  return placesByCity(db, input, limit);
}
