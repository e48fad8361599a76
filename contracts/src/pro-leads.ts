/**
 * The mover's leads inbox (issue 17, /pro/companies/:companyId/leads): the leads that named this company in
 * their consent — the filtered, sorted, paged list, one lead with the consent it gave this company and this
 * company's status history, a status change with a note, and the CSV export. Query parameters arrive as
 * strings; these schemas bound them and name the bad one in plain words.
 */
import { z } from 'zod';
import {
  adminDayParam,
  adminEnumParam,
  adminIntParam,
  adminTextParam,
  fromNotAfterTo,
  pageSizeParam,
  RANGE_MESSAGE,
} from './admin-leads';
import { MOVE_SIZES } from './move-sizes';
import { multilineText } from './text';
import { leadDeliveryEntrySchema } from './lead-delivery-states';
import { LEAD_QUALITY_FLAGS, leadQualitySchema } from './lead-quality';
import { LeadReturnSchema } from './lead-returns';
import { COMPANY_LEAD_STATUSES, PRO_LEAD_PAGE_SIZES, PRO_LEAD_SORTS } from './pro-lead-statuses';

export * from './pro-lead-statuses';

export const CompanyLeadStatusSchema = z.enum(COMPANY_LEAD_STATUSES, {
  message: `Status must be one of: ${COMPANY_LEAD_STATUSES.join(', ')}`,
});

const MOVE_SIZE_IDS = MOVE_SIZES.map((s) => s.id) as unknown as readonly [string, ...string[]];

const proLeadFilterShape = {
  status: adminEnumParam('status', COMPANY_LEAD_STATUSES),
  /** Received on or after this UTC day. */
  from: adminDayParam('from'),
  /** Received on or before this UTC day. */
  to: adminDayParam('to'),
  moveSize: adminEnumParam('moveSize', MOVE_SIZE_IDS),
  /** Words matched against the name, the e-mail address and the cities. */
  q: adminTextParam('q', 100),
};

/** GET …/leads/export.csv: the list's filters, without sort and page (newest first). */
export const ProLeadExportQuerySchema = z
  .strictObject(proLeadFilterShape)
  .refine(fromNotAfterTo, RANGE_MESSAGE);
export type ProLeadFilters = z.infer<typeof ProLeadExportQuerySchema>;

/** GET …/leads */
export const ProLeadListQuerySchema = z
  .strictObject({
    ...proLeadFilterShape,
    sort: adminEnumParam('sort', PRO_LEAD_SORTS),
    dir: adminEnumParam('dir', ['asc', 'desc'] as const),
    page: adminIntParam('page', 1, 100_000, 1),
    pageSize: pageSizeParam(PRO_LEAD_PAGE_SIZES),
  })
  .refine(fromNotAfterTo, RANGE_MESSAGE);
export type ProLeadListQuery = z.infer<typeof ProLeadListQuerySchema>;
/** The list's parameters as the page keeps them in its URL. */
export type ProLeadListParams = Partial<
  Record<keyof z.input<typeof ProLeadListQuerySchema>, string>
>;

export const ProLeadSummarySchema = z.object({
  /** The lead's row id (the path's :leadId). */
  id: z.number().int(),
  /** The id the visitor was given, to quote on the phone. */
  publicId: z.string(),
  /** When the lead arrived: UTC, ISO 8601. */
  receivedAt: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  fromLocation: z.string(),
  fromCity: z.string().nullable(),
  toLocation: z.string(),
  toCity: z.string().nullable(),
  /** YYYY-MM-DD; null when the visitor's date could not be read. */
  moveDate: z.string().nullable(),
  moveSize: z.string().nullable(),
  status: CompanyLeadStatusSchema,
  /** The last status change (UTC, ISO 8601); null while the lead is as it arrived. */
  statusChangedAt: z.string().nullable(),
  /** When the customer withdrew consent for this company (do not contact); null while it stands. */
  consentWithdrawnAt: z.string().nullable(),
  /** What the quality checks found (the same flags as the lead's page), for the inbox's badges. */
  qualityFlags: z.array(z.enum(LEAD_QUALITY_FLAGS)),
});
export type ProLeadSummary = z.infer<typeof ProLeadSummarySchema>;

export const ProLeadListSchema = z.object({
  leads: z.array(ProLeadSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ProLeadList = z.infer<typeof ProLeadListSchema>;

export const ProLeadStatusChangeSchema = z.object({
  fromStatus: CompanyLeadStatusSchema,
  toStatus: CompanyLeadStatusSchema,
  note: z.string().nullable(),
  /** The name of the company user who made the change; null when that user is gone. */
  changedBy: z.string().nullable(),
  changedAt: z.string(),
});
export type ProLeadStatusChange = z.infer<typeof ProLeadStatusChangeSchema>;

export const ProLeadDetailSchema = z.object({
  lead: ProLeadSummarySchema.extend({
    fromZip: z.string().nullable(),
    fromState: z.string().nullable(),
    toZip: z.string().nullable(),
    toState: z.string().nullable(),
    numberOfRooms: z.number().int(),
    needsAutoTransport: z.boolean(),
    autoTransport: z
      .object({ year: z.string(), make: z.string(), model: z.string(), condition: z.string() })
      .nullable(),
    /** This company's latest note on the lead. */
    note: z.string().nullable(),
  }),
  /** The consent the visitor gave: its text names this company among the movers chosen. */
  consent: z
    .object({
      version: z.string(),
      text: z.string(),
      consentedAt: z.string(),
      /** The name this company was shown under when the visitor chose it. */
      namedAs: z.string().nullable(),
      /** How many movers the visitor chose in all. */
      companiesNamed: z.number().int(),
    })
    .nullable(),
  /** This company's status changes, oldest first. */
  history: z.array(ProLeadStatusChangeSchema),
  /** How the lead reached this company: its e-mail and webhook deliveries (issue 18). */
  deliveries: z.array(leadDeliveryEntrySchema),
  /** The checks made when the lead arrived (issue 18). */
  quality: leadQualitySchema,
  /** This company's return of the lead, once asked for. */
  return: LeadReturnSchema.nullable(),
});
export type ProLeadDetail = z.infer<typeof ProLeadDetailSchema>;

/** PATCH …/leads/:leadId/status */
export const ProLeadStatusRequestSchema = z.strictObject({
  status: CompanyLeadStatusSchema,
  note: multilineText(
    z.string().trim().max(500, 'Note must be at most 500 characters'),
    'Note',
  ).optional(),
});
export type ProLeadStatusRequest = z.infer<typeof ProLeadStatusRequestSchema>;

/** The export's columns, in order: also the CSV's header row. */
export const PRO_LEAD_EXPORT_COLUMNS = [
  'lead_id',
  'received_at',
  'status',
  'note',
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
  'consented_at',
] as const;
