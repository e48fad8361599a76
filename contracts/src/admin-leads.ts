/**
 * The admin leads screen (/admin/leads): the filtered, sorted, paginated list, a lead's full record (consent,
 * chosen movers, visitor session, delivery attempts, status history), status changes, the retry of a
 * dead-letter lead and the CSV export. Query parameters arrive as strings; these schemas bound them and name
 * the bad one.
 */
import { z } from 'zod';
import { idParam, intParam } from './query-params';
import { LEAD_STATUSES, LeadStatusSchema } from './lead';
import { MOVE_SIZES } from './move-sizes';
import { multilineText } from './text';
import { fieldLabel } from './text';
import { leadDeliveryEntrySchema } from './lead-delivery-states';
import { LEAD_QUALITY_FLAGS, leadQualitySchema } from './lead-quality';
import { LeadReturnSchema } from './lead-returns';

// ---------------------------------------------------------------------------------------------------------
// Query parameters shared by the admin screens

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day as YYYY-MM-DD (UTC), refusing impossible dates such as 2026-02-30. */
export const isCalendarDay = (value: string): boolean => {
  if (!DAY_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** An empty select or text box sends `name=`: the same as leaving the parameter out. */
const blankAsMissing = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema);

export const adminDayParam = (name: string) =>
  blankAsMissing(
    z
      .string()
      .refine(isCalendarDay, `${fieldLabel(name)} must be a date as YYYY-MM-DD`)
      .optional(),
  );

export const adminIntParam = (name: string, min: number, max: number, fallback: number) =>
  blankAsMissing(intParam(name, min, max, fallback));

export const adminTextParam = (name: string, max: number, pattern?: RegExp, hint = '') =>
  blankAsMissing(
    z
      .string()
      .trim()
      .max(max, `${fieldLabel(name)} must be at most ${max} characters`)
      .refine((v) => !pattern || pattern.test(v), `${fieldLabel(name)} ${hint}`.trim())
      .optional(),
  );

export const adminEnumParam = <const T extends readonly [string, ...string[]]>(
  name: string,
  values: T,
) =>
  blankAsMissing(
    z
      .enum(values, { message: `${fieldLabel(name)} must be one of: ${values.join(', ')}` })
      .optional(),
  );

// ---------------------------------------------------------------------------------------------------------
// The list and its filters

/** Where the lead's forwarding stands: delivered, waiting (first try or a retry), or given up (dead letter). */
export const LEAD_DELIVERY_STATES = ['delivered', 'pending', 'retrying', 'failed', 'dead'] as const;
export type LeadDeliveryState = (typeof LEAD_DELIVERY_STATES)[number];
/** The delivery filter: delivered, not yet delivered (pending or retrying), or given up (dead or failed). */
export const LEAD_DELIVERY_FILTERS = ['delivered', 'pending', 'dead'] as const;
/**
 * The quality filter: leads with a throwaway e-mail or a repeat request, or neither. It reads what was stored
 * on arrival; the sample phone number is read from the number as typed (any format), which SQL cannot do on
 * both engines, so it is not part of this filter (its badge still shows in the list).
 */
export const LEAD_QUALITY_FILTERS = ['flagged', 'unflagged'] as const;
export type LeadQualityFilter = (typeof LEAD_QUALITY_FILTERS)[number];

export const LEAD_SORTS = [
  'created_at',
  'name',
  'email',
  'status',
  'from_state',
  'move_date',
] as const;
export type LeadSort = (typeof LEAD_SORTS)[number];
export const LEAD_PAGE_SIZES = [10, 25, 50, 100] as const;

const MOVE_SIZE_IDS = MOVE_SIZES.map((s) => s.id) as unknown as readonly [string, ...string[]];

const leadFilterShape = {
  status: adminEnumParam('status', LEAD_STATUSES),
  from: adminDayParam('from'),
  to: adminDayParam('to'),
  /** Where the move starts: a two-letter abbreviation. Leads store the state as typed; every spelling matches. */
  state: adminTextParam('state', 2, /^[A-Za-z]{2}$/, 'must be a two-letter state abbreviation'),
  moveSize: adminEnumParam('moveSize', MOVE_SIZE_IDS),
  /** The partner (site id) the lead came through. */
  siteId: adminTextParam('siteId', 64, /^[A-Za-z0-9._-]+$/, 'must be a site id'),
  /** Name, e-mail or public lead id. */
  q: adminTextParam('q', 100),
  delivery: adminEnumParam('delivery', LEAD_DELIVERY_FILTERS),
  quality: adminEnumParam('quality', LEAD_QUALITY_FILTERS),
};

/** A day range's rule: the start not after the end (either may be missing). */
export const fromNotAfterTo = (query: { from?: string; to?: string }) =>
  !query.from || !query.to || query.from <= query.to;
export const RANGE_MESSAGE = {
  message: 'The start date must not be after the end date',
  path: ['from'],
};

/** The export's filters: the list's, without sort and page (the file lists every match, newest first). */
export const AdminLeadExportQuerySchema = z
  .strictObject(leadFilterShape)
  .refine(fromNotAfterTo, RANGE_MESSAGE);
export type AdminLeadExportQuery = z.infer<typeof AdminLeadExportQuerySchema>;
export type AdminLeadFilters = AdminLeadExportQuery;

/** A list's page size: one of `sizes` (25 when missing), refused in plain words otherwise. */
export const pageSizeParam = (sizes: readonly number[], fallback = 25) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      const n = Number(value);
      if (!sizes.includes(n)) {
        ctx.addIssue({ code: 'custom', message: `Page size must be one of: ${sizes.join(', ')}` });
        return z.NEVER;
      }
      return n;
    });

