/** Loader answers shared by the pages: a 404 thrown from a loader, and the 301 to a state's canonical slug. */
import { data, redirect } from 'react-router-dom';
import { canonicalPagePath, findState, slugify, type UsState } from '@moveratlas/contracts';

/** Thrown by a loader when its record does not exist: the route's error boundary shows the 404 page. */
export function notFound(): never {
  // React Router's way to answer a status from a loader.
  throw data(null, { status: 404, statusText: 'Not Found' });
}

/**
 * A state segment (and optional city segment) in canonical form, or a 301 to the page's one address
 * (canonicalPagePath): a state given as a name, abbreviation or another spelling goes to its slug, a city
 * segment to its slug form, /moving-companies/… to /states/…, keeping the query string. The server answers
 * these 301s before rendering (web/canonical-path.ts); this covers navigations inside the browser.
 */
export function canonicalPlace(
  request: Request,
  stateSegment: string | undefined,
  citySegment?: string,
): { state: UsState; citySlug?: string } {
  const state = stateSegment === undefined ? undefined : findState(stateSegment);
  if (!state) notFound();
  const citySlug = citySegment === undefined ? undefined : slugify(safeDecode(citySegment));
  if (citySlug === '') notFound();
  const url = new URL(request.url);
  const canonical = canonicalPagePath(url.pathname);
  if (canonical !== url.pathname) throw redirect(`${canonical}${url.search}`, 301);
  return { state, citySlug };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
