/**
 * Company profiles (the numeric facts decided up front: services, founding, listing date) and the
 * company rows built from them once ratings and featured flags are known.
 */
import { MAJOR_CITIES, slugify, trimTrailing, type ServiceId } from '@moveratlas/contracts';
import { companySearchTokens } from '../../lib/search-tokens';
import { REFERENCE_DAY, firstDayOfYear, timestamp } from './dates';
import {
  cityLocator,
  roundCoordinate,
  uniqueSlug,
  type CityRow,
  type Geography,
  type ResidentialZip,
  type StateRow,
} from './geography';
import { CompanyNames, streetAddress } from './names';
import { AreaCodeMap, PhoneBook } from './phones';
import type { Random } from './random';
import type { ReviewPlan } from './reviews';

export interface CompanyProfile {
  city: CityRow;
  state: StateRow;
  services: ServiceId[];
  foundedYear: number;
  listedDay: number;
  isInList: boolean;
  /** Review volume multiplier, about 0.8-1.3. */
  popularity: number;
}

/** No company lists more services than this. */
export const MAX_SERVICES = 6;

/**
 * Services with plausible shares: nearly every mover does local moves, about half long distance, and
 * the interstate specialties (auto, international) mostly come with long distance.
 */
function chooseServices(rng: Random, city: CityRow): ServiceId[] {
  const longDistance = rng.chance(0.55);
  const bigCity = city.population >= 200_000;
  const offered: ServiceId[] = [];
  const offer = (id: ServiceId, p: number) => {
    if (rng.chance(p)) offered.push(id);
  };
  offer('local-moving', 0.96);
  if (longDistance) offered.push('long-distance-moving');
  offer('commercial-moving', bigCity ? 0.32 : 0.22);
  offer('packing-storage', 0.4);
  offer('auto-transport', longDistance ? 0.15 : 0.04);
  offer('storage', 0.3);
  offer('packing-services', 0.18);
  offer('piano-moving', bigCity ? 0.16 : 0.1);
  offer('senior-moving', 0.08);
  offer('international-moving', longDistance ? 0.08 : 0.01);
  if (offered.length === 0) offered.push('local-moving');
  if (offered.length <= MAX_SERVICES) return offered;
  // Too many: keep the moving basics and a random selection of the rest, in the original order.
  const core: ServiceId[] = offered.filter(
    (s) => s === 'local-moving' || s === 'long-distance-moving',
  );
  const kept = new Set([
    ...core,
    ...rng.sample(
      offered.filter((s) => !core.includes(s)),
      MAX_SERVICES - core.length,
    ),
  ]);
  return offered.filter((s) => kept.has(s));
}

/** Founding years 1950-2024, most of them recent (most moving companies are young). */
function foundedYear(rng: Random): number {
  return 2024 - Math.floor(74.999 * rng.next() ** 1.8);
}

export function planProfiles(
  rng: Random,
  cities: readonly CityRow[],
  geo: Geography,
): CompanyProfile[] {
  const stateById = new Map(geo.states.map((s) => [s.id, s]));
  // The hero quotes the major cities' counts of listed companies, so all their companies are listed.
  const majorCityKeys = new Set(MAJOR_CITIES.map((m) => `${m.stateSlug}/${m.citySlug}`));
  const isMajorCity = (city: CityRow) =>
    majorCityKeys.has(`${stateById.get(city.state_id)?.slug}/${city.slug}`);
  return cities.map((city) => {
    const services = chooseServices(rng, city);
    const founded = foundedYear(rng);
    // Listed on the directory some time in the last ~8 years, never before the company existed.
    const listedDay = Math.max(
      firstDayOfYear(founded),
      REFERENCE_DAY - (rng.chance(0.1) ? rng.int(30, 200) : rng.int(200, 3000)),
    );
    // 0 for a hamlet, 1 from about a million people up.
    const cityFactor = Math.min(1, Math.log10(city.population + 1) / 6);
    return {
      city,
      state: stateById.get(city.state_id) as StateRow,
      services,
      foundedYear: founded,
      listedDay,
      isInList: rng.chance(0.97) || isMajorCity(city),
      popularity: 0.8 + 0.3 * cityFactor + (services.includes('long-distance-moving') ? 0.2 : 0),
    };
  });
}

/** About 3% featured (300 at 10,000 companies), favouring listed companies with good ratings. */
export function featuredCount(total: number): number {
  return Math.round(total * 0.03);
}

/**
 * Indexes of the featured companies: the best score among listed companies, where the score mixes the
 * rating, the review volume and some luck, so featured is not simply "top rated".
 */
export function selectFeatured(
  rng: Random,
  profiles: readonly CompanyProfile[],
  plan: ReviewPlan,
): Set<number> {
  const scored = profiles.map((p, i) => {
    const rating = plan.rating[i] ?? 0;
    const reviews = plan.count[i] as number;
    const eligible = p.isInList && rating >= 4 && reviews >= 3;
    const score = (eligible ? 10 : 0) + rating + 0.3 * Math.log1p(reviews) + rng.float(0, 1.2);
    return { i, score, listed: p.isInList };
  });
  scored.sort((a, b) => b.score - a.score || a.i - b.i);
  const wanted = featuredCount(profiles.length);
  return new Set(
    scored
      .filter((s) => s.listed)
      .slice(0, wanted)
      .map((s) => s.i),
  );
}

