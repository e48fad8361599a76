/** The company card's rules (spec 2.2, 5 and 9): link, badges, which companies may be shown, merge order. */
import { companyProfilePath } from '@moveratlas/contracts';
import type { Company } from '@moveratlas/contracts';

/** Up to three service badges per card; a company without services shows the fallback badge. */
export const MAX_SERVICE_BADGES = 3;
export const FALLBACK_SERVICE_BADGE = 'Moving Services';

/** The 20 placeholder logos shipped in directory/public/images/logos. */
export const PLACEHOLDER_LOGO_COUNT = 20;
export const placeholderLogo = (n: number): string => `/images/logos/placeholder-${n}.svg`;

/** A card's link: the profile by slug, else the company under its city, else the profile by id. */
/**
 * A company's Get Quote: /get-quotes with that mover chosen on step 5 (issue 15), by the slug the page's
 * loader looks up; a company without one gets the plain form.
 */
export const companyQuotePath = (company: Pick<Company, 'slug'>): string =>
  company.slug ? `/get-quotes?company=${encodeURIComponent(company.slug)}` : '/get-quotes';

export function companyPath(
  company: Pick<Company, 'id' | 'slug'> & {
    city?: { slug?: string } | null;
    state?: { slug?: string } | null;
  },
): string {
  if (company.slug) return companyProfilePath(company.slug);
  const stateSlug = company.state?.slug;
  const citySlug = company.city?.slug;
  if (stateSlug && citySlug) return `/moving-companies/${stateSlug}/${citySlug}/${company.id}`;
  return companyProfilePath(company.id);
}

export function serviceBadges(company: Pick<Company, 'services'>): string[] {
  const names = (company.services ?? []).map((service) => service.name).filter(Boolean);
  return names.length === 0 ? [FALLBACK_SERVICE_BADGE] : names.slice(0, MAX_SERVICE_BADGES);
}

/** Companies displayed must have an id, a name, a city and a state (spec 5). */
export function isUsableCompany(company: Partial<Company> | null | undefined): company is Company {
  return (
    company !== null &&
    company !== undefined &&
    typeof company.id === 'number' &&
    typeof company.name === 'string' &&
    company.name.trim() !== '' &&
    Boolean(company.city?.name) &&
    Boolean(company.state?.name)
  );
}

/**
 * Merges lists of companies: unusable ones dropped, each id once, featured companies first (a featured
 * copy of a company wins over a plain one), otherwise in the order they arrived.
 */
export function mergeCompanies(
  featured: readonly (Company | null | undefined)[],
  ...pages: ReadonlyArray<readonly (Company | null | undefined)[]>
): Company[] {
  const byId = new Map<number, Company>();
  for (const company of featured) {
    if (isUsableCompany(company) && !byId.has(company.id))
      byId.set(company.id, { ...company, isFeatured: true });
  }
  const rest: Company[] = [];
  for (const page of pages) {
    for (const company of page) {
      if (!isUsableCompany(company) || byId.has(company.id)) continue;
      byId.set(company.id, company);
      rest.push(company);
    }
  }
  const first = [...byId.values()].filter((c) => !rest.includes(c));
  return [...first, ...rest.filter((c) => c.isFeatured), ...rest.filter((c) => !c.isFeatured)];
}

/**
 * The home page's featured companies: today's share of a rotation through all of them (issue 15), fetched
 * under one query key by the home loader and the section's live loading alike.
 */
export const featuredTodayQueryKey = (limit: number) =>
  ['/api/companies/featured', { limit, rotation: 'day' }] as const;

/**
 * Every featured mover, best ranked first: where the home page's featured section sends a visitor (the
 * directory list's ?featured=true, lib/listing.ts). Here rather than there, which would bring the list's
 * service options into the home page's bundle.
 */
export const ALL_FEATURED_PATH = '/moving-companies?featured=true';

/** The keyword list of a company page (spec 9): its name, city and services. */
export function companyKeywords(company: Pick<Company, 'name' | 'city' | 'state' | 'services'>) {
  return [
    company.name,
    `${company.city.name} movers`,
    `${company.city.name}, ${company.state.abbreviation} moving company`,
    ...company.services.map((service) => service.name),
  ];
}
