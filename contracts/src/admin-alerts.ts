/**
 * Failures raised to staff (issue 16): what is wrong now (GET /api/admin/alerts: the banner across the admin
 * and the dashboard), who is e-mailed when something new goes wrong (the Settings screen's alert addresses),
 * and the lead backend's "Test connection". See docs/decisions/030.
 */
import { z } from 'zod';
import { EMAIL_PATTERN } from './lead';
import { leadBackendUrlSchema } from './admin-settings';

/**
 * lead-delivery: forwarding to the lead backend fails and leads wait; dead-jobs: jobs gave up (dead letters);
 * schedule: a schedule's last run failed; seo-crawl, qa-run: a crawl or QA run failed in recent days.
 */
export const ALERT_KINDS = [
  'lead-delivery',
  'dead-jobs',
  'schedule',
  'seo-crawl',
  'qa-run',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** How far back failed crawls and QA runs are raised. */
export const ALERT_RECENT_DAYS = 7;

export const AdminAlertSchema = z.object({
  /** One problem: `lead-delivery`, `dead-jobs`, `schedule:4`, `seo-crawl:12`, `qa-run:7`. */
  key: z.string(),
  kind: z.enum(ALERT_KINDS),
  /** One line: what is wrong. */
  title: z.string(),
  /** Plain words: how many, the last error, what to do. */
  detail: z.string(),
  /** When it started failing (UTC, ISO 8601). */
  since: z.string(),
  /** The admin screen to fix it on, and the link's words. */
  link: z.string(),
  linkLabel: z.string(),
  /**
   * Changes when the problem does (another dead letter, a new failure): a banner dismissed for one
   * fingerprint shows again when it changes.
   */
  fingerprint: z.string(),
});
export type AdminAlert = z.infer<typeof AdminAlertSchema>;

export const AdminAlertsSchema = z.object({
  alerts: z.array(AdminAlertSchema),
  checkedAt: z.string(),
});
export type AdminAlerts = z.infer<typeof AdminAlertsSchema>;

// ---------------------------------------------------------------------------------------------------------
// Who is e-mailed

export const ALERT_EMAILS_MAX = 20;

const alertEmail = z
  .string({ message: 'Each alert address must be text' })
  .trim()
  .max(254, 'An alert address must be at most 254 characters')
  .refine((v) => EMAIL_PATTERN.test(v), {
    error: (issue) => `"${String(issue.input).slice(0, 80)}" is not a valid e-mail address`,
  });

/** PUT /api/admin/settings/alert-emails: every address (an empty list e-mails nobody). */
export const AlertEmailsUpdateSchema = z.strictObject({
  emails: z
    .array(alertEmail, { message: 'The alert addresses must be a list of e-mail addresses' })
    .max(ALERT_EMAILS_MAX, `At most ${ALERT_EMAILS_MAX} alert addresses`)
    .transform((emails) => [...new Set(emails.map((e) => e.toLowerCase()))]),
});
export type AlertEmailsUpdate = z.input<typeof AlertEmailsUpdateSchema>;

export const AlertEmailsSchema = z.object({
  emails: z.array(z.string()),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type AlertEmails = z.infer<typeof AlertEmailsSchema>;

// ---------------------------------------------------------------------------------------------------------
// Test connection

/** POST /api/admin/settings/lead-backend/test: the URL as typed (not yet saved). */
export const LeadBackendTestSchema = z.strictObject({
  url: leadBackendUrlSchema.refine((v) => v !== null, 'The lead backend’s address is required'),
});
export type LeadBackendTest = z.input<typeof LeadBackendTestSchema>;

/**
 * reachable: it answered (any status below 500); http-error: it answered 5xx; refused: nothing listens there;
 * certificate: the TLS certificate was not accepted; timeout: no answer in time; not-allowed: the address is
 * one the server never calls (private, plain http in production, a redirect); unknown-host: the name does not
 * resolve; network: any other failure.
 */
export const LEAD_BACKEND_TEST_OUTCOMES = [
  'reachable',
  'http-error',
  'refused',
  'certificate',
  'timeout',
  'not-allowed',
  'unknown-host',
  'network',
] as const;

export const LeadBackendTestResultSchema = z.object({
  ok: z.boolean(),
  outcome: z.enum(LEAD_BACKEND_TEST_OUTCOMES),
  /** One sentence for the person who typed the URL. */
  message: z.string(),
  elapsedMs: z.number().int().nullable(),
  status: z.number().int().nullable(),
});
export type LeadBackendTestResult = z.infer<typeof LeadBackendTestResultSchema>;
