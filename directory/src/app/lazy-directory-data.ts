/**
 * DirectoryData in the browser, loaded on first use: a server-rendered page hydrates with the loader data it
 * came with, so the API client and TanStack Query (api-directory-data.ts, ~9 KB gzipped) are fetched only
 * when a client-side navigation first runs a loader.
 */
import type { DirectoryData, SiteInfo } from '@moveratlas/contracts';

type Loaded = Omit<DirectoryData, 'site'>;

export function createLazyDirectoryData(site: SiteInfo): DirectoryData {
  let pending: Promise<Loaded> | undefined;
  const load = (): Promise<Loaded> => {
    pending ??= Promise.all([import('./api-directory-data'), import('../lib/query-client')]).then(
      ([api, queries]) => api.createApiDirectoryData(queries.browserQueryClient(), site),
      (error: unknown) => {
        // A failed chunk download (offline for a moment) must not stay failed for the page's lifetime.
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  // Each method waits for the real implementation, then calls it with the same arguments.
  const forward = <K extends keyof Loaded>(name: K): Loaded[K] =>
    ((...args: unknown[]) =>
      load().then((data) =>
        (data[name] as (...a: unknown[]) => Promise<unknown>)(...args),
      )) as Loaded[K];
  return {
    site: () => site,
    listStates: forward('listStates'),
    majorCities: forward('majorCities'),
    featuredCompaniesToday: forward('featuredCompaniesToday'),
    listCompanies: forward('listCompanies'),
    stateDetail: forward('stateDetail'),
    cityDetail: forward('cityDetail'),
    companyProfile: forward('companyProfile'),
    companyReviews: forward('companyReviews'),
    search: forward('search'),
    nationalStatistics: forward('nationalStatistics'),
    moveDestinations: forward('moveDestinations'),
    listContent: forward('listContent'),
    contentDocument: forward('contentDocument'),
    zipPlace: forward('zipPlace'),
    checkCarrier: forward('checkCarrier'),
    licensingFileDates: forward('licensingFileDates'),
  };
}
