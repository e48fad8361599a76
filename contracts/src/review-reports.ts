/**
 * "Report this review" on the wire (issue 19): a visitor's report from the profile, a company's from its
 * dashboard, and staff's queue of open reports with its two decisions — dismiss (the review stays) or uphold
 * (the review is hidden, as staff hide one) — each with a reason. The reasons, limits and words are
 * ./review-report-options's, shared with the pages.
 */
import { z } from 'zod';
import { EMAIL_PATTERN } from './lead';
import { proCompanyPath } from './pro-api-paths';
import { intParam } from './query-params';
import {
  REVIEW_REPORT_DECISION_REASON_MAX,
  REVIEW_REPORT_DETAILS_MAX,
  REVIEW_REPORT_EMAIL_MAX,
  REVIEW_REPORT_MESSAGES,
  REVIEW_REPORT_OTHER_MIN,
  REVIEW_REPORT_REASONS,
  REVIEW_REPORT_SOURCES,
  REVIEW_REPORT_STATUSES,
} from './review-report-options';
import { REVIEW_STATUSES } from './admin-companies';
import { isMultilineText, unshowableText } from './text';

export * from './review-report-options';

const reasonSchema = z.enum(REVIEW_REPORT_REASONS, { message: REVIEW_REPORT_MESSAGES.reason });

const detailsSchema = z
  .string({ message: REVIEW_REPORT_MESSAGES.detailsUnshowable })
  .trim()
  .max(REVIEW_REPORT_DETAILS_MAX, REVIEW_REPORT_MESSAGES.detailsLong)
  .refine(isMultilineText, REVIEW_REPORT_MESSAGES.detailsUnshowable)
  .optional()
  .default('');

/** "Something else" says what, in a few words. */
const otherNeedsDetails = (report: { reason: string; details: string }, ctx: z.RefinementCtx) => {
  if (report.reason === 'other' && report.details.length < REVIEW_REPORT_OTHER_MIN)
    ctx.addIssue({
      code: 'custom',
      message: REVIEW_REPORT_MESSAGES.detailsOther,
      path: ['details'],
    });
};

/** POST /api/reviews/:reviewId/report (no account). */
export const ReviewReportRequestSchema = z
  .strictObject({
    reason: reasonSchema,
    details: detailsSchema,
    /** Optional: only for our team, to ask the visitor about the report. Never shown to anyone else. */
    email: z
      .string({ message: REVIEW_REPORT_MESSAGES.email })
      .trim()
      .max(REVIEW_REPORT_EMAIL_MAX, REVIEW_REPORT_MESSAGES.email)
      .refine((v) => v === '' || EMAIL_PATTERN.test(v), REVIEW_REPORT_MESSAGES.email)
      .optional()
      .default(''),
  })
  .superRefine(otherNeedsDetails);
export type ReviewReportRequest = z.input<typeof ReviewReportRequestSchema>;
export type ReviewReportRequestInput = z.output<typeof ReviewReportRequestSchema>;

/** The answer to a report, in words (201). */
export const ReviewReportReceiptSchema = z.object({ message: z.string() });
export type ReviewReportReceipt = z.infer<typeof ReviewReportReceiptSchema>;

// ── The company's report, from /pro ──────────────────────────────────────────────────────────────────────

/** POST /api/pro/companies/:companyId/reviews/:reviewId/report */
export const proReviewReportPath = (companyId: number, reviewId: number) =>
  proCompanyPath(companyId, `reviews/${reviewId}/report`);

export const ProReviewReportRequestSchema = z
  .strictObject({ reason: reasonSchema, details: detailsSchema })
  .superRefine(otherNeedsDetails);
export type ProReviewReportRequest = z.input<typeof ProReviewReportRequestSchema>;

/** The company's latest report of a review, as the company sees it. */
export const ProReviewReportSchema = z.object({
  id: z.number().int(),
  status: z.enum(REVIEW_REPORT_STATUSES),
  reason: z.enum(REVIEW_REPORT_REASONS),
  details: z.string(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  /** Why staff decided as they did (once decided). */
  staffReason: z.string().nullable(),
});
export type ProReviewReport = z.infer<typeof ProReviewReportSchema>;

// ── Staff's queue (/admin/companies/reviews?tab=reports) ─────────────────────────────────────────────────

export const ADMIN_REVIEW_REPORTS_PATH = '/api/admin/review-reports';
export const adminReviewReportDecisionPath = (id: number) =>
  `${ADMIN_REVIEW_REPORTS_PATH}/${id}/decision`;

/** GET /api/admin/review-reports: open ones unless another status (or all) is asked for. */
export const AdminReviewReportListQuerySchema = z.strictObject({
  status: z
    .enum([...REVIEW_REPORT_STATUSES, 'all'], {
      message: 'Status must be open, dismissed, upheld or all',
    })
    .optional()
    .default('open'),
  page: intParam('page', 1, 100_000, 1),
  limit: intParam('limit', 1, 100, 20),
});
export type AdminReviewReportListQuery = z.output<typeof AdminReviewReportListQuerySchema>;

export const AdminReviewReportSchema = z.object({
  id: z.number().int(),
  source: z.enum(REVIEW_REPORT_SOURCES),
  reason: z.enum(REVIEW_REPORT_REASONS),
  details: z.string(),
  /** A visitor's address, when they gave one (never for a company's report). */
  reporterEmail: z.string().nullable(),
  /** The company's person who reported it (null for visitors, and when their account was removed). */
  reporter: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  /** Further reports of the same review by visitors within a day, folded into this one. */
  repeats: z.number().int(),
  status: z.enum(REVIEW_REPORT_STATUSES),
  staffReason: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  createdAt: z.string(),
  company: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  review: z.object({
    id: z.number().int(),
    rating: z.number().int(),
    title: z.string(),
    body: z.string(),
    authorFirstName: z.string(),
    date: z.string(),
    status: z.enum(REVIEW_STATUSES),
  }),
});
export type AdminReviewReport = z.infer<typeof AdminReviewReportSchema>;

export const AdminReviewReportPageSchema = z.object({
  items: z.array(AdminReviewReportSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /** How many reports are open in all: the tab's count, whatever status is shown. */
  open: z.number().int(),
});
export type AdminReviewReportPage = z.infer<typeof AdminReviewReportPageSchema>;

export const REVIEW_REPORT_DECISIONS = ['dismiss', 'uphold'] as const;
export type ReviewReportDecisionKind = (typeof REVIEW_REPORT_DECISIONS)[number];

/** POST /api/admin/review-reports/:id/decision */
export const ReviewReportDecisionSchema = z.strictObject({
  decision: z.enum(REVIEW_REPORT_DECISIONS, { message: 'Decision must be dismiss or uphold' }),
  reason: z
    .string({ message: 'Say why you decide so' })
    .trim()
    .min(3, 'Say why you decide so')
    .max(
      REVIEW_REPORT_DECISION_REASON_MAX,
      `The reason can be at most ${REVIEW_REPORT_DECISION_REASON_MAX} characters`,
    )
    .refine(isMultilineText, unshowableText('The reason')),
});
export type ReviewReportDecision = z.input<typeof ReviewReportDecisionSchema>;

/** The report as it is after the decision. */
export const ReviewReportDecisionResultSchema = z.object({ report: AdminReviewReportSchema });
export type ReviewReportDecisionResult = z.infer<typeof ReviewReportDecisionResultSchema>;
