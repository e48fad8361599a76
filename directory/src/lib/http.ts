/** Loader answers shared by the pages: a 404 thrown from a loader, and the 301 to a state's canonical slug. */
import { data, redirect } from 'react-router-dom';
import { findState, slugify, type UsState } from '@moveratlas/contracts';

/** Thrown by a loader when its record does not exist: the route's error boundary shows the 404 page. */
export function notFound(): never {
  // React Router's way to answer a status from a loader.
  throw data(null, { status: 404, statusText: 'Not Found' });
}

/**
 * A state segment (and optional city segment) in canonical form, or a 301 to it: a state given as a name,
 * abbreviation or another spelling goes to its slug, a city segment to its slug form, keeping the
 * prefix (/states or /moving-companies), the rest of the path and the query string.
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
  if (state.slug !== stateSegment || (citySegment !== undefined && citySlug !== citySegment)) {
    const url = new URL(request.url);
    const parts = url.pathname.split('/');
    // ['', prefix, state, city?, ...rest]
    parts[2] = state.slug;
    if (citySlug !== undefined) parts[3] = citySlug;
    throw redirect(`${parts.join('/')}${url.search}`, 301);
  }
  return { state, citySlug };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
