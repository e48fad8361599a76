/**
 * The staff's Licensing screen (issue 20): FMCSA imports and their reports, the red-flag report of listed
 * companies, and new listings from the census (reviewed by staff, never automatic). The wire formats of
 * /api/admin/licensing/*, with the statuses and refusals in the words the screen shows.
 */
import { z } from 'zod';
import { LICENSING_BADGES, RED_FLAGS, type RedFlag } from './licensing';
import { intParam } from './query-params';
import { SERVICE_IDS } from './services';
import { stateByAbbreviation } from './states';

export const LICENSING_API = {
  imports: '/api/admin/licensing/imports',
  redFlags: '/api/admin/licensing/red-flags',
  censusCarriers: '/api/admin/licensing/census-carriers',
  censusListings: '/api/admin/licensing/census-listings',
  cities: '/api/admin/licensing/cities',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Imports of FMCSA's files

export const LICENSING_IMPORT_STATUSES = [
  'queued',
  'checking',
  'applying',
  'matching',
  'succeeded',
  'refused',
  'failed',
] as const;
export type LicensingImportStatus = (typeof LICENSING_IMPORT_STATUSES)[number];

/** Each status in the words the screen shows. */
export const LICENSING_IMPORT_STATUS_TEXT: Record<LicensingImportStatus, string> = {
  queued: 'Waiting to start',
  checking: 'Checking the file',
  applying: 'Writing the facts',
  matching: 'Matching our companies',
  succeeded: 'Imported',
  refused: 'Refused: nothing was written',
  failed: 'Stopped',
};

/** The statuses after which nothing more happens to an import. */
export const LICENSING_IMPORT_ENDED: ReadonlySet<LicensingImportStatus> = new Set([
  'succeeded',
  'refused',
  'failed',
]);

export const LicensingRejectionSchema = z.object({
  line: z.number().int(),
  /** Why the row was rejected, in words. */
  reason: z.string(),
});
export type LicensingRejection = z.infer<typeof LicensingRejectionSchema>;

/** GET /api/admin/licensing/imports/:id (and each item of the list). */
export const LicensingImportViewSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  /** "the motor carrier census" */
  fileLabel: z.string(),
  filename: z.string(),
  fileDate: z.string(),
  /** stated, file name or upload: where the file's date came from. */
  fileDateSource: z.string(),
  bytes: z.number(),
  status: z.enum(LICENSING_IMPORT_STATUSES),
  /** 0–100. */
  progress: z.number(),
  rows: z.object({
    read: z.number().int(),
    rejected: z.number().int(),
    applied: z.number().int(),
    inserted: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
  }),
  companiesMatched: z.number().int(),
  error: z.string().nullable(),
  /** The first rejected rows, by line; the rest from …/rejections?afterLine=. */
  rejected: z.array(LicensingRejectionSchema),
  createdBy: z.string(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type LicensingImportView = z.infer<typeof LicensingImportViewSchema>;

export const LicensingImportListSchema = z.object({ items: z.array(LicensingImportViewSchema) });
export type LicensingImportList = z.infer<typeof LicensingImportListSchema>;

/** GET /api/admin/licensing/imports/:id/rejections?afterLine=n */
export const LicensingRejectionPageSchema = z.object({
  items: z.array(LicensingRejectionSchema),
  /** The afterLine of the next page; null on the last. */
  nextAfterLine: z.number().int().nullable(),
});
export type LicensingRejectionPage = z.infer<typeof LicensingRejectionPageSchema>;

// ---------------------------------------------------------------------------------------------------------
// The red-flag report

export const RED_FLAG_REPORT_PAGE_SIZE = 50;

/** GET /api/admin/licensing/red-flags?flag=&page= */
export const RedFlagReportQuerySchema = z.strictObject({
  flag: z
    .enum(RED_FLAGS, { message: `The red flag must be one of: ${RED_FLAGS.join(', ')}` })
    .optional(),
  page: intParam('page', 1, 100_000, 1),
});
export type RedFlagReportQuery = z.output<typeof RedFlagReportQuerySchema>;

export const RedFlagCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  city: z.string(),
  /** Two letters. */
  state: z.string(),
  usdotNumber: z.string().nullable(),
  mcNumber: z.string().nullable(),
  redFlags: z.array(z.enum(RED_FLAGS)),
  badge: z.enum(LICENSING_BADGES),
  /** The newest census that lists the carrier; null when it was not found. */
  checkedOn: z.string().nullable(),
});
export type RedFlagCompany = z.infer<typeof RedFlagCompanySchema>;

export const RedFlagReportSchema = z.object({
  items: z.array(RedFlagCompanySchema),
  /** Companies with the chosen flag (any flag without one). */
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /** Listed companies with each flag, whatever the filter. */
  counts: z.record(z.enum(RED_FLAGS), z.number().int()) as z.ZodType<Record<RedFlag, number>>,
  /** Listed companies checked, and how many have any flag. */
  listed: z.number().int(),
  flagged: z.number().int(),
  /** The newest census we hold; null before any import. */
  censusDate: z.string().nullable(),
});
export type RedFlagReport = z.infer<typeof RedFlagReportSchema>;

