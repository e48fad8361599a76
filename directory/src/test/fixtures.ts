/** Directory data for tests: a handful of states and the five major cities, as the API answers them. */
import {
  MAJOR_CITIES,
  US_STATES,
  type DirectoryStatistics,
  type MajorCity,
  type DirectoryData,
  type SiteInfo,
  type StateSummary,
} from '@moveratlas/contracts';

export const TEST_SITE: SiteInfo = {
  siteName: 'MoverAtlas',
  origin: 'https://movers.test',
  currentYear: 2026,
};

const COUNTS: Record<string, number> = {
  illinois: 640,
  california: 870,
  texas: 590,
  'new-york': 1020,
  vermont: 0,
};

/** All 51 states; five of them with companies. */
export const TEST_STATES: StateSummary[] = US_STATES.map((state) => ({
  name: state.name,
  slug: state.slug,
  abbreviation: state.abbreviation,
  region: state.region,
  companyCount: COUNTS[state.slug] ?? 0,
}));

export const TEST_MAJOR_CITIES: MajorCity[] = MAJOR_CITIES.map((city) => ({ ...city }));

/** National figures that add up to TEST_STATES. */
export const TEST_STATISTICS: DirectoryStatistics = {
  companyCount: 3120,
  featuredCount: 120,
  averageRating: 4.26,
  reviewCount: 48_200,
  ratingDistribution: [
    { stars: 5, count: 1400 },
    { stars: 4, count: 1100 },
    { stars: 3, count: 400 },
    { stars: 2, count: 150 },
    { stars: 1, count: 70 },
  ],
  serviceMix: [{ id: 'local-moving', name: 'Local Moving', count: 2900 }],
};

export function fakeDirectoryData(overrides: Partial<DirectoryData> = {}): DirectoryData {
  return {
    site: () => TEST_SITE,
    listStates: async () => TEST_STATES,
    majorCities: async () => TEST_MAJOR_CITIES,
    featuredCompaniesToday: async () => [],
    listCompanies: async () => ({ companies: [], total: 0 }),
    stateDetail: async () => undefined,
    cityDetail: async () => undefined,
    companyProfile: async () => undefined,
    companyReviews: async () => undefined,
    search: async ({ q }) => ({
      query: q,
      companies: [],
      cities: [],
      states: [],
      zips: [],
      totals: { companies: 0, cities: 0, states: 0, zips: 0 },
    }),
    nationalStatistics: async () => TEST_STATISTICS,
    moveDestinations: async () => [],
    listContent: async () => [],
    contentDocument: async () => undefined,
    zipPlace: async () => undefined,
    checkCarrier: async () => ({ answer: null, refused: 'No carrier checks in this test' }),
    licensingFileDates: async () => ({ censusDate: null, revocationsDate: null }),
    ...overrides,
  };
}
