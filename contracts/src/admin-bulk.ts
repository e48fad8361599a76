/**
 * Bulk actions on the admin lists (companies, leads, reviews, SEO tasks) and the companies CSV export. A bulk
 * request names the rows by id (at most BULK_MAX_IDS, a page of the largest list five times over) and one
 * action; the answer says per id what was done, in words, with the row's before and after (for the audit
 * log). One transaction per request: all of it or none of it (docs/decisions/029).
 */
import { z } from 'zod';
import { AdminCompanyListQuerySchema } from './admin-companies';
import { LEAD_STATUSES } from './lead';
import { SEO_TASK_STATUSES } from './admin-seo';

export const BULK_MAX_IDS = 500;

const bulkIds = z
  .array(
    z
      .number({ message: 'The selected ids must be numbers' })
      .int('The selected ids must be whole numbers')
      .positive(),
    {
      message: 'The selection must be a list of ids',
    },
  )
  .min(1, 'Choose at least one row')
  .max(BULK_MAX_IDS, `At most ${BULK_MAX_IDS} rows at a time; choose fewer`)
  .transform((ids) => [...new Set(ids)]);

export const COMPANY_BULK_ACTIONS = ['feature', 'unfeature', 'list', 'unlist', 'delete'] as const;
export type CompanyBulkAction = (typeof COMPANY_BULK_ACTIONS)[number];

export const CompanyBulkRequestSchema = z.strictObject({
  ids: bulkIds,
  action: z.enum(COMPANY_BULK_ACTIONS, {
    message: `The action must be one of: ${COMPANY_BULK_ACTIONS.join(', ')}`,
  }),
  /** Why, in staff's words, kept with each company's audit record (the red-flag report asks for it). */
  reason: z
    .string({ message: 'The reason must be text' })
    .trim()
    .max(200, 'The reason must be at most 200 characters')
    .optional()
    .transform((reason) => reason || undefined),
});
export type CompanyBulkRequest = z.input<typeof CompanyBulkRequestSchema>;

export const LeadBulkStatusRequestSchema = z.strictObject({
  ids: bulkIds,
  status: z.enum(LEAD_STATUSES, {
    message: `The status must be one of: ${LEAD_STATUSES.join(', ')}`,
  }),
});
export type LeadBulkStatusRequest = z.input<typeof LeadBulkStatusRequestSchema>;

export const REVIEW_BULK_ACTIONS = ['publish', 'hide'] as const;
export type ReviewBulkAction = (typeof REVIEW_BULK_ACTIONS)[number];

export const ReviewBulkRequestSchema = z.strictObject({
  ids: bulkIds,
  action: z.enum(REVIEW_BULK_ACTIONS, { message: 'The action must be publish or hide' }),
});
export type ReviewBulkRequest = z.input<typeof ReviewBulkRequestSchema>;

export const SeoTaskBulkStatusRequestSchema = z.strictObject({
  ids: bulkIds,
  status: z.enum(SEO_TASK_STATUSES, {
    message: `The status must be one of: ${SEO_TASK_STATUSES.join(', ')}`,
  }),
});
export type SeoTaskBulkStatusRequest = z.input<typeof SeoTaskBulkStatusRequestSchema>;

export const BULK_OUTCOMES = ['done', 'unchanged', 'not_found'] as const;
export type BulkOutcome = (typeof BULK_OUTCOMES)[number];

export const BulkRowResultSchema = z.object({
  id: z.number().int(),
  outcome: z.enum(BULK_OUTCOMES),
  /** What happened to this row, in words: "Unlisted", "Already featured", "No company with id 12". */
  message: z.string(),
  /** The row's fields the action touches, before and after; null where there is no row (or no more). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type BulkRowResult = z.infer<typeof BulkRowResultSchema>;

export const BulkResultSchema = z.object({
  results: z.array(BulkRowResultSchema),
  done: z.number().int(),
  unchanged: z.number().int(),
  notFound: z.number().int(),
  /** One sentence for the screen: "12 companies unlisted; 2 were already unlisted." */
  summary: z.string(),
});
export type BulkResult = z.infer<typeof BulkResultSchema>;

/** GET /api/admin/companies/export.csv: the list's filters (its sort, page and size are ignored). */
export const AdminCompanyExportQuerySchema = AdminCompanyListQuerySchema;
export type AdminCompanyExportQuery = z.output<typeof AdminCompanyExportQuerySchema>;

/** The sizes of a page of the companies list. */
export const ADMIN_COMPANY_PAGE_SIZES = [25, 50, 100] as const;
