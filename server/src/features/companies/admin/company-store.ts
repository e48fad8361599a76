/**
 * Writing companies: the one path the admin form, application approvals and the CSV import all take, so a
 * company's derived rows — its services, and its words in the search index (company_search_tokens) — are
 * written with it, in the caller's transaction, every time. Works on batches (the import writes a thousand
 * rows a statement); a form save is a batch of one.
 */
import type { Knex } from 'knex';
import { slugify, trimTrailing, type CompanyInput } from '@moveratlas/contracts';
import { dialectOf } from '../../../db/dialect';
import { refreshCompanyMatches } from '../../licensing';
import { citySearchName, companySearchTokens } from '../../../lib/search-tokens';

// ---------------------------------------------------------------------------------------------------------
// Places: a row names its state and city; the table stores their ids (and coordinates when none are given)

export interface Place {
  stateId: number;
  cityId: number;
  citySlug: string;
  cityLat: number | null;
  cityLng: number | null;
}

interface CityRow {
  id: number;
  state_id: number;
  slug: string;
  search_name: string;
  lat: number | null;
  lng: number | null;
  zip_count: number;
  population: number;
}

/**
 * Finds the ids of states and cities by name, a batch at a time, remembering what it found: an import of
 * 100,000 rows asks the database once per batch for the cities it has not seen yet.
 */
export class PlaceResolver {
  private states: Map<string, number> | undefined;
  private readonly cities = new Map<string, CityRow | null>();
  private readonly zips = new Map<string, { lat: number; lng: number } | null>();

  constructor(private readonly db: Knex | Knex.Transaction) {}

  private static key(stateId: number, searchName: string): string {
    return `${stateId}:${searchName}`;
  }

  private async stateIds(): Promise<Map<string, number>> {
    if (!this.states) {
      const rows = (await this.db('states').select('id', 'abbreviation')) as Array<{
        id: number;
        abbreviation: string;
      }>;
      this.states = new Map(rows.map((r) => [r.abbreviation, Number(r.id)]));
    }
    return this.states;
  }