export const AdminLeadListQuerySchema = z
  .strictObject({
    ...leadFilterShape,
    sort: adminEnumParam('sort', LEAD_SORTS),
    dir: adminEnumParam('dir', ['asc', 'desc'] as const),
    page: adminIntParam('page', 1, 100_000, 1),
    pageSize: pageSizeParam(LEAD_PAGE_SIZES),
  })
  .refine(fromNotAfterTo, RANGE_MESSAGE);
export type AdminLeadListQuery = z.infer<typeof AdminLeadListQuerySchema>;
/** The list's parameters as the page puts them in its URL (all optional strings). */
export type AdminLeadListParams = Partial<
  Record<keyof z.input<typeof AdminLeadListQuerySchema>, string>
>;

export const AdminLeadSummarySchema = z.object({
  id: z.number().int(),
  publicId: z.string(),
  /** UTC, ISO 8601. */
  createdAt: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  fromLocation: z.string(),
  fromState: z.string().nullable(),
  toLocation: z.string(),
  toState: z.string().nullable(),
  moveSize: z.string().nullable(),
  moveDate: z.string(),
  siteId: z.string(),
  status: LeadStatusSchema,
  delivery: z.enum(LEAD_DELIVERY_STATES),
  /** What the quality checks found (the same flags as the lead's record), for the list's badges. */
  qualityFlags: z.array(z.enum(LEAD_QUALITY_FLAGS)),
});
export type AdminLeadSummary = z.infer<typeof AdminLeadSummarySchema>;

