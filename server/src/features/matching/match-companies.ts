/**
 * Real matching from the directory (spec 7.2's match_companies): movers that serve the move's origin, offer
 * the service it needs and will take the lead (their Lead preferences: not paused, the kind and size of move,
 * under their most leads for the day and week), nearest first in distance bands (same city, then 25, 60, 120 and 250 miles), and
 * within a band ranked by featured, rating, review count and distance. Across state lines, only movers whose
 * for-hire authority FMCSA's files show active, once a census has been imported (issue 20, decision 042).
 */
import type { Knex } from 'knex';
import {
  distanceMiles,
  findState,
  imageAddressOrNull,
  INTERSTATE_SERVICE,
  sizeToRooms,
  type MatchCompaniesRequest,
  type MatchedCompany,
  type RouteEnd,
  type ServiceId,
} from '@moveratlas/contracts';
import {
  COMPANY_COLUMNS,
  companiesWithPlace,
  servicesByCompany,
  type CompanyRow,
} from '../companies';
import { resolveRoutePlace, type PlacedPoint } from '../geo';
import { newestCensusDate } from '../licensing';
import { companiesAtTheirLimit, takesTheMove } from './lead-preferences';

/** The band edges in miles; a company counts as serving the origin within its own service radius. */
const BANDS = [25, 60, 120, 250] as const;
/** For companies that publish no service radius. */
const DEFAULT_SERVICE_RADIUS = 50;
const MILES_PER_DEGREE_LAT = 69;

/** The services a move needs: commercial for an office, long-distance across state lines, else local. */
export function neededServices(interstate: boolean, moveSize: string): ServiceId[] {
  const commercial = sizeToRooms(moveSize) === 5;
  const services: ServiceId[] = [];
  if (commercial) services.push('commercial-moving');
  if (interstate) services.push(INTERSTATE_SERVICE);
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
  origin: PlacedPoint,
  radius: number,
  services: readonly ServiceId[],
  rooms: number,
  licensedOnly: boolean,
): Knex.QueryBuilder {
  const query = companiesWithPlace(db).where('c.is_in_list', true).select(COMPANY_COLUMNS);
  // Across state lines, only movers whose for-hire authority FMCSA's files show active (issue 20).
  if (licensedOnly)
    query.whereExists(
      db('licensing_company_matches as lm')
        .select(db.raw('1'))
        .whereRaw('lm.company_id = c.id')
        .where('lm.authority', 'active'),
    );
  // Only movers that will take this lead (their /pro Lead preferences).
  takesTheMove(db, query, services, rooms);
  if (radius === 0) {
    query.where('c.city_id', origin.cityId);
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
  // The confidence-weighted score every list ranks by (decision 020), so five stars from one review
  // do not lead a mover with a hundred reviews.
  (b.row.rank_score === null ? -1 : Number(b.row.rank_score)) -
    (a.row.rank_score === null ? -1 : Number(a.row.rank_score)) ||
  b.row.review_count - a.row.review_count ||
  a.distance - b.distance ||
  a.row.id - b.row.id;

export interface RouteMatch {
  companies: MatchedCompany[];
  from: PlacedPoint | undefined;
  to: PlacedPoint | undefined;
  /** The ends of the route that were named but match no place of ours: nothing is matched then. */
  notUnderstood: RouteEnd[];
}

/**
 * Places both ends of the route (a chosen suggestion's ZIP, city and state, else the text as typed) and
 * matches movers from the origin. An origin that cannot be placed, or a destination named but not placed,
 * matches nothing and says so: the widget then asks for a suggestion instead of offering stand-ins. A
 * destination given only as a state (an API caller's) is enough to tell a long-distance move.
 */
export async function matchCompanies(
  db: Knex,
  request: MatchCompaniesRequest,
  limit: number,
): Promise<RouteMatch> {
  const [origin, destination] = await Promise.all([
    resolveRoutePlace(db, {
      zip: request.from_zip,
      city: request.from_city,
      state: request.from_state,
      location: request.from_location,
    }),
    resolveRoutePlace(db, {
      zip: request.to_zip,
      city: request.to_city,
      state: request.to_state,
      location: request.to_location,
    }),
  ]);
  const destinationNamed = [request.to_zip, request.to_city, request.to_location].some(
    (field) => field.trim() !== '',
  );
  const notUnderstood: RouteEnd[] = [];
  if (!origin) notUnderstood.push('from');
  if (!destination && destinationNamed) notUnderstood.push('to');
  if (!origin || notUnderstood.length > 0)
    return { companies: [], from: origin, to: destination, notUnderstood };

  const destinationState =
    destination?.state ??
    (request.to_state.trim() !== '' ? findState(request.to_state.trim())?.abbreviation : undefined);
  const interstate = destinationState !== undefined && origin.state !== destinationState;
  const services = neededServices(interstate, request.move_size);
  const rooms = sizeToRooms(request.move_size);
  // Before the first census import nothing can be checked, and matching stays as it was (decision 042).
  const licensedOnly = interstate && (await newestCensusDate(db)) !== null;

  const found = new Map<number, Candidate>();
  for (const radius of [0, ...BANDS]) {
    const rows = (await companiesNear(
      db,
      origin,
      radius,
      services,
      rooms,
      licensedOnly,
    )) as CompanyRow[];
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
  // A mover that reached its most leads for the day or the week is left out until it has room again.
  const full = await companiesAtTheirLimit(db, [...found.keys()]);
  const best = [...found.values()]
    .filter((c) => !full.has(c.row.id))
    .sort(ranking)
    .slice(0, limit);
  const serviceNames = await servicesByCompany(
    db,
    best.map((c) => c.row.id),
  );
  const year = new Date().getUTCFullYear();
  return {
    companies: best.map((c) => toMatched(c, serviceNames, year)),
    from: origin,
    to: destination,
    notUnderstood,
  };
}
