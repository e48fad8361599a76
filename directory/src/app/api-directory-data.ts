/** DirectoryData in the browser: the JSON API, through TanStack Query's cache and the spec's query defaults. */
import type { QueryClient } from '@tanstack/react-query';
import type { Company, MajorCity, StateSummary } from '@moveratlas/contracts';
import { apiRequestWithHeaders, withQuery } from '../lib/api-client';
import type { CompanyPage, CompanyQuery, DirectoryData, SiteInfo } from './data-context';

/** Featured companies stay fresh 5 minutes, are kept 30 and retried twice (spec section 9). */
const FEATURED_OPTIONS = { staleTime: 5 * 60_000, gcTime: 30 * 60_000, retry: 2 } as const;
/** Pages of companies stay fresh 60 seconds. */
const COMPANY_PAGE_STALE_MS = 60_000;

export function createApiDirectoryData(queryClient: QueryClient, site: SiteInfo): DirectoryData {
  return {
    site: () => site,
    listStates: () => queryClient.fetchQuery<StateSummary[]>({ queryKey: ['/api/states'] }),
    majorCities: () => queryClient.fetchQuery<MajorCity[]>({ queryKey: ['/api/cities/major'] }),
    featuredCompanies: (limit) =>
      queryClient.fetchQuery<Company[]>({
        queryKey: ['/api/companies/featured', { limit }],
        ...FEATURED_OPTIONS,
      }),
    listCompanies: (query: CompanyQuery) =>
      queryClient.fetchQuery<CompanyPage>({
        queryKey: ['/api/companies', { ...query }],
        staleTime: COMPANY_PAGE_STALE_MS,
        // The total travels in a header, so this one query reads the response itself.
        queryFn: async ({ signal }) => {
          const { data, headers } = await apiRequestWithHeaders<Company[]>(
            withQuery('/api/companies', { ...query }),
            { signal },
          );
          const total = Number(headers.get('X-Total-Count'));
          return { companies: data, total: Number.isFinite(total) ? total : data.length };
        },
      }),
  };
}
