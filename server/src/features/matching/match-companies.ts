/**
 * Real matching from the directory (spec 7.2's match_companies): movers that serve the move's origin and offer
 * the service it needs, nearest first in distance bands (same city, then 25, 60, 120 and 250 miles), and
 * within a band ranked by featured, rating, review count and distance.
 */
import type { Knex } from 'knex';
import {
  distanceMiles,
  findState,
  imageAddressOrNull,
  sizeToRooms,
  type LatLng,
  type MatchCompaniesRequest,
  type MatchedCompany,
  type ServiceId,
} from '@moveratlas/contracts';
import {
  COMPANY_COLUMNS,
  companiesWithPlace,
  servicesByCompany,
  type CompanyRow,
} from '../companies';
import { citySearchName } from '../../lib/search-tokens';
import { resolveState } from '../states';

interface Place extends LatLng {
  cityId: number | undefined;
  state: string | undefined;
}

/** The band edges in miles; a company counts as serving the origin within its own service radius. */
const BANDS = [25, 60, 120, 250] as const;
/** For companies that publish no service radius. */
const DEFAULT_SERVICE_RADIUS = 50;
const MILES_PER_DEGREE_LAT = 69;

async function placeOfZip(db: Knex, zip: string): Promise<Place | undefined> {
  const row = (await db({ z: 'zip_codes' })
    .join({ ci: 'cities' }, 'ci.id', 'z.city_id')
    .join({ s: 'states' }, 's.id', 'ci.state_id')
    .where('z.zip', zip)
    .first('z.lat', 'z.lng', 'z.city_id', 's.abbreviation')) as
    { lat: number; lng: number; city_id: number; abbreviation: string } | undefined;
  return row
    ? { lat: row.lat, lng: row.lng, cityId: row.city_id, state: row.abbreviation }
    : undefined;
}

async function placeOfCity(db: Knex, city: string, stateText: string): Promise<Place | undefined> {
  const state = await resolveState(db, stateText);
  const name = citySearchName(city);
  if (!state || name === '') return undefined;
  const row = (await db('cities')
    .where({ state_id: state.id, search_name: name })
    .whereNotNull('lat')
    .orderBy('zip_count', 'desc')
    .first('id', 'lat', 'lng')) as { id: number; lat: number; lng: number } | undefined;
  return row
    ? { lat: row.lat, lng: row.lng, cityId: row.id, state: state.abbreviation }
    : undefined;
}

async function resolvePlace(
  db: Knex,
  zip: string,
  city: string,
  state: string,
): Promise<Place | undefined> {
  if (zip !== '') {
    const place = await placeOfZip(db, zip);
    if (place) return place;
  }
  if (city.trim() !== '' && state.trim() !== '') return placeOfCity(db, city, state);
  return undefined;
}

/** The services a move needs: commercial for an office, long-distance across state lines, else local. */
export function neededServices(interstate: boolean, moveSize: string): ServiceId[] {
  const commercial = sizeToRooms(moveSize) === 5;
  const services: ServiceId[] = [];
  if (commercial) services.push('commercial-moving');
  if (interstate) services.push('long-distance-moving');
  if (services.length === 0) services.push('local-moving');
  return services;
}

interface Candidate {
  row: CompanyRow;
  distance: number;
  band: number;
}

function bandOf(distance: number, sameCity: boolean): number {
  if (sameCity) return 0;
  const index = BANDS.findIndex((edge) => distance <= edge);
  return index === -1 ? BANDS.length + 1 : index + 1;
}