export interface CompanyRow {
  id: number;
  slug: string;
  name: string;
  description: string;
  website: string;
  phone: string;
  email: string;
  logo: string | null;
  photo_urls: string;
  street: string;
  zip_code: string;
  city_id: number;
  state_id: number;
  lat: number;
  lng: number;
  rating: number | null;
  rank_score: number | null;
  review_count: number;
  is_featured: number;
  is_in_list: number;
  usdot_number: string | null;
  mc_number: string | null;
  founded_year: number;
  service_area: string;
  service_radius_miles: number;
  created_at: string;
  updated_at: string;
}

export interface CompanyServiceRow {
  company_id: number;
  service_id: ServiceId;
}

export interface SearchTokenRow {
  token: string;
  company_id: number;
}

const SERVICE_PHRASES: Readonly<Record<ServiceId, string>> = {
  'local-moving': 'local moves',
  'long-distance-moving': 'long-distance moves',
  'commercial-moving': 'office and commercial relocations',
  'packing-storage': 'packing with storage',
  'auto-transport': 'vehicle shipping',
  storage: 'secure storage',
  'packing-services': 'professional packing',
  'piano-moving': 'piano moving',
  'senior-moving': 'senior moves',
  'international-moving': 'international relocations',
};

function listPhrase(items: readonly string[]): string {
  if (items.length <= 2) return items.join(' and ');
  // The serial comma keeps "packing with storage" from running into the next item.
  return `${items.slice(0, -1).join(', ')}, and ${items[items.length - 1]}`;
}

/** 1-3 sentences about who they are, what they do and one selling point that fits their services. */
function describe(rng: Random, name: string, profile: CompanyProfile, hasUsdot: boolean): string {
  const place = `${profile.city.name}, ${profile.state.abbreviation}`;
  const phrases = profile.services.map((s) => SERVICE_PHRASES[s]);
  const main = listPhrase(rng.sample(phrases, Math.min(phrases.length, 2)));
  const intro = rng.pick([
    `${name} is a ${rng.pick(['family-owned', 'locally owned', 'full-service', 'licensed and insured', 'veteran-owned'])} moving company based in ${place}.`,
    `Serving ${place} and the surrounding area since ${profile.foundedYear}, ${name} handles ${main}.`,
    `Founded in ${profile.foundedYear}, ${name} helps ${rng.pick(['households', 'families', 'renters and homeowners', 'families and businesses'])} across ${place} move ${rng.pick(['with care', 'on schedule', 'without the stress', 'at a fair price'])}.`,
  ]);
  const sentences = [intro];
  if (phrases.length > 1 && rng.chance(0.7)) {
    sentences.push(
      `${rng.pick(['Services include', 'The crew specializes in', 'Customers call them for'])} ${listPhrase(phrases.slice(0, 4))}.`,
    );
  }
  if (rng.chance(0.45)) {
    const extras = [
      'Free in-home and video estimates are available.',
      'Every move includes basic valuation coverage, with full-value protection on request.',
    ];
    if (profile.services.includes('long-distance-moving') && hasUsdot)
      extras.push('Interstate moves are handled under their own USDOT registration.');
    if (profile.services.includes('storage') || profile.services.includes('packing-storage'))
      extras.push(
        'Short- and long-term storage is available in a secure, climate-controlled facility.',
      );
    if (profile.services.includes('commercial-moving'))
      extras.push('Office moves can be scheduled over weekends to keep downtime low.');
    if (profile.services.includes('senior-moving'))
      extras.push('Senior moves come with help sorting, downsizing and setting up the new home.');
    sentences.push(rng.pick(extras));
  }
  return sentences.join(' ');
}

/** Long-distance movers advertise wider radii. */
function serviceRadius(rng: Random, services: readonly ServiceId[]): number {
  if (services.includes('long-distance-moving'))
    return rng.weightedPick([100, 150, 250], [3, 3, 4]);
  return rng.weightedPick([25, 50, 75], [4, 4, 2]);
}

/** DNS labels stop at 63 characters; slugs are much shorter in practice, but stay valid regardless. */
function hostLabel(slug: string): string {
  return trimTrailing(slug.slice(0, 63), '-');
}

/** Unique identifiers drawn at random, remembered across batches. */
export class IdentifierPool {
  private readonly used = new Set<number>();

  constructor(
    private readonly min: number,
    private readonly max: number,
  ) {}

  draw(rng: Random): number {
    for (;;) {
      const n = rng.int(this.min, this.max);
      if (!this.used.has(n)) {
        this.used.add(n);
        return n;
      }
    }
  }
}

export interface CompanyBuildState {
  usedSlugs: Set<string>;
  usdot: IdentifierPool;
  mc: IdentifierPool;
  names: CompanyNames;
  phones: PhoneBook;
}

