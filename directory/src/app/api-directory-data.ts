/** DirectoryData in the browser: the JSON API, through TanStack Query's cache and the spec's query defaults. */
import type { QueryClient } from '@tanstack/react-query';
import {
  DEFAULT_REVIEW_VIEW,
  reviewApiParams,
  type CarrierCheckAnswer,
  type LicensingFileDates,
  type CityDetail,
  type Company,
  type CompanyProfile,
  type CompanyReviewPage,
  type ContentDocument,
  type ContentSummary,
  type DirectoryStatistics,
  type MajorCity,
  type SearchResults,
  type StateDetail,
  type StateSummary,
  type ZipPlace,
  type CompanyPage,
  type CompanyQuery,
  type DirectoryData,
  type MoveDestination,
  type SiteInfo,
} from '@moveratlas/contracts';
import { ApiError, apiRequestWithHeaders, withQuery } from '../lib/api-client';
import { featuredTodayQueryKey } from '../lib/companies';

/** Featured companies stay fresh 5 minutes, are kept 30 and retried twice (spec section 9). */
const FEATURED_OPTIONS = { staleTime: 5 * 60_000, gcTime: 30 * 60_000, retry: 2 } as const;
/** Pages of companies stay fresh 60 seconds. */
const COMPANY_PAGE_STALE_MS = 60_000;

/** A 404 from the API means "no such record": undefined, as the server's implementation answers. */
async function orUndefined<T>(request: () => Promise<T>): Promise<T | undefined> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}

const segment = (value: string) => encodeURIComponent(value);

export function createApiDirectoryData(queryClient: QueryClient, site: SiteInfo): DirectoryData {
  return {
    site: () => site,
    listStates: () => queryClient.fetchQuery<StateSummary[]>({ queryKey: ['/api/states'] }),
    majorCities: () => queryClient.fetchQuery<MajorCity[]>({ queryKey: ['/api/cities/major'] }),
    featuredCompaniesToday: (limit) =>
      queryClient.fetchQuery<Company[]>({
        queryKey: featuredTodayQueryKey(limit),
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
    stateDetail: (state) =>
      orUndefined(() =>
        queryClient.fetchQuery<StateDetail>({
          queryKey: [`/api/states/${segment(state)}`],
          retry: false,
        }),
      ),
    cityDetail: (state, citySlug) =>
      orUndefined(() =>
        queryClient.fetchQuery<CityDetail>({
          queryKey: [`/api/states/${segment(state)}/cities/${segment(citySlug)}`],
          retry: false,
        }),
      ),
    companyProfile: (slug) =>
      orUndefined(() =>
        queryClient.fetchQuery<CompanyProfile>({
          queryKey: [`/api/companies/${segment(slug)}`],
          retry: false,
        }),
      ),
    companyReviews: (slug, page, view = DEFAULT_REVIEW_VIEW) =>
      orUndefined(() =>
        queryClient.fetchQuery<CompanyReviewPage>({
          queryKey: [`/api/companies/${segment(slug)}/reviews`, reviewApiParams(view, page)],
          retry: false,
        }),
      ),
    search: (query) =>
      queryClient.fetchQuery<SearchResults>({ queryKey: ['/api/search', { ...query }] }),
    nationalStatistics: () =>
      queryClient.fetchQuery<DirectoryStatistics>({ queryKey: ['/api/statistics/national'] }),
    moveDestinations: (state, citySlug) =>
      orUndefined(() =>
        queryClient.fetchQuery<MoveDestination[]>({
          queryKey: [
            `/api/states/${segment(state)}/move-destinations`,
            ...(citySlug === undefined ? [] : [{ city: citySlug }]),
          ],
          retry: false,
        }),
      ),
    // Content changes only with a deploy: fresh for the page's lifetime.
    listContent: (collection) =>
      queryClient.fetchQuery<ContentSummary[]>({
        queryKey: [`/api/content/${collection}`],
        staleTime: Infinity,
      }),
    contentDocument: (collection, slug) =>
      orUndefined(() =>
        queryClient.fetchQuery<ContentDocument>({
          queryKey: [`/api/content/${collection}/${segment(slug)}`],
          staleTime: Infinity,
          retry: false,
        }),
      ),
    zipPlace: (zip) =>
      orUndefined(() =>
        queryClient.fetchQuery<ZipPlace>({
          queryKey: [`/api/geo/zip/${segment(zip)}`],
          staleTime: Infinity,
          retry: false,
        }),
      ),
    licensingFileDates: () =>
      queryClient.fetchQuery<LicensingFileDates>({
        queryKey: ['/api/licensing/files'],
        staleTime: COMPANY_PAGE_STALE_MS,
      }),
    // A refusal (400: the query; 429: too many checks) is the server's sentence, shown beside the form.
    checkCarrier: async (q) => {
      try {
        const answer = await queryClient.fetchQuery<CarrierCheckAnswer>({
          queryKey: ['/api/licensing/check', { q }],
          staleTime: COMPANY_PAGE_STALE_MS,
          retry: false,
        });
        return { answer, refused: null };
      } catch (error) {
        if (error instanceof ApiError && (error.status === 400 || error.status === 429))
          return { answer: null, refused: error.reason };
        throw error;
      }
    },
  };
}