function companiesNear(
  db: Knex,
  origin: Place,
  radius: number,
  services: readonly ServiceId[],
): Knex.QueryBuilder {
  const query = companiesWithPlace(db).where('c.is_in_list', true).select(COMPANY_COLUMNS);
  if (radius === 0) {
    query.where('c.city_id', origin.cityId ?? -1);
  } else {
    const dLat = radius / MILES_PER_DEGREE_LAT;
    const dLng =
      radius / (MILES_PER_DEGREE_LAT * Math.max(0.2, Math.cos((origin.lat * Math.PI) / 180)));
    // A bounding box of cities first (small table), then the companies of those cities through their index.
    query.whereIn(
      'c.city_id',
      db('cities')
        .select('id')
        .whereBetween('lat', [origin.lat - dLat, origin.lat + dLat])
        .whereBetween('lng', [origin.lng - dLng, origin.lng + dLng]),
    );
  }
  for (const service of services) {
    query.whereExists(
      db('company_services as cs')
        .select(db.raw('1'))
        .whereRaw('cs.company_id = c.id')
        .where('cs.service_id', service),
    );
  }
  return query;
}

function toMatched(
  candidate: Candidate,
  services: Map<number, Array<{ id: string; name: string }>>,
  year: number,
): MatchedCompany {
  const { row } = candidate;
  return {
    id: row.id,
    name: row.name,
    // Partners' pages draw it: an older row's non-image path is never handed out.
    logo_url: imageAddressOrNull(row.logo),
    rating: row.rating === null ? null : Number(row.rating),
    reviews_count: row.review_count,
    years_in_business: row.founded_year === null ? null : Math.max(0, year - row.founded_year),
    services: (services.get(row.id) ?? []).map((s) => s.name),
    contact: { phone: row.phone, email: row.email },
    slug: row.slug,
    city: row.city_name,
    state: row.state_abbreviation,
    distance_miles: Math.round(candidate.distance * 10) / 10,
  };
}

const ranking = (a: Candidate, b: Candidate): number =>
  a.band - b.band ||
  Number(Boolean(b.row.is_featured)) - Number(Boolean(a.row.is_featured)) ||
  (b.row.rating === null ? -1 : Number(b.row.rating)) -
    (a.row.rating === null ? -1 : Number(a.row.rating)) ||
  b.row.review_count - a.row.review_count ||
  a.distance - b.distance ||
  a.row.id - b.row.id;

/** An empty list when the origin cannot be placed: the widget then offers its own fallback. */
export async function matchCompanies(
  db: Knex,
  request: MatchCompaniesRequest,
  limit: number,
): Promise<MatchedCompany[]> {
  const origin = await resolvePlace(db, request.from_zip, request.from_city, request.from_state);
  if (!origin) return [];
  const destinationState =
    (request.to_zip !== '' ? (await placeOfZip(db, request.to_zip))?.state : undefined) ??
    (request.to_state.trim() !== '' ? findState(request.to_state.trim())?.abbreviation : undefined);
  const interstate =
    origin.state !== undefined &&
    destinationState !== undefined &&
    origin.state !== destinationState;
  const services = neededServices(interstate, request.move_size);

  const found = new Map<number, Candidate>();
  for (const radius of [0, ...BANDS]) {
    const rows = (await companiesNear(db, origin, radius, services)) as CompanyRow[];
    for (const row of rows) {
      if (found.has(row.id)) continue;
      const sameCity = radius === 0;
      const at = row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : origin;
      const distance = distanceMiles(origin, at);
      const serves = sameCity || distance <= (row.service_radius_miles ?? DEFAULT_SERVICE_RADIUS);
      if (serves) found.set(row.id, { row, distance, band: bandOf(distance, sameCity) });
    }
    // Every company of a nearer band ranks before any farther one: once enough lie within this radius (the
    // box also reaches a little past it), no company found later can outrank them.
    const settled = [...found.values()].filter((c) => c.band === 0 || c.distance <= radius).length;
    if (settled >= limit) break;
  }
  const best = [...found.values()].sort(ranking).slice(0, limit);
  const serviceNames = await servicesByCompany(
    db,
    best.map((c) => c.row.id),
  );
  const year = new Date().getUTCFullYear();
  return best.map((c) => toMatched(c, serviceNames, year));
}
