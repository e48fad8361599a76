/**
 * One end of a move as visitors type it on the quote form, read to a place of our own tables (issue 15):
 * "98101", "Seattle, WA", "seattle wa", "Portland, Oregon", "St. Louis, MO", "Saint Paul MN",
 * "Chicago, IL 60601". Matching places the move with it; lead intake stores what it names.
 */
import type { Knex } from 'knex';
import type { RoutePlace } from '@moveratlas/contracts';
import { citySearchNameSpellings } from '../../lib/search-tokens';
import { resolveState } from '../states';
import { mainZip, parseCityState } from './place-queries';

/** A placed end of a route: what a lead stores, and where it is for matching. */
export interface PlacedPoint extends RoutePlace {
  cityId: number;
  lat: number;
  lng: number;
}

/** The route fields of a match request or a lead: the ZIP, city and state of a suggestion, and the text typed. */
export interface RouteFields {
  zip: string;
  city: string;
  state: string;
  location: string;
}

// "60601" or "60601-1234" anywhere in the text, not inside a longer number.
const ZIP_IN_TEXT = /(?<!\d)(\d{5})(?:-\d{4})?(?!\d)/;
// A country after the place ("Chicago, IL, USA"): every place we know is in it.
const COUNTRY = /^(?:u\.?s\.?(?:a\.?)?|united states(?: of america)?)$/i;

export interface TypedPlace {
  zip: string | undefined;
  city: string;
  stateAbbreviation: string | undefined;
}

/** The text's comma-separated parts, empty ones and a trailing country dropped ("Chicago, IL, USA"). */
function placeParts(text: string): string[] {
  const parts = text
    .split(',')
    .map((part) => part.split(/\s+/).filter(Boolean))
    .filter((words) => words.length > 0);
  const last = parts.at(-1);
  if (last && parts.length > 1 && COUNTRY.test(last.join(' '))) parts.pop();
  else if (last && last.length > 1 && COUNTRY.test(last.at(-1)!)) last.pop();
  return parts.map((words) => words.join(' '));
}

/** Splits a typed place into its ZIP, city text and state (each when there is one), reading nothing from the database. */
export function readTypedPlace(text: string): TypedPlace {
  const zip = ZIP_IN_TEXT.exec(text)?.[1];
  const { city, stateAbbreviation } = parseCityState(
    placeParts(text.replace(ZIP_IN_TEXT, ' ')).join(', '),
  );
  return { zip, city, stateAbbreviation };
}

export async function placeOfZip(db: Knex, zip: string): Promise<PlacedPoint | undefined> {
  const row = (await db({ z: 'zip_codes' })
    .join({ ci: 'cities' }, 'ci.id', 'z.city_id')
    .join({ s: 'states' }, 's.id', 'ci.state_id')
    .where('z.zip', zip)
    .first('z.zip', 'z.lat', 'z.lng', 'z.city_id', 'ci.name', 's.abbreviation')) as
    | { zip: string; lat: number; lng: number; city_id: number; name: string; abbreviation: string }
    | undefined;
  return row
    ? {
        zip: row.zip,
        city: row.name,
        state: row.abbreviation,
        cityId: row.city_id,
        lat: row.lat,
        lng: row.lng,
      }
    : undefined;
}

/**
 * The city of that name in the state (any spelling of either), the most populous when the state has several; with
 * no state, only a name no other state shares: "Portland" alone is two cities and guessing would misplace a
 * lead, so the visitor picks one. Its ZIP is its main one, the one the autocomplete's suggestion shows.
 */
export async function placeOfCity(
  db: Knex,
  city: string,
  stateText: string | undefined,
): Promise<PlacedPoint | undefined> {
  const spellings = citySearchNameSpellings(city);
  if (spellings.length === 0) return undefined;
  const query = db({ ci: 'cities' })
    .join({ s: 'states' }, 's.id', 'ci.state_id')
    .whereIn('ci.search_name', spellings)
    .whereNotNull('ci.lat')
    .orderBy([
      { column: 'ci.population', order: 'desc' },
      { column: 'ci.zip_count', order: 'desc' },
      { column: 'ci.id' },
    ])
    .limit(2)
    .select('ci.id', 'ci.name', 'ci.lat', 'ci.lng', 's.abbreviation', mainZip(db));
  if (stateText !== undefined && stateText.trim() !== '') {
    const state = await resolveState(db, stateText.trim());
    if (!state) return undefined;
    query.where('ci.state_id', state.id);
  }
  const rows = (await query) as Array<{
    id: number;
    name: string;
    lat: number;
    lng: number;
    abbreviation: string;
    zip: string | null;
  }>;
  const [row] = rows;
  if (!row || (rows.length > 1 && (stateText ?? '').trim() === '')) return undefined;
  return {
    zip: row.zip ?? '',
    city: row.name,
    state: row.abbreviation,
    cityId: row.id,
    lat: row.lat,
    lng: row.lng,
  };
}

/** The place a typed text names: its ZIP when we know it, else its city (and state). */
export async function resolveTypedPlace(db: Knex, text: string): Promise<PlacedPoint | undefined> {
  const { zip, city, stateAbbreviation } = readTypedPlace(text);
  if (zip !== undefined) {
    const place = await placeOfZip(db, zip);
    if (place) return place;
  }
  return city === '' ? undefined : placeOfCity(db, city, stateAbbreviation);
}

/**
 * One end of a route from every field that names it: the ZIP, then the city and state (a chosen suggestion
 * fills them), then the text as typed — which is all there is when the visitor picked no suggestion.
 */
export async function resolveRoutePlace(
  db: Knex,
  fields: RouteFields,
): Promise<PlacedPoint | undefined> {
  const zip = fields.zip.trim();
  if (zip !== '') {
    const place = await placeOfZip(db, zip);
    if (place) return place;
  }
  if (fields.city.trim() !== '') {
    const place = await placeOfCity(db, fields.city, fields.state);
    if (place) return place;
  }
  return fields.location.trim() === '' ? undefined : resolveTypedPlace(db, fields.location);
}