export function newCompanyBuildState(geo: Geography): CompanyBuildState {
  // USDOT numbers are 7 digits here (real ones run to about 4 million); MC numbers 6 digits.
  return {
    usedSlugs: new Set(),
    usdot: new IdentifierPool(1_000_000, 3_999_999),
    mc: new IdentifierPool(100_000, 999_999),
    names: new CompanyNames(),
    phones: new PhoneBook(new AreaCodeMap(cityLocator(geo))),
  };
}

/** A ZIP of the city where people live, the more populous ones more often, as businesses follow people. */
function companyZip(rng: Random, zips: readonly ResidentialZip[]): ResidentialZip {
  const weights = zips.map((z) => z.population);
  return weights.some((w) => w > 0) ? rng.weightedPick(zips, weights) : rng.pick(zips);
}

export interface CompanyBatch {
  companies: CompanyRow[];
  services: CompanyServiceRow[];
  tokens: SearchTokenRow[];
}

/** The rows of companies [from, to) (0-based indexes); `build` carries uniqueness across batches. */
export function companyRows(
  rng: Random,
  profiles: readonly CompanyProfile[],
  plan: ReviewPlan,
  featured: ReadonlySet<number>,
  geo: Geography,
  build: CompanyBuildState,
  from: number,
  to: number,
): CompanyBatch {
  const batch: CompanyBatch = { companies: [], services: [], tokens: [] };
  for (let i = from; i < to; i++) {
    const profile = profiles[i] as CompanyProfile;
    const id = i + 1;
    const { city, state, services } = profile;
    const name = build.names.name(rng, city.id, city.name, services);
    // Apostrophes are dropped rather than turned into hyphens: "Rick's" → "ricks", not "rick-s".
    const base = slugify(name.replace(/'/g, ''));
    let slug = base;
    if (build.usedSlugs.has(slug)) slug = uniqueSlug(`${base}-${city.slug}`, build.usedSlugs);
    else build.usedSlugs.add(slug);

    const longDistance = services.includes('long-distance-moving');
    const interstate =
      longDistance ||
      services.includes('auto-transport') ||
      services.includes('international-moving');
    // Interstate movers must be registered; about 2 in 3 local-only movers have a USDOT number too.
    const hasUsdot = interstate || rng.chance(0.67);
    const usdot = hasUsdot ? String(build.usdot.draw(rng)) : null;
    const mc = interstate && usdot !== null ? `MC-${build.mc.draw(rng)}` : null;

    const phone = build.phones.number(rng, state.abbreviation, String(city.id), city.lat, city.lng);
    const zip = companyZip(rng, geo.zipsByCity.get(city.id) as readonly ResidentialZip[]);
    const photoCount = rng.weightedPick([0, 1, 2, 3, 4], [3, 2, 2, 2, 2]);
    const photos = rng.sample(
      Array.from({ length: 24 }, (_, n) => `/images/photos/${n + 1}.svg`),
      photoCount,
    );
    const radius = serviceRadius(rng, services);

    const reviews = plan.count[i] as number;
    const lastReviewDay =
      reviews > 0
        ? (plan.days[(plan.start[i] as number) + reviews - 1] as number)
        : profile.listedDay;
    const createdSecond = rng.int(8 * 3600, 20 * 3600 - 1);
    const updatedDay = Math.max(
      lastReviewDay,
      Math.min(REFERENCE_DAY - 1, profile.listedDay + rng.int(0, 90)),
    );
    const host = hostLabel(slug);

    batch.companies.push({
      id,
      slug,
      name,
      description: describe(rng, name, profile, hasUsdot),
      website: `https://${host}.example.com`,
      phone,
      email: `info@${host}.example.com`,
      logo: rng.chance(0.4) ? null : `/images/logos/${rng.int(1, 20)}.svg`,
      photo_urls: JSON.stringify(photos),
      street: streetAddress(rng),
      zip_code: zip.zip,
      city_id: city.id,
      state_id: state.id,
      // A small jitter (up to ~1 km) so companies sharing a ZIP do not stack on one map pin.
      lat: roundCoordinate(zip.lat + rng.float(-0.01, 0.01)),
      lng: roundCoordinate(zip.lng + rng.float(-0.01, 0.01)),
      rating: plan.rating[i] ?? null,
      rank_score: plan.rankScore[i] ?? null,
      review_count: reviews,
      is_featured: featured.has(i) ? 1 : 0,
      is_in_list: profile.isInList ? 1 : 0,
      usdot_number: usdot,
      mc_number: mc,
      founded_year: profile.foundedYear,
      service_area: `${city.name}, ${state.abbreviation} and within ${radius} miles${longDistance && rng.chance(0.5) ? ', plus long-distance moves nationwide' : ''}`,
      service_radius_miles: radius,
      // Daytime only, for the same daylight-saving reason as review timestamps.
      created_at: timestamp(profile.listedDay, createdSecond),
      updated_at: timestamp(
        updatedDay,
        updatedDay === profile.listedDay ? createdSecond : rng.int(8 * 3600, 20 * 3600 - 1),
      ),
    });
    for (const service of services) batch.services.push({ company_id: id, service_id: service });
    for (const token of companySearchTokens(name)) batch.tokens.push({ token, company_id: id });
  }
  return batch;
}
