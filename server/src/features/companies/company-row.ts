/** Maps company rows (joined with city and state) to the contracts' Company shape. */
import type { Knex } from 'knex';
import {
  imageAddressOrNull,
  INTERSTATE_SERVICE,
  isImageAddress,
  type Company,
  type ServiceRef,
} from '@moveratlas/contracts';
import { licensingBadges, type CompanyNumbers } from '../licensing';

export interface CompanyRow {
  id: number;
  slug: string;
  name: string;
  description: string | null;
  website: string | null;
  phone: string | null;
  email: string | null;
  logo: string | null;
  photo_urls: string | null;
  street: string | null;
  zip_code: string | null;
  lat: number | null;
  lng: number | null;
  rating: number | string | null;
  /** What lists rank by (contracts' rankScore); a string from MySQL's DECIMAL, null without reviews. */
  rank_score: number | string | null;
  review_count: number;
  is_featured: number | boolean;
  is_in_list: number | boolean;
  usdot_number: string | null;
  mc_number: string | null;
  founded_year: number | null;
  service_area: string | null;
  service_radius_miles: number | null;
  city_name: string;
  city_slug: string;
  state_name: string;
  state_slug: string;
  state_abbreviation: string;
}

export const COMPANY_COLUMNS = [
  'c.id',
  'c.slug',
  'c.name',
  'c.description',
  'c.website',
  'c.phone',
  'c.email',
  'c.logo',
  'c.photo_urls',
  'c.street',
  'c.zip_code',
  'c.lat',
  'c.lng',
  'c.rating',
  'c.rank_score',
  'c.review_count',
  'c.is_featured',
  'c.is_in_list',
  'c.usdot_number',
  'c.mc_number',
  'c.founded_year',
  'c.service_area',
  'c.service_radius_miles',
  'ci.name as city_name',
  'ci.slug as city_slug',
  's.name as state_name',
  's.slug as state_slug',
  's.abbreviation as state_abbreviation',
] as const;

/** companies c joined with its city ci and state s. */
export function companiesWithPlace(db: Knex): Knex.QueryBuilder {
  return withPlace(db({ c: 'companies' }));
}

/** Joins a query over `companies c` with its city ci and state s. */
export function withPlace(companies: Knex.QueryBuilder): Knex.QueryBuilder {
  return companies
    .join({ ci: 'cities' }, 'ci.id', 'c.city_id')
    .join({ s: 'states' }, 's.id', 'c.state_id');
}

export function parsePhotoUrls(value: string | null): string[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((u): u is string => typeof u === 'string') : [];
  } catch {
    return [];
  }
}

export function toCompany(row: CompanyRow, services: ServiceRef[], currentYear: number): Company {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    website: row.website,
    phone: row.phone,
    email: row.email,
    // Rows written before image fields were checked may hold any path: only pictures are ever drawn.
    logo: imageAddressOrNull(row.logo),
    photoUrls: parsePhotoUrls(row.photo_urls).filter(isImageAddress),
    street: row.street,
    zipCode: row.zip_code,
    city: { name: row.city_name, slug: row.city_slug },
    state: { name: row.state_name, slug: row.state_slug, abbreviation: row.state_abbreviation },
    lat: row.lat,
    lng: row.lng,
    rating: row.rating === null ? null : Number(row.rating),
    reviewCount: row.review_count,
    isFeatured: Boolean(row.is_featured),
    isInList: Boolean(row.is_in_list),
    services,
    usdotNumber: row.usdot_number,
    mcNumber: row.mc_number,
    foundedYear: row.founded_year,
    yearsInBusiness: row.founded_year === null ? null : Math.max(0, currentYear - row.founded_year),
    serviceArea: row.service_area,
    serviceRadiusMiles: row.service_radius_miles,
  };
}

/** Loads the services of a page of companies in one query, in the services' display order. */
export async function servicesByCompany(
  db: Knex,
  companyIds: number[],
): Promise<Map<number, ServiceRef[]>> {
  const byCompany = new Map<number, ServiceRef[]>();
  if (companyIds.length === 0) return byCompany;
  const rows = (await db({ cs: 'company_services' })
    .join({ sv: 'services' }, 'sv.id', 'cs.service_id')
    .whereIn('cs.company_id', companyIds)
    .orderBy([{ column: 'cs.company_id' }, { column: 'sv.sort_order' }])
    .select('cs.company_id', 'sv.id', 'sv.name')) as Array<{
    company_id: number;
    id: string;
    name: string;
  }>;
  for (const row of rows) {
    const list = byCompany.get(row.company_id) ?? [];
    list.push({ id: row.id, name: row.name });
    byCompany.set(row.company_id, list);
  }
  return byCompany;
}

export async function toCompanies(db: Knex, rows: CompanyRow[]): Promise<Company[]> {
  const services = await servicesByCompany(
    db,
    rows.map((r) => r.id),
  );
  // Each card's licensing badge (issue 20): FMCSA checked, red flag or not verified.
  const badges = await licensingBadges(
    db,
    rows.map((row) => licensingNumbers(row, services)),
  );
  const year = new Date().getUTCFullYear();
  return rows.map((row) => ({
    ...toCompany(row, services.get(row.id) ?? [], year),
    licensing: badges.get(row.id),
  }));
}

/** A company as the licensing checks read it: its name, its numbers as typed, whether it moves interstate. */
export function licensingNumbers(
  row: Pick<CompanyRow, 'id' | 'name' | 'usdot_number' | 'mc_number'>,
  services: Map<number, ServiceRef[]>,
): CompanyNumbers {
  return {
    id: row.id,
    name: row.name,
    usdot_number: row.usdot_number,
    mc_number: row.mc_number,
    offersInterstate: (services.get(row.id) ?? []).some((s) => s.id === INTERSTATE_SERVICE),
  };
}
