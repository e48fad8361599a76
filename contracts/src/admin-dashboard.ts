/**
 * The admin dashboard (/admin): one answer with the figures staff check first — leads today, this week and
 * this month (UTC), the last 30 days day by day, the pipeline by status, where leads come from, whether the
 * lead outbox is delivering, the directory's size and the newest leads.
 */
import { z } from 'zod';
import { LeadStatusSchema } from './lead';
import { AdminLeadSummarySchema } from './admin-leads';

export const DASHBOARD_DAYS = 30;
export const DASHBOARD_RECENT_LEADS = 10;

export const AdminDashboardSchema = z.object({
  /** UTC, ISO 8601: "today" and the periods are UTC days. */
  generatedAt: z.string(),
  leads: z.object({
    today: z.number().int(),
    thisWeek: z.number().int(),
    thisMonth: z.number().int(),
    total: z.number().int(),
  }),
  /** The last DASHBOARD_DAYS UTC days, oldest first, days without leads included. */
  leadsPerDay: z.array(z.object({ date: z.string(), count: z.number().int() })),
  /** Every status, in pipeline order, over all leads. */
  byStatus: z.array(z.object({ status: LeadStatusSchema, count: z.number().int() })),
  /** Leads of the last DASHBOARD_DAYS days by the state the move starts in, most first. */
  byState: z.array(
    z.object({ state: z.string().nullable(), name: z.string(), count: z.number().int() }),
  ),
  /** The lead outbox: forwarding to the lead backend. */
  delivery: z.object({
    delivered: z.number().int(),
    /** Waiting for a first attempt or running now. */
    pending: z.number().int(),
    /** Failed at least once and queued to try again. */
    retrying: z.number().int(),
    /** Cancelled or abandoned forwarding jobs. */
    failed: z.number().int(),
    /** Gave up after the last attempt: an admin must retry. */
    deadLetter: z.number().int(),
  }),
  companies: z.object({
    total: z.number().int(),
    listed: z.number().int(),
    featured: z.number().int(),
  }),
  recentLeads: z.array(AdminLeadSummarySchema),
});
export type AdminDashboard = z.infer<typeof AdminDashboardSchema>;
