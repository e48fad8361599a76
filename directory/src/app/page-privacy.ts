/**
 * Pages that must never be kept by a cache, shared or not: the admin area and the login page (issue 12).
 * Their routes carry PRIVATE_PAGE as their `handle`; the server entry answers every page under them with
 * `Cache-Control: private, no-store`, which also keeps them out of the server's own page cache. Deciding by the
 * matched routes rather than by the address means every spelling the router accepts (/Admin, /admin/) is covered.
 */
export const PRIVATE_PAGE = { private: true } as const;

export const PRIVATE_CACHE_CONTROL = 'private, no-store';

export function isPrivatePage(matches: ReadonlyArray<{ route: { handle?: unknown } }>): boolean {
  return matches.some(({ route }) => route.handle === PRIVATE_PAGE);
}