export const AdminLeadListSchema = z.object({
  leads: z.array(AdminLeadSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminLeadList = z.infer<typeof AdminLeadListSchema>;

/** The choices of the list's partner filter: every partner, and any other site id leads came from. */
export const AdminLeadFacetsSchema = z.object({
  partners: z.array(z.object({ siteId: z.string(), name: z.string() })),
});
export type AdminLeadFacets = z.infer<typeof AdminLeadFacetsSchema>;

// ---------------------------------------------------------------------------------------------------------
// One lead

export const AdminLeadJobSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  /** When the next attempt is due (UTC, ISO 8601); for a dead job, when it gave up. */
  runAt: z.string(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const AdminLeadAttemptSchema = z.object({
  attempt: z.number().int(),
  /** succeeded, retry, dead, lease-expired, retried */
  event: z.string(),
  message: z.string().nullable(),
  at: z.string(),
});

export const AdminLeadStatusChangeSchema = z.object({
  fromStatus: LeadStatusSchema.nullable(),
  toStatus: LeadStatusSchema,
  /** The admin's username; null for the system (the lead's arrival). */
  changedBy: z.string().nullable(),
  note: z.string().nullable(),
  changedAt: z.string(),
});

export const AdminLeadCompanySchema = z.object({
  id: z.union([z.number().int(), z.string()]),
  name: z.string(),
  /** Present when the mover is (still) in the directory. */
  slug: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
});

export const AdminLeadDetailSchema = z.object({
  lead: AdminLeadSummarySchema.extend({
    leadUuid: z.string(),
    partnerName: z.string().nullable(),
    sessionId: z.string().nullable(),
    pingId: z.string().nullable(),
    fromZip: z.string().nullable(),
    fromCity: z.string().nullable(),
    toZip: z.string().nullable(),
    toCity: z.string().nullable(),
    numberOfRooms: z.number().int(),
    needsAutoTransport: z.boolean(),
    autoTransport: z
      .object({ year: z.string(), make: z.string(), model: z.string(), condition: z.string() })
      .nullable(),
    deliveryStatus: z.string(),
    backendLeadId: z.string().nullable(),
    deliveredAt: z.string().nullable(),
    ipAddress: z.string(),
    userAgent: z.string(),
    origin: z.string().nullable(),
    updatedAt: z.string(),
    /** The 7.3.2 body forwarded to the lead backend, field by field. */
    wire: z.record(z.string(), z.string()),
  }),
  consent: z
    .object({
      version: z.string(),
      text: z.string(),
      companies: z.array(z.object({ id: z.union([z.number(), z.string()]), name: z.string() })),
      checked: z.boolean(),
      consentedAt: z.string(),
      ipAddress: z.string(),
      userAgent: z.string(),
      pageUrl: z.string(),
    })
    .nullable(),
  companies: z.array(AdminLeadCompanySchema),
  session: z
    .object({
      sessionId: z.string(),
      siteId: z.string(),
      visitorUuid: z.string(),
      ipAddress: z.string(),
      userAgent: z.string(),
      createdAt: z.string(),
      deliveryStatus: z.string(),
      /** The session's non-empty 7.3.1 fields: landing page, referrer, ad and tracking parameters. */
      fields: z.record(z.string(), z.string()),
    })
    .nullable(),
  delivery: z.object({
    state: z.enum(LEAD_DELIVERY_STATES),
    job: AdminLeadJobSchema.nullable(),
    attempts: z.array(AdminLeadAttemptSchema),
    /** A dead-letter (or cancelled) forwarding job may be queued again. */
    canRetry: z.boolean(),
  }),
  statusHistory: z.array(AdminLeadStatusChangeSchema),
  /** The lead's deliveries to the movers it named, by e-mail and webhook (issue 18). */
  moverDeliveries: z.array(leadDeliveryEntrySchema),
  /** The checks made when the lead arrived (issue 18). */
  quality: leadQualitySchema,
  /** Movers' returns of the lead, with their company. */
  returns: z.array(LeadReturnSchema.extend({ companyName: z.string() })),
});
export type AdminLeadDetail = z.infer<typeof AdminLeadDetailSchema>;

/** POST /api/admin/leads/:id/status */
export const AdminLeadStatusRequestSchema = z.strictObject({
  status: LeadStatusSchema,
  note: multilineText(
    z.string().trim().max(500, 'Note must be at most 500 characters'),
    'Note',
  ).optional(),
});
export type AdminLeadStatusRequest = z.infer<typeof AdminLeadStatusRequestSchema>;

/** The lead id in a path: the row id. */
export const AdminLeadIdSchema = idParam('lead');

/** The export's columns, in order: also the header row of the CSV. */
export const LEAD_EXPORT_COLUMNS = [
  'public_id',
  'created_at',
  'status',
  'delivery',
  'first_name',
  'last_name',
  'email',
  'phone',
  'from_zip',
  'from_city',
  'from_state',
  'from_location',
  'to_zip',
  'to_city',
  'to_state',
  'to_location',
  'move_date',
  'move_size',
  'number_of_rooms',
  'needs_auto_transport',
  'selected_companies',
  'site_id',
  'origin',
  'consent_version',
  'consented_at',
] as const;
