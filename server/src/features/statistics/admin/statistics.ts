/**
 * GET /api/admin/statistics: the lead figures of a date range (UTC days, both included), grouped by period
 * on the database through the dialect's day bucket, and the directory's company figures. A range too long for
 * its granularity is refused rather than drawn as an unreadable chart.
 */
import type { Knex } from 'knex';
import {
  MOVE_SIZES,
  QUOTE_STEPS,
  STATISTICS_DEFAULT_DAYS,
  STATISTICS_MAX_BUCKETS,
  STATISTICS_MAX_DAYS,
  stateAbbreviation,
  type AdminStatistics,
  type AdminStatisticsQuery,
  type StatisticsGranularity,
} from '@moveratlas/contracts';
import { dialectOf } from '../../../db/dialect';
import { badRequest } from '../../../lib/http-error';
import { dayStart, nextDay } from '../../leads';
import { countByState } from './lead-states';
import { inTurn } from '../../../db/in-turn';
import { daysBetween, fillPeriods, periodsBetween, utcDay } from './periods';

const TOP_ROUTES = 10;
const TOP_SOURCES = 20;

interface Range {
  from: string;
  to: string;
  granularity: StatisticsGranularity;
  siteId: string | null;
}

/** The range asked for, with defaults: the last 30 days; days up to three months, weeks up to two years. */
export function resolveRange(query: AdminStatisticsQuery, now = new Date()): Range {
  const today = utcDay(now);
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from = query.from ?? nextDay(to, -(STATISTICS_DEFAULT_DAYS - 1));
  const days = daysBetween(from, to);
  if (days > STATISTICS_MAX_DAYS)
    throw badRequest(`The range must be at most ${STATISTICS_MAX_DAYS} days`);
  const granularity = query.granularity ?? (days <= 92 ? 'day' : days <= 731 ? 'week' : 'month');
  if (periodsBetween(from, to, granularity).length > STATISTICS_MAX_BUCKETS)
    throw badRequest(
      `That range has more than ${STATISTICS_MAX_BUCKETS} ${granularity}s; choose a coarser granularity`,
    );
  return { from, to, granularity, siteId: query.siteId ?? null };
}

const RATING_BAND =
  'CASE WHEN rating IS NULL THEN 0 WHEN rating >= 4.5 THEN 5 WHEN rating >= 4 THEN 4 WHEN rating >= 3 THEN 3 WHEN rating >= 2 THEN 2 ELSE 1 END';
const RATING_BANDS: Array<[number, string]> = [
  [5, '4.5 – 5.0'],
  [4, '4.0 – 4.4'],
  [3, '3.0 – 3.9'],
  [2, '2.0 – 2.9'],
  [1, 'Below 2.0'],
  [0, 'Unrated'],
];

const FUNNEL_VISITOR = `CASE WHEN lead_uuid <> '' THEN lead_uuid ELSE session_id END`;

