/**
 * The admin statistics screen (/admin/statistics): leads over a date range by day, week or month, by state,
 * move size, partner and source, the most requested routes, the quote wizard's funnel from the widget's step
 * events, and the directory's companies by state and rating. Days are UTC; weeks start on Monday.
 */
import { z } from 'zod';
import { adminDayParam, adminEnumParam, adminTextParam } from './admin-leads';

export const STATISTICS_GRANULARITIES = ['day', 'week', 'month'] as const;
export type StatisticsGranularity = (typeof STATISTICS_GRANULARITIES)[number];

/** The default range: the last 30 days, today included. */
export const STATISTICS_DEFAULT_DAYS = 30;
/** Longest range: ten years. */
export const STATISTICS_MAX_DAYS = 3660;
/** More than this many bars is unreadable: longer ranges need a coarser granularity. */
export const STATISTICS_MAX_BUCKETS = 400;

export const AdminStatisticsQuerySchema = z
  .strictObject({
    from: adminDayParam('from'),
    to: adminDayParam('to'),
    granularity: adminEnumParam('granularity', STATISTICS_GRANULARITIES),
    /** Only leads and funnel events of one partner (site id). */
    siteId: adminTextParam('siteId', 64, /^[A-Za-z0-9._-]+$/, 'must be a site id'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'The start date must not be after the end date',
    path: ['from'],
  });
export type AdminStatisticsQuery = z.infer<typeof AdminStatisticsQuerySchema>;
export type AdminStatisticsParams = Partial<Record<keyof AdminStatisticsQuery, string>>;

const count = z.number().int();

export const AdminStatisticsSchema = z.object({
  range: z.object({
    from: z.string(),
    to: z.string(),
    granularity: z.enum(STATISTICS_GRANULARITIES),
    siteId: z.string().nullable(),
  }),
  totals: z.object({ leads: count, converted: count, lost: count }),
  /** One entry per day, week (its Monday) or month (its first day) of the range, empty ones included. */
  overTime: z.array(z.object({ period: z.string(), count })),
  /** By the state the move starts in; `state` null for leads whose state is missing or unreadable. */
  byState: z.array(z.object({ state: z.string().nullable(), name: z.string(), count })),
  /** By move size id; `moveSize` null for leads without one. */
  byMoveSize: z.array(z.object({ moveSize: z.string().nullable(), label: z.string(), count })),
  byPartner: z.array(z.object({ siteId: z.string(), name: z.string(), count })),
  /** By partner and the page origin the widget was embedded on (null when the browser sent none). */
  bySource: z.array(z.object({ siteId: z.string(), origin: z.string().nullable(), count })),
  /** The most requested state-to-state moves. */
  topRoutes: z.array(z.object({ from: z.string(), to: z.string(), count })),
  /**
   * The wizard's funnel: widget sessions opened, then visitors reaching each step the widget reports
   * (steps 2 to 7), each with its drop-off from the row before, in percent (null for the first row).
   */
  funnel: z.array(
    z.object({
      step: z.number().int(),
      name: z.string(),
      label: z.string(),
      visitors: count,
      dropOffPercent: z.number().nullable(),
    }),
  ),
  companiesByState: z.array(
    z.object({ state: z.string(), name: z.string(), listed: count, featured: count }),
  ),
  /** Listed companies by rating band, best first, unrated last. */
  companiesByRating: z.array(z.object({ band: z.string(), count })),
});
export type AdminStatistics = z.infer<typeof AdminStatisticsSchema>;
