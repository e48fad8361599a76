/**
 * States, cities and ZIP codes from the `zipcodes` package, turned into rows with ids assigned in a
 * fixed order. Everything is sorted before ids are given, so the result never depends on the order of
 * the package's object keys.
 */
import { createRequire } from 'node:module';
import { slugify, US_STATES } from '@moveratlas/contracts';

interface ZipcodesEntry {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

interface ZipcodesModule {
  codes: Record<string, ZipcodesEntry>;
}

// The package is CommonJS and ships no type declarations; loading it through createRequire with a local
// interface avoids a project-wide `declare module 'zipcodes'` that another module might also declare.
const require = createRequire(import.meta.url);
const zipcodes = require('zipcodes') as ZipcodesModule;

export interface StateRow {
  id: number;
  name: string;
  abbreviation: string;
  slug: string;
  region: string;
}

export interface CityRow {
  id: number;
  state_id: number;
  name: string;
  slug: string;
  search_name: string;
  lat: number;
  lng: number;
  zip_count: number;
}

export interface ZipRow {
  zip: string;
  city_id: number;
  lat: number;
  lng: number;
}

export interface Geography {
  states: readonly StateRow[];
  cities: readonly CityRow[];
  zips: readonly ZipRow[];
  /** Cities of each state, by state id. */
  citiesByState: ReadonlyMap<number, readonly CityRow[]>;
  /** ZIPs of each city, by city id, in ZIP order. */
  zipsByCity: ReadonlyMap<number, readonly ZipRow[]>;
}

/** Byte-order comparison: localeCompare would make ids depend on the machine's ICU data and locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Coordinates are kept to 6 decimals (about 10 cm), enough for a map pin and stable to print. */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** Lowercase ASCII words separated by single spaces: the form the city prefix search matches. */
export function searchName(name: string): string {
  return slugify(name).replace(/-/g, ' ');
}

let cached: Geography | undefined;

/** Builds the geography once per process: it is pure, and the tests seed several databases. */
export function loadGeography(): Geography {
  cached ??= buildGeography(Object.values(zipcodes.codes));
  return cached;
}

export function buildGeography(entries: readonly ZipcodesEntry[]): Geography {
  const states: StateRow[] = US_STATES.map((s, i) => ({
    id: i + 1,
    name: s.name,
    abbreviation: s.abbreviation,
    slug: s.slug,
    region: s.region,
  }));
  const stateIdByAbbreviation = new Map(states.map((s) => [s.abbreviation, s.id]));

  // Territories, military codes (AA/AE/AP) and Canada are outside the directory.
  const usable = entries.filter((e) => e.country === 'US' && stateIdByAbbreviation.has(e.state));
  const sorted = [...usable].sort(
    (a, b) =>
      (stateIdByAbbreviation.get(a.state) as number) -
        (stateIdByAbbreviation.get(b.state) as number) ||
      compareText(a.city, b.city) ||
      compareText(a.zip, b.zip),
  );

  const cities: CityRow[] = [];
  const zips: ZipRow[] = [];
  const citiesByState = new Map<number, CityRow[]>();
  const zipsByCity = new Map<number, ZipRow[]>();
  let usedSlugs = new Set<string>();
  let current: CityRow | undefined;
  let latSum = 0;
  let lngSum = 0;

  const closeCity = () => {
    if (!current) return;
    current.lat = roundCoordinate(latSum / current.zip_count);
    current.lng = roundCoordinate(lngSum / current.zip_count);
  };

  for (const entry of sorted) {
    const stateId = stateIdByAbbreviation.get(entry.state) as number;
    if (!current || current.state_id !== stateId || current.name !== entry.city) {
      closeCity();
      if (!current || current.state_id !== stateId) usedSlugs = new Set();
      current = {
        id: cities.length + 1,
        state_id: stateId,
        name: entry.city,
        slug: uniqueSlug(slugify(entry.city) || 'city', usedSlugs),
        search_name: searchName(entry.city),
        lat: 0,
        lng: 0,
        zip_count: 0,
      };
      latSum = 0;
      lngSum = 0;
      cities.push(current);
      let list = citiesByState.get(stateId);
      if (!list) citiesByState.set(stateId, (list = []));
      list.push(current);
      zipsByCity.set(current.id, []);
    }
    const zip: ZipRow = {
      zip: entry.zip,
      city_id: current.id,
      lat: roundCoordinate(entry.latitude),
      lng: roundCoordinate(entry.longitude),
    };
    zips.push(zip);
    (zipsByCity.get(current.id) as ZipRow[]).push(zip);
    current.zip_count++;
    latSum += entry.latitude;
    lngSum += entry.longitude;
  }
  closeCity();

  return { states, cities, zips, citiesByState, zipsByCity };
}

/** The slug itself when free, else slug-2, slug-3... Records the result as used. */
export function uniqueSlug(base: string, used: Set<string>): string {
  let slug = base;
  for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
  used.add(slug);
  return slug;
}