  /**
   * The search names a typed city may be stored under: ours ("O'Fallon" → "ofallon") and the place data's,
   * which reads an apostrophe as a space ("o fallon"); without the second, no company in O'Fallon or
   * Coeur d'Alene could be saved or imported.
   */
  private static searchNames(city: string): string[] {
    return [...new Set([citySearchName(city), citySearchName(city.replace(/'/g, ' '))])];
  }

  /** Loads what the given rows need; then `place()` and `zipPoint()` answer without the database. */
  async load(rows: ReadonlyArray<{ state: string; city: string; zip_code?: string | null }>) {
    const states = await this.stateIds();
    const names = new Set<string>();
    for (const row of rows) {
      const stateId = states.get(row.state);
      if (stateId === undefined) continue;
      for (const name of PlaceResolver.searchNames(row.city))
        if (!this.cities.has(PlaceResolver.key(stateId, name))) names.add(name);
    }
    if (names.size > 0) {
      const found = (await this.db('cities')
        .whereIn('search_name', [...names])
        .select(
          'id',
          'state_id',
          'slug',
          'search_name',
          'lat',
          'lng',
          'zip_count',
          'population',
        )) as CityRow[];
      for (const city of found) {
        const key = PlaceResolver.key(Number(city.state_id), city.search_name);
        const known = this.cities.get(key);
        // Two places of one name in a state: the one more people live in is the one people mean.
        if (
          !known ||
          Number(city.population) > Number(known.population) ||
          (Number(city.population) === Number(known.population) && city.zip_count > known.zip_count)
        )
          this.cities.set(key, city);
      }
      for (const row of rows) {
        const stateId = states.get(row.state);
        if (stateId === undefined) continue;
        for (const name of PlaceResolver.searchNames(row.city)) {
          const key = PlaceResolver.key(stateId, name);
          if (!this.cities.has(key)) this.cities.set(key, null);
        }
      }
    }
    const zips = [
      ...new Set(rows.map((r) => r.zip_code).filter((z): z is string => !!z && !this.zips.has(z))),
    ];
    if (zips.length > 0) {
      const found = (await this.db('zip_codes')
        .whereIn('zip', zips)
        .select('zip', 'lat', 'lng')) as Array<{ zip: string; lat: number; lng: number }>;
      for (const zip of zips) this.zips.set(zip, null);
      for (const z of found) this.zips.set(z.zip, { lat: Number(z.lat), lng: Number(z.lng) });
    }
  }

  /** The row's place, or why there is none (call `load` first). */
  place(row: { state: string; city: string }): Place | string {
    const stateId = this.states?.get(row.state);
    if (stateId === undefined) return `state ${row.state} is not in the directory`;
    const city = PlaceResolver.searchNames(row.city)
      .map((name) => this.cities.get(PlaceResolver.key(stateId, name)))
      .find((c) => c);
    if (!city) return `City "${row.city}" is not a city of ${row.state} in the directory`;
    return {
      stateId,
      cityId: Number(city.id),
      citySlug: city.slug,
      cityLat: city.lat === null ? null : Number(city.lat),
      cityLng: city.lng === null ? null : Number(city.lng),
    };
  }

  zipPoint(zip: string | null | undefined): { lat: number; lng: number } | null {
    return zip ? (this.zips.get(zip) ?? null) : null;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Rows

/** 'YYYY-MM-DD HH:MM:SS' in UTC, the timestamp literal both engines store as-is (see seeds/dates.ts). */
export function timestampNow(now = Date.now()): string {
  return new Date(now).toISOString().slice(0, 19).replace('T', ' ');
}

/** Reads a timestamp column back as ISO 8601 (UTC). */
export function isoTimestamp(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  const text = String(value ?? '');
  return /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/.test(text)
    ? `${text.slice(0, 10)}T${text.slice(11, 19)}Z`
    : text;
}

/** What an existing company's update needs to know about it. */
export interface ExistingCompany {
  id: number;
  slug: string;
  usdot_number: string | null;
  city_id: number;
  zip_code: string | null;
}

export interface CompanyWrite {
  input: CompanyInput;
  place: Place;
  slug: string;
}

type Columns = Record<string, string | number | boolean | null>;

/** Round coordinates as the seed does (about 1 m). */
const coordinate = (n: number) => Math.round(n * 1e5) / 1e5;

/**
 * The companies columns a write sets: every field the input has (undefined fields are left out, so an update
 * keeps them), and coordinates from the ZIP code or the city when the input leaves them blank — on a new
 * company always, on an existing one when its city or ZIP code changes.
 */
export function companyColumns(
  write: CompanyWrite,
  places: PlaceResolver,
  existing: ExistingCompany | undefined,
  now: string,
): Columns {
  const { input, place } = write;
  const columns: Columns = {
    slug: write.slug,
    name: input.name,
    city_id: place.cityId,
    state_id: place.stateId,
    updated_at: now,
  };
  const optional: Array<[keyof CompanyInput, string]> = [
    ['description', 'description'],
    ['website', 'website'],
    ['phone', 'phone'],
    ['email', 'email'],
    ['logo', 'logo'],
    ['street', 'street'],
    ['zip_code', 'zip_code'],
    ['usdot_number', 'usdot_number'],
    ['mc_number', 'mc_number'],
    ['founded_year', 'founded_year'],
    ['service_area', 'service_area'],
    ['service_radius_miles', 'service_radius_miles'],
  ];
  for (const [field, column] of optional) {
    const value = input[field];
    if (value !== undefined) columns[column] = value as string | number | null;
    else if (!existing) columns[column] = null;
  }
  if (input.photo_urls !== undefined) columns.photo_urls = JSON.stringify(input.photo_urls);
  else if (!existing) columns.photo_urls = '[]';
  if (input.is_featured !== undefined) columns.is_featured = input.is_featured;
  else if (!existing) columns.is_featured = false;
  if (input.is_in_list !== undefined) columns.is_in_list = input.is_in_list;
  else if (!existing) columns.is_in_list = true;

  const movedPlace =
    !existing ||
    existing.city_id !== place.cityId ||
    (input.zip_code !== undefined && input.zip_code !== existing.zip_code);
  const lat = input.lat;
  const lng = input.lng;
  if (typeof lat === 'number' && typeof lng === 'number') {
    columns.lat = lat;
    columns.lng = lng;
  } else if (lat === null || lng === null || movedPlace) {
    const zip = input.zip_code !== undefined ? input.zip_code : existing?.zip_code;
    const point =
      places.zipPoint(zip) ??
      (place.cityLat !== null && place.cityLng !== null
        ? { lat: place.cityLat, lng: place.cityLng }
        : null);
    columns.lat = point ? coordinate(point.lat) : null;
    columns.lng = point ? coordinate(point.lng) : null;
  }
  return columns;
}

/** Slugs proposed for a new company without one: its name, then name-city, then name-city-2, -3, … */
function* slugCandidates(name: string, citySlug: string): Generator<string> {
  const base = slugify(name.replace(/^'/, '').replace(/'/g, '')).slice(0, 120) || 'company';
  yield base;
  const withCity = trimTrailing(`${base}-${citySlug}`.slice(0, 150), '-');
  yield withCity;
  for (let n = 2; ; n++) yield `${withCity}-${n}`;
}

/**
 * Free slugs for new companies, one per request, none of them in the database or in `claimed` (slugs other
 * rows of the same import hold); the chosen ones are added to `claimed`. A few queries per batch at most.
 */
export async function allocateSlugs(
  db: Knex | Knex.Transaction,
  requests: ReadonlyArray<{ name: string; citySlug: string }>,
  claimed: Set<string>,
): Promise<string[]> {
  const generators = requests.map((r) => slugCandidates(r.name, r.citySlug));
  const chosen: Array<string | undefined> = requests.map(() => undefined);
  const proposal: Array<string | undefined> = generators.map((g) => g.next().value as string);
  for (let round = 0; chosen.includes(undefined); round++) {
    const open = proposal
      .map((slug, i) => ({ slug, i }))
      .filter((p): p is { slug: string; i: number } => p.slug !== undefined && !chosen[p.i]);
    const proposed = open.map((p) => p.slug);
    // Another company's old slug is taken too: its old links must keep leading there (decision 028).
    const [current, former] = (await Promise.all([
      db('companies').whereIn('slug', proposed).select('slug'),
      db('company_slug_history').whereIn('slug', proposed).select('slug'),
    ])) as Array<Array<{ slug: string }>>;
    const taken = new Set([...current!, ...former!].map((r) => r.slug));
    for (const { slug, i } of open) {
      if (!taken.has(slug) && !claimed.has(slug)) {
        chosen[i] = slug;
        claimed.add(slug);
      } else {
        // After a few rounds, skip ahead: "-2", "-3"… one query each would be slow for a chain of clones.
        let next = generators[i]!.next().value as string;
        if (round >= 4)
          for (let skip = 0; skip < round * 8; skip++) next = generators[i]!.next().value as string;
        proposal[i] = next;
      }
    }
  }
  return chosen as string[];
}

/**
 * Replaces the search words and (when given) the services of the companies just written, and matches them
 * to FMCSA's carriers again: a USDOT or MC number typed or changed is checked at once (issue 20).
 */
async function writeDerivedRows(
  trx: Knex.Transaction,
  rows: ReadonlyArray<{ id: number; name: string; services: readonly string[] | undefined }>,
  replace: boolean,
): Promise<void> {
  const dialect = dialectOf(trx);
  const ids = rows.map((r) => r.id);
  if (replace && ids.length > 0) {
    await trx('company_search_tokens').whereIn('company_id', ids).delete();
    const withServices = rows.filter((r) => r.services !== undefined).map((r) => r.id);
    if (withServices.length > 0)
      await trx('company_services').whereIn('company_id', withServices).delete();
  }
  await dialect.batchInsert(
    trx,
    'company_search_tokens',
    rows.flatMap((r) => companySearchTokens(r.name).map((token) => ({ token, company_id: r.id }))),
  );
  await dialect.batchInsert(
    trx,
    'company_services',
    rows.flatMap((r) => (r.services ?? []).map((service_id) => ({ company_id: r.id, service_id }))),
  );
  if (ids.length > 0) await refreshCompanyMatches(trx, { companyIds: ids });
}

/** Inserts new companies with their services and search words; answers their ids in order. */
export async function insertCompanies(
  trx: Knex.Transaction,
  writes: readonly CompanyWrite[],
  places: PlaceResolver,
  now = timestampNow(),
): Promise<number[]> {
  if (writes.length === 0) return [];
  const rows = writes.map((w) => ({
    ...companyColumns(w, places, undefined, now),
    created_at: now,
  }));
  await dialectOf(trx).batchInsert(trx, 'companies', rows);
  // Multi-row inserts report one id (the first on MySQL, the last on SQLite): read them back by slug.
  const found = (await trx('companies')
    .whereIn(
      'slug',
      writes.map((w) => w.slug),
    )
    .select('id', 'slug')) as Array<{ id: number; slug: string }>;
  const idBySlug = new Map(found.map((r) => [r.slug, Number(r.id)]));
  const ids = writes.map((w) => idBySlug.get(w.slug)!);
  await writeDerivedRows(
    trx,
    writes.map((w, i) => ({ id: ids[i]!, name: w.input.name, services: w.input.services })),
    false,
  );
  return ids;
}

/**
 * Updates existing companies (only the fields each input has), raises their versions and rewrites their
 * derived rows. A write with `basedOnVersion` is made only while the row still has that version: the check
 * and the write are one statement, so of two saves racing from one version exactly one gets through
 * (docs/decisions/028). Answers the ids left unwritten for that reason (nothing of theirs was written); the
 * caller rolls back or reports them.
 */
export async function updateCompanies(
  trx: Knex.Transaction,
  writes: ReadonlyArray<CompanyWrite & { existing: ExistingCompany; basedOnVersion?: number }>,
  places: PlaceResolver,
  now = timestampNow(),
): Promise<number[]> {
  const stale: number[] = [];
  const written: Array<(typeof writes)[number]> = [];
  for (const write of writes) {
    const update = trx('companies').where('id', write.existing.id);
    if (write.basedOnVersion !== undefined) update.andWhere('version', write.basedOnVersion);
    const count = await update.update({
      ...companyColumns(write, places, write.existing, now),
      version: trx.raw('?? + 1', ['version']),
    });
    if (count === 0) stale.push(write.existing.id);
    else written.push(write);
  }
  await recordFormerSlugs(
    trx,
    written
      .filter((w) => w.slug !== w.existing.slug)
      .map((w) => ({ id: w.existing.id, formerSlug: w.existing.slug, slug: w.slug })),
    now,
  );
  await writeDerivedRows(
    trx,
    written.map((w) => ({ id: w.existing.id, name: w.input.name, services: w.input.services })),
    true,
  );
  return stale;
}

/**
 * Keeps the slugs companies just left, so their old addresses answer 301 to the new ones; a company taking
 * back one of its own old slugs removes it from its history (docs/decisions/028).
 */
async function recordFormerSlugs(
  trx: Knex.Transaction,
  changes: ReadonlyArray<{ id: number; formerSlug: string; slug: string }>,
  now: string,
): Promise<void> {
  for (const change of changes) {
    await trx('company_slug_history').whereIn('slug', [change.slug, change.formerSlug]).delete();
    await trx('company_slug_history').insert({
      slug: change.formerSlug,
      company_id: change.id,
      replaced_at: now,
    });
  }
}
