/**
 * What browsers and shared caches (a CDN, a caching proxy) may keep of public answers that staff, and later
 * movers, change while the site runs: pages, companies, states, search (decision 018). Our own processes
 * show an edit within about two seconds; these headers must not promise less:
 * - browsers keep nothing without asking (`max-age=0`): each use revalidates, and an unchanged answer costs a
 *   304 against its ETag;
 * - a shared cache may answer from its copy for 10 s (`s-maxage`), then for 20 s more while it fetches a fresh
 *   one in the background (`stale-while-revalidate`), so behind a CDN an edit shows within 30 s at most.
 * Answers that only a release changes (articles, ZIP codes) keep their longer lifetimes.
 */
export const EDITABLE_PUBLIC_CACHE_CONTROL =
  'public, max-age=0, s-maxage=10, stale-while-revalidate=20';
