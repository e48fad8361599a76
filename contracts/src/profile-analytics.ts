/**
 * Profile analytics (issue 17): what a company's public profile reports as visitors use it, and what staff
 * (later the mover's dashboard) read back. The server counts each kind per company per UTC day; nothing about
 * the visitor is sent or kept (docs/decisions/033).
 */
import { z } from 'zod';
import { adminIntParam } from './admin-leads';
import { PROFILE_ACTIVITY_KINDS } from './profile-activity-kinds';

const KINDS_TEXT = PROFILE_ACTIVITY_KINDS.join(', ');

/**
 * POST /api/companies/:slug/activity: one thing a visitor did. Sent with navigator.sendBeacon as JSON text
 * (text/plain, so no preflight) or with fetch as application/json; the server reads both.
 */
export const ProfileActivitySchema = /* @__PURE__ */ z.strictObject({
  kind: /* @__PURE__ */ z.enum(PROFILE_ACTIVITY_KINDS, {
    error: (issue) =>
      issue.input === undefined
        ? 'The kind of activity is required'
        : `The kind of activity must be one of: ${KINDS_TEXT}`,
  }),
});
export type ProfileActivity = z.infer<typeof ProfileActivitySchema>;

/** The admin panel's range: the last 30 days, today included; at most a year and a day. */
export const PROFILE_ACTIVITY_DEFAULT_DAYS = 30;
export const PROFILE_ACTIVITY_MAX_DAYS = 366;

/** GET /api/admin/companies/:id/activity?days=30 */
export const AdminCompanyActivityQuerySchema = /* @__PURE__ */ z.strictObject({
  days: adminIntParam('days', 1, PROFILE_ACTIVITY_MAX_DAYS, PROFILE_ACTIVITY_DEFAULT_DAYS),
});
export type AdminCompanyActivityQuery = z.infer<typeof AdminCompanyActivityQuerySchema>;

const count = z.number().int().nonnegative();

/** One count per kind. */
export const ProfileActivityCountsSchema = z.object({
  view: count,
  quote_click: count,
  phone_click: count,
  website_click: count,
});
export type ProfileActivityCounts = z.infer<typeof ProfileActivityCountsSchema>;

export const AdminCompanyActivitySchema = z.object({
  companyId: z.number().int(),
  /** The range's first and last UTC days, as YYYY-MM-DD. */
  from: z.string(),
  to: z.string(),
  totals: ProfileActivityCountsSchema,
  /** Every day of the range, oldest first, days without activity included (all zero). */
  byDay: z.array(z.object({ day: z.string(), counts: ProfileActivityCountsSchema })),
});
export type AdminCompanyActivity = z.infer<typeof AdminCompanyActivitySchema>;