export async function leadStatistics(db: Knex, range: Range): Promise<AdminStatistics> {
  const dialect = dialectOf(db);
  const start = dayStart(range.from);
  const end = dayStart(nextDay(range.to));
  const leads = () => {
    const qb = db('leads').where('created_at', '>=', start).andWhere('created_at', '<', end);
    if (range.siteId) qb.where('site_id', range.siteId);
    return qb;
  };
  const bucket = dialect.dayBucket('created_at', range.granularity);

  const [totals, overTime, states, sizes, partnersRows, sources, routes, steps, sessions] =
    await inTurn(
      () =>
        leads().first(
          db.raw('COUNT(*) AS n'),
          db.raw(`SUM(CASE WHEN status = 'converted' THEN 1 ELSE 0 END) AS converted`),
          db.raw(`SUM(CASE WHEN status = 'lost' THEN 1 ELSE 0 END) AS lost`),
        ) as Promise<{ n: unknown; converted: unknown; lost: unknown }>,
      () =>
        leads()
          .groupByRaw(bucket)
          .select(db.raw(`${bucket} AS period`), db.raw('COUNT(*) AS n')) as Promise<
          Array<{ period: unknown; n: unknown }>
        >,
      () =>
        leads()
          .groupBy('from_state')
          .select('from_state as state', db.raw('COUNT(*) AS n')) as Promise<
          Array<{ state: unknown; n: unknown }>
        >,
      () =>
        leads().groupBy('move_size').select('move_size', db.raw('COUNT(*) AS n')) as Promise<
          Array<{ move_size: string | null; n: unknown }>
        >,
      () =>
        leads().groupBy('site_id').select('site_id', db.raw('COUNT(*) AS n')) as Promise<
          Array<{ site_id: string; n: unknown }>
        >,
      () =>
        leads()
          .groupBy('site_id', 'origin')
          .select('site_id', 'origin', db.raw('COUNT(*) AS n'))
          .orderByRaw('COUNT(*) DESC')
          .orderBy(['site_id', 'origin'])
          .limit(TOP_SOURCES) as Promise<
          Array<{ site_id: string; origin: string | null; n: unknown }>
        >,
      () =>
        leads()
          .whereNotNull('from_state')
          .whereNotNull('to_state')
          .groupBy('from_state', 'to_state')
          .select('from_state', 'to_state', db.raw('COUNT(*) AS n')) as Promise<
          Array<{ from_state: string; to_state: string; n: unknown }>
        >,
      () => {
        const qb = db('widget_step_events')
          .where('created_at', '>=', start)
          .andWhere('created_at', '<', end)
          .where((w) => w.whereNot('lead_uuid', '').orWhereNot('session_id', ''))
          .groupBy('form_step')
          .select('form_step', db.raw(`COUNT(DISTINCT ${FUNNEL_VISITOR}) AS n`));
        if (range.siteId) qb.where('site_id', range.siteId);
        return qb as Promise<Array<{ form_step: unknown; n: unknown }>>;
      },
      () => {
        const qb = db('visitor_sessions')
          .where('created_at', '>=', start)
          .andWhere('created_at', '<', end)
          .count({ n: '*' })
          .first();
        if (range.siteId) qb.where('site_id', range.siteId);
        return qb as Promise<{ n: unknown } | undefined>;
      },
    );

  const partnerNames = new Map(
    (
      (await db('partners').select('site_id', 'name')) as Array<{ site_id: string; name: string }>
    ).map((p) => [p.site_id, p.name]),
  );

  // Routes: spellings of a state count as one, moves whose states cannot be read are left out.
  const routeCounts = new Map<string, number>();
  for (const row of routes) {
    const from = stateAbbreviation(row.from_state);
    const to = stateAbbreviation(row.to_state);
    if (!from || !to) continue;
    routeCounts.set(`${from}>${to}`, (routeCounts.get(`${from}>${to}`) ?? 0) + Number(row.n));
  }

  // The widget reports steps 2 to 7; the widget sessions opened stand in front of them.
  const reached = new Map(steps.map((s) => [Number(s.form_step), Number(s.n)]));
  const funnelRows = [
    {
      step: 1,
      name: 'sessions',
      label: 'Widget sessions opened',
      visitors: Number(sessions?.n ?? 0),
    },
    ...QUOTE_STEPS.filter((s) => s.step > 1).map((s) => ({
      step: s.step,
      name: s.name,
      label: `Step ${s.step}: ${s.title}`,
      visitors: reached.get(s.step) ?? 0,
    })),
  ];

  const sizeLabels = new Map<string, string>(MOVE_SIZES.map((s) => [s.id, s.label]));
  return {
    range,
    totals: {
      leads: Number(totals.n ?? 0),
      converted: Number(totals.converted ?? 0),
      lost: Number(totals.lost ?? 0),
    },
    overTime: fillPeriods(periodsBetween(range.from, range.to, range.granularity), overTime),
    byState: countByState(states),
    byMoveSize: sizes
      .map((s) => ({
        moveSize: s.move_size || null,
        label: s.move_size ? (sizeLabels.get(s.move_size) ?? s.move_size) : 'Not given',
        count: Number(s.n),
      }))
      .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label)),
    byPartner: partnersRows
      .map((p) => ({
        siteId: p.site_id,
        name: partnerNames.get(p.site_id) ?? p.site_id,
        count: Number(p.n),
      }))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
    bySource: sources.map((s) => ({
      siteId: s.site_id,
      origin: s.origin || null,
      count: Number(s.n),
    })),
    topRoutes: [...routeCounts]
      .map(([key, count]) => {
        const [from, to] = key.split('>') as [string, string];
        return { from, to, count };
      })
      .sort((a, b) => b.count - a.count || a.from.localeCompare(b.from) || a.to.localeCompare(b.to))
      .slice(0, TOP_ROUTES),
    funnel: funnelRows.map((row, i) => {
      const previous = i === 0 ? undefined : funnelRows[i - 1]!.visitors;
      return {
        ...row,
        dropOffPercent:
          previous === undefined || previous === 0
            ? null
            : Math.round(((previous - row.visitors) / previous) * 1000) / 10,
      };
    }),
    ...(await companyStatistics(db)),
  };
}

async function companyStatistics(
  db: Knex,
): Promise<Pick<AdminStatistics, 'companiesByState' | 'companiesByRating'>> {
  const [byState, byRating] = await Promise.all([
    db({ c: 'companies' })
      .join({ s: 'states' }, 's.id', 'c.state_id')
      .where('c.is_in_list', true)
      .groupBy('s.abbreviation', 's.name')
      .select(
        's.abbreviation',
        's.name',
        db.raw('COUNT(*) AS listed'),
        db.raw('SUM(CASE WHEN c.is_featured THEN 1 ELSE 0 END) AS featured'),
      ) as Promise<
      Array<{ abbreviation: string; name: string; listed: unknown; featured: unknown }>
    >,
    db('companies')
      .where('is_in_list', true)
      .groupByRaw(RATING_BAND)
      .select(db.raw(`${RATING_BAND} AS band`), db.raw('COUNT(*) AS n')) as Promise<
      Array<{ band: unknown; n: unknown }>
    >,
  ]);
  const bands = new Map(byRating.map((b) => [Number(b.band), Number(b.n)]));
  return {
    companiesByState: byState
      .map((s) => ({
        state: s.abbreviation,
        name: s.name,
        listed: Number(s.listed),
        featured: Number(s.featured ?? 0),
      }))
      .sort((a, b) => b.listed - a.listed || a.name.localeCompare(b.name)),
    companiesByRating: RATING_BANDS.map(([band, label]) => ({
      band: label,
      count: bands.get(band) ?? 0,
    })),
  };
}
