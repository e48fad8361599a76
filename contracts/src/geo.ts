import { z } from 'zod';

export const StateRefSchema = z.object({
  name: z.string(),
  slug: z.string(),
  abbreviation: z.string(),
});

/** A ZIP code with its place, from GET /api/geo/zip/:zip and the place autocomplete. */
export const ZipPlaceSchema = z.object({
  zip: z.string(),
  city: z.object({ name: z.string(), slug: z.string() }),
  state: StateRefSchema,
  lat: z.number(),
  lng: z.number(),
  label: z.string(),
});
export type ZipPlace = z.infer<typeof ZipPlaceSchema>;

export const StateSummarySchema = StateRefSchema.extend({
  region: z.string(),
  companyCount: z.number().int(),
});
export type StateSummary = z.infer<typeof StateSummarySchema>;

export const DirectoryStatisticsSchema = z.object({
  companyCount: z.number().int(),
  featuredCount: z.number().int(),
  averageRating: z.number().nullable(),
  reviewCount: z.number().int(),
  ratingDistribution: z.array(z.object({ stars: z.number().int(), count: z.number().int() })),
  serviceMix: z.array(z.object({ id: z.string(), name: z.string(), count: z.number().int() })),
});
export type DirectoryStatistics = z.infer<typeof DirectoryStatisticsSchema>;

export const CitySummarySchema = z.object({
  name: z.string(),
  slug: z.string(),
  companyCount: z.number().int(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});
export type CitySummary = z.infer<typeof CitySummarySchema>;

export const StateDetailSchema = StateSummarySchema.extend({
  statistics: DirectoryStatisticsSchema,
  cities: z.array(CitySummarySchema),
});
export type StateDetail = z.infer<typeof StateDetailSchema>;

export const CityDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  zipCodes: z.array(z.string()),
  state: StateRefSchema,
  statistics: DirectoryStatisticsSchema,
  nearbyCities: z.array(
    CitySummarySchema.extend({ distanceMiles: z.number(), state: StateRefSchema }),
  ),
});
export type CityDetail = z.infer<typeof CityDetailSchema>;

export const MajorCitySchema = z.object({
  name: z.string(),
  stateSlug: z.string(),
  citySlug: z.string(),
  stateAbbreviation: z.string(),
  count: z.number().int(),
});
export type MajorCity = z.infer<typeof MajorCitySchema>;

export const SearchResultsSchema = z.object({
  query: z.string(),
  companies: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      slug: z.string(),
      city: z.string(),
      state: z.string(),
      rating: z.number().nullable(),
      reviewCount: z.number().int(),
    }),
  ),
  cities: z.array(
    z.object({
      name: z.string(),
      slug: z.string(),
      state: StateRefSchema,
      companyCount: z.number().int(),
    }),
  ),
  states: z.array(StateRefSchema.extend({ companyCount: z.number().int() })),
  zips: z.array(ZipPlaceSchema),
  /**
   * The place the query names, when it names one ("Houston, TX", "st louis", "houston movers", "Texas"):
   * a visitor who typed a place is taken to its page (issue 15). Absent when the query names none.
   */
  place: z
    .object({ type: z.enum(['city', 'state']), name: z.string(), path: z.string() })
    .nullable()
    .optional(),
  totals: z.object({
    companies: z.number().int(),
    cities: z.number().int(),
    states: z.number().int(),
    zips: z.number().int(),
  }),
});
export type SearchResults = z.infer<typeof SearchResultsSchema>;

export const ApiErrorSchema = z.object({ error: z.string() });
