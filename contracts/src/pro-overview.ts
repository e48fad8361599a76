/**
 * The mover's overview (issue 17, /pro/companies/:companyId/overview): leads this week and this month, the
 * profile's views and link clicks per day over the last 30 days, and the rating and review count month by
 * month (published reviews only).
 */
import { z } from 'zod';
import { ProfileActivityCountsSchema } from './profile-analytics';
import { COMPANY_LEAD_STATUSES } from './pro-lead-statuses';

const count = z.number().int().nonnegative();

export const PRO_OVERVIEW_DAYS = 30;
export const PRO_OVERVIEW_MONTHS = 12;

export const ProOverviewSchema = z.object({
  companyId: z.number().int(),
  /** Today's UTC day, YYYY-MM-DD. */
  today: z.string(),
  leads: z.object({
    /** Since Monday of this UTC week (weekStart) and since the 1st of this UTC month (monthStart). */
    thisWeek: count,
    thisMonth: count,
    weekStart: z.string(),
    monthStart: z.string(),
    total: count,
    /** How many of all this company's leads stand at each status. */
    byStatus: z.record(z.enum(COMPANY_LEAD_STATUSES), count),
    /** Leads received each UTC day of the last 30, oldest first, days without leads included. */
    byDay: z.array(z.object({ day: z.string(), count })),
  }),
  activity: z.object({
    from: z.string(),
    to: z.string(),
    totals: ProfileActivityCountsSchema,
    byDay: z.array(z.object({ day: z.string(), counts: ProfileActivityCountsSchema })),
  }),
  reviews: z.object({
    /** The published rating now (1-5, one decimal), null without reviews. */
    rating: z.number().nullable(),
    reviewCount: count,
    /** The last 12 months, oldest first: that month's new reviews, and the count and rating at its end. */
    byMonth: z.array(
      z.object({
        month: z.string(),
        newReviews: count,
        reviewCount: count,
        rating: z.number().nullable(),
      }),
    ),
  }),
});
export type ProOverview = z.infer<typeof ProOverviewSchema>;