/** Why staff unlist companies from the report: kept with each company's audit record. */
export const unlistReason = z
  .string({ message: 'Say why these companies are unlisted' })
  .trim()
  .min(3, 'Say why these companies are unlisted (at least 3 characters)')
  .max(200, 'The reason must be at most 200 characters');

// ---------------------------------------------------------------------------------------------------------
// New listings from the census

export const CENSUS_CARRIERS_PAGE_SIZE = 25;

const stateParam = z
  .string({ message: 'Choose a state' })
  .trim()
  .transform((value, ctx) => {
    const state = /^[A-Za-z]{2}$/.test(value) ? stateByAbbreviation(value) : undefined;
    if (!state) {
      ctx.addIssue({ code: 'custom', message: 'The state must be a US state’s two letters' });
      return z.NEVER;
    }
    return state.abbreviation;
  });

/** GET /api/admin/licensing/census-carriers?state=XX&page= */
export const CensusCarriersQuerySchema = z.strictObject({
  state: stateParam,
  page: intParam('page', 1, 100_000, 1),
});
export type CensusCarriersQuery = z.output<typeof CensusCarriersQuerySchema>;

/** A city of ours. */
export const PlaceCitySchema = z.object({ slug: z.string(), name: z.string() });
export type PlaceCity = z.infer<typeof PlaceCitySchema>;

export const CensusCarrierSchema = z.object({
  dotNumber: z.number().int(),
  legalName: z.string(),
  dbaName: z.string().nullable(),
  /** The physical address's city as FMCSA has it (upper case, usually). */
  city: z.string().nullable(),
  state: z.string(),
  /** A interstate, B intrastate hazardous materials, C intrastate. */
  operation: z.enum(['A', 'B', 'C']).nullable(),
  powerUnits: z.number().int().nullable(),
  drivers: z.number().int().nullable(),
  mcs150Date: z.string().nullable(),
  /** Our city of that name in the state, when there is one: the form's first choice. */
  suggestedCity: PlaceCitySchema.nullable(),
});
export type CensusCarrier = z.infer<typeof CensusCarrierSchema>;

export const CensusCarrierPageSchema = z.object({
  items: z.array(CensusCarrierSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  censusDate: z.string().nullable(),
});
export type CensusCarrierPage = z.infer<typeof CensusCarrierPageSchema>;

/** GET /api/admin/licensing/cities?state=XX: our cities of a state, by name (the form's choices). */
export const StateCitiesQuerySchema = z.strictObject({ state: stateParam });
export const StateCitiesSchema = z.object({ items: z.array(PlaceCitySchema) });
export type StateCities = z.infer<typeof StateCitiesSchema>;

export const CENSUS_LISTINGS_MAX = 50;

export const CensusListingSchema = z.strictObject({
  dotNumber: z
    .number({ message: 'The USDOT number must be a number' })
    .int('The USDOT number must be a whole number')
    .positive('The USDOT number must be a whole number')
    .max(99_999_999, 'The USDOT number has at most 8 digits'),
  name: z
    .string({ message: 'The name is required' })
    .trim()
    .min(2, 'The name must be at least 2 characters')
    .max(160, 'The name must be at most 160 characters'),
  citySlug: z
    .string({ message: 'Choose a city' })
    .trim()
    .min(1, 'Choose a city')
    .max(120, 'Choose a city of the list'),
  services: z
    .array(z.enum(SERVICE_IDS, { message: 'A service is not one we list' }))
    .min(1, 'Choose at least one service')
    .transform((ids) => [...new Set(ids)]),
});
export type CensusListing = z.input<typeof CensusListingSchema>;
export type CensusListingValues = z.output<typeof CensusListingSchema>;

/** POST /api/admin/licensing/census-listings: the carriers staff reviewed, each becoming a listed company. */
export const CensusListingRequestSchema = z.strictObject({
  listings: z
    .array(CensusListingSchema, { message: 'Send the listings as a list' })
    .min(1, 'Choose at least one carrier')
    .max(CENSUS_LISTINGS_MAX, `At most ${CENSUS_LISTINGS_MAX} carriers at a time`),
});
export type CensusListingRequest = z.input<typeof CensusListingRequestSchema>;

export const CensusListingResultSchema = z.object({
  created: z.array(
    z.object({
      dotNumber: z.number().int(),
      id: z.number().int(),
      name: z.string(),
      slug: z.string(),
      /** Matched to the census carrier by its USDOT number. */
      matched: z.boolean(),
    }),
  ),
});
export type CensusListingResult = z.infer<typeof CensusListingResultSchema>;
