/**
 * The directory's canonical page addresses, for the pages' links, the sitemaps and the QA suites alike.
 * State and city pages are /states/…; the /moving-companies/… addresses the spec also names answer 301 to
 * them (docs/decisions/008, issue 15), and every link, sitemap and breadcrumb uses the /states/… form.
 */
import { slugify } from './format';
import { findState } from './states';

export const statePath = (stateSlug: string): string => `/states/${stateSlug}`;

export const cityPath = (stateSlug: string, citySlug: string): string =>
  `/states/${stateSlug}/${citySlug}`;

/** A company's profile page, by its slug (or, for a company without one, its id). */
export const companyProfilePath = (slugOrId: string | number): string => `/company/${slugOrId}`;

/** "Check a mover" (issue 20): FMCSA's files for a USDOT number, an MC number or a name. */
export const CHECK_A_MOVER_PATH = '/check-a-mover';

/** "Check a mover" with a query to check. */
export const checkAMoverPath = (q: string): string =>
  `${CHECK_A_MOVER_PATH}?${new URLSearchParams({ q }).toString()}`;

/** Other addresses of one page, which answer 301 to the page's own (spec 2.1 names both; issue 15). */
const PAGE_ALIASES: Readonly<Record<string, string>> = { '/about-us': '/about' };

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The one address of the page `pathname` names: repeated slashes collapsed, no trailing slash, lower case,
 * aliases resolved, and a state or city page under /states/ with its state's slug and its city's slug form
 * (`/Moving-Companies/TX/Fort%20Worth/` → `/states/texas/fort-worth`). Every other form answers 301 to this
 * one in a single hop (server/src/web/canonical-path.ts), and pages name it as their canonical link.
 * A state that does not exist is left as written: its page answers 404.
 */
export function canonicalPagePath(pathname: string): string {
  const segments = pathname.toLowerCase().split('/').filter(Boolean);
  const [prefix, state, city] = segments;
  if ((prefix === 'states' || prefix === 'moving-companies') && state && segments.length <= 3) {
    const found = findState(state);
    if (found) {
      const citySlug = city === undefined ? undefined : slugify(decodeSegment(city));
      if (citySlug !== '')
        return citySlug === undefined ? statePath(found.slug) : cityPath(found.slug, citySlug);
    }
  }
  const path = `/${segments.join('/')}`;
  return PAGE_ALIASES[path] ?? path;
}
