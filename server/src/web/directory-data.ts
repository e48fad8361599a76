/**
 * The directory's loaders, served in process: DirectoryData implemented with the same query functions the
 * JSON API calls. Failures the API would answer with a status (a bad filter, the database being down)
 * become thrown web Responses, which the router turns into that status and the error page.
 */
import type { Knex } from 'knex';
import {
  CompanyListQuerySchema,
  CompanyReviewsQuerySchema,
  DEFAULT_REVIEW_VIEW,
  FeaturedQuerySchema,
  reviewApiParams,
  SearchQuerySchema,
  CarrierCheckQuerySchema,
  type CompanyQuery,
  type DirectoryData,
  type SearchRequest,
  type SiteInfo,
} from '@moveratlas/contracts';
import {
  listCompanies,
  findCompanyProfile,
  findCompanyReviews,
  listFeaturedToday,
} from '../features/companies';
import { siteContent } from '../features/content';
import { findZip } from '../features/geo';
import { siteSearch } from '../features/search';
import { checkCarrier, licensingFileDates } from '../features/licensing';
import {
  cityNameOf,
  moveDestinations,
  cityDetail,
  listStates,
  majorCities,
  stateDetail,
  resolveState,
  directoryStatistics,
} from '../features/states';
import { HttpError } from '../lib/http-error';
import { isDatabaseUnavailable } from '../lib/database-errors';
import { parseInput } from '../lib/validate';

async function answer<T>(query: () => Promise<T>): Promise<T> {
  try {
    return await query();
  } catch (error) {
    if (error instanceof HttpError) throw new Response(error.message, { status: error.status });
    if (isDatabaseUnavailable(error)) {
      throw new Response('The service is temporarily unavailable', {
        status: 503,
        headers: { 'Retry-After': '5' },
      });
    }
    throw error;
  }
}

/** The same validation and defaults as GET /api/companies, from the query string form the schema reads. */
function companyListQuery(query: CompanyQuery) {
  const raw: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) raw[name] = String(value);
  }
  return parseInput(CompanyListQuerySchema, raw, 'query');
}

/** The same validation and defaults as GET /api/search. */
function searchQuery(query: SearchRequest) {
  const raw: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) raw[name] = String(value);
  }
  return parseInput(SearchQuerySchema, raw, 'query');
}

// The same shapes the API accepts for a path segment; anything else cannot name a record.
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const isSlug = (value: string, maxLength: number) => value.length <= maxLength && SLUG.test(value);

export function createDirectoryData(db: Knex, site: SiteInfo): DirectoryData {
  return {
    site: () => site,
    listStates: () => answer(() => listStates(db)),
    majorCities: () => answer(() => majorCities(db)),
    featuredCompaniesToday: (limit) =>
      answer(() =>
        listFeaturedToday(
          db,
          parseInput(FeaturedQuerySchema, { limit: String(limit) }, 'query').limit,
        ),
      ),
    listCompanies: (query) => answer(() => listCompanies(db, companyListQuery(query))),
    stateDetail: (segment) =>
      answer(async () => {
        const state = await resolveState(db, segment);
        return state ? stateDetail(db, state) : undefined;
      }),
    cityDetail: (segment, citySlug) =>
      answer(async () => {
        const state = await resolveState(db, segment);
        if (!state || !isSlug(citySlug, 120)) return undefined;
        return cityDetail(db, state, citySlug);
      }),
    companyProfile: (slug) =>
      answer(async () => (isSlug(slug, 200) ? findCompanyProfile(db, slug) : undefined)),
    companyReviews: (slug, page, view) =>
      answer(async () => {
        if (!isSlug(slug, 200) || !Number.isSafeInteger(page) || page < 1) return undefined;
        // The same validation as GET /api/companies/{slug}/reviews, from the query string form it reads.
        const { page: valid, ...checked } = parseInput(
          CompanyReviewsQuerySchema,
          reviewApiParams(view ?? DEFAULT_REVIEW_VIEW, page),
          'query',
        );
        return findCompanyReviews(db, slug, valid, checked);
      }),
    search: (query) => answer(() => siteSearch(db, searchQuery(query))),
    nationalStatistics: () => answer(() => directoryStatistics(db, {})),
    moveDestinations: (segment, citySlug) =>
      answer(async () => {
        const state = await resolveState(db, segment);
        if (!state) return undefined;
        if (citySlug === undefined) return (await moveDestinations(db, state)) ?? [];
        const cityName = isSlug(citySlug, 120) ? await cityNameOf(db, state, citySlug) : undefined;
        if (cityName === undefined) return undefined;
        return (await moveDestinations(db, state, cityName)) ?? [];
      }),
    listContent: (collection) => Promise.resolve(siteContent().list(collection)),
    contentDocument: (collection, slug) =>
      Promise.resolve(isSlug(slug, 120) ? siteContent().get(collection, slug) : undefined),
    zipPlace: (zip) => answer(async () => (/^\d{5}$/.test(zip) ? findZip(db, zip) : undefined)),
    // The same validation as GET /api/licensing/check; a refused query is shown beside the form, not as
    // an error page.
    checkCarrier: (q) =>
      answer(async () => {
        try {
          const valid = parseInput(CarrierCheckQuerySchema, { q }, 'query');
          return { answer: await checkCarrier(db, valid.q), refused: null };
        } catch (error) {
          if (error instanceof HttpError && error.status === 400)
            return { answer: null, refused: error.message };
          throw error;
        }
      }),
    licensingFileDates: () => answer(() => licensingFileDates(db)),
  };
}
