/**
 * GET /api/admin/dashboard: what staff check first, in one answer. Periods are UTC days; the week starts on
 * Monday. Delivery health reads the lead outbox: the lead rows say delivered, the forwarding jobs say
 * whether the rest are waiting, retrying after a failure, or dead letters waiting for an admin.
 */
import type { Knex } from 'knex';
import {
  DASHBOARD_DAYS,
  DASHBOARD_RECENT_LEADS,
  LEAD_STATUSES,
  type AdminDashboard,
} from '@moveratlas/contracts';
import { dialectOf } from '../../../db/dialect';
import { jobCounts } from '../../../jobs/queue';
import { LEAD_FORWARD_JOB } from '../../leads';
import { dayStart, leadSummaries, nextDay, SUMMARY_COLUMNS } from '../../leads';
import type { LeadSummaryRow } from '../../leads';
import { countByState } from './lead-states';
import { inTurn } from '../../../db/in-turn';
import { fillPeriods, monthStart, periodsBetween, utcDay, weekStart } from './periods';

const TOP_STATES = 10;

export async function adminDashboard(db: Knex, now = new Date()): Promise<AdminDashboard> {
  const today = utcDay(now);
  const firstDay = nextDay(today, -(DASHBOARD_DAYS - 1));
  const day = dialectOf(db).dayBucket('created_at', 'day');
  const recentWindow = () => db('leads').where('created_at', '>=', dayStart(firstDay));

  const [counts, perDay, statuses, states, delivered, outbox, retrying, companies, recent] =
    await inTurn(
      () =>
        db('leads').first(
          db.raw('COUNT(*) AS total'),
          db.raw('SUM(CASE WHEN created_at >= ? THEN 1 ELSE 0 END) AS today', [dayStart(today)]),
          db.raw('SUM(CASE WHEN created_at >= ? THEN 1 ELSE 0 END) AS week', [
            dayStart(weekStart(today)),
          ]),
          db.raw('SUM(CASE WHEN created_at >= ? THEN 1 ELSE 0 END) AS month', [
            dayStart(monthStart(today)),
          ]),
        ) as Promise<{ total: unknown; today: unknown; week: unknown; month: unknown }>,
      () =>
        recentWindow()
          .groupByRaw(day)
          .select(db.raw(`${day} AS period`), db.raw('COUNT(*) AS n')) as Promise<
          Array<{ period: unknown; n: unknown }>
        >,
      () =>
        db('leads').groupBy('status').select('status', db.raw('COUNT(*) AS n')) as Promise<
          Array<{ status: string; n: unknown }>
        >,
      () =>
        recentWindow()
          .groupBy('from_state')
          .select('from_state as state', db.raw('COUNT(*) AS n')) as Promise<
          Array<{ state: unknown; n: unknown }>
        >,
      () =>
        db('leads').where('delivery_status', 'delivered').count({ n: '*' }).first() as Promise<
          { n: unknown } | undefined
        >,
      () => jobCounts(db, LEAD_FORWARD_JOB) as Promise<Record<string, number>>,
      () =>
        db('jobs')
          .where({ type: LEAD_FORWARD_JOB, status: 'queued' })
          .andWhere('attempts', '>', 0)
          .count({ n: '*' })
          .first() as Promise<{ n: unknown } | undefined>,
      () =>
        db('companies').first(
          db.raw('COUNT(*) AS total'),
          db.raw('SUM(CASE WHEN is_in_list THEN 1 ELSE 0 END) AS listed'),
          db.raw('SUM(CASE WHEN is_in_list AND is_featured THEN 1 ELSE 0 END) AS featured'),
        ) as Promise<{ total: unknown; listed: unknown; featured: unknown }>,
      () =>
        db('leads')
          .orderBy([
            { column: 'created_at', order: 'desc' },
            { column: 'id', order: 'desc' },
          ])
          .limit(DASHBOARD_RECENT_LEADS)
          .select(...SUMMARY_COLUMNS) as Promise<LeadSummaryRow[]>,
    );

  const byStatus = new Map(statuses.map((s) => [s.status, Number(s.n)]));
  const retryingCount = Number(retrying?.n ?? 0);
  const n = (v: unknown) => Number(v ?? 0);
  return {
    generatedAt: now.toISOString(),
    leads: {
      today: n(counts.today),
      thisWeek: n(counts.week),
      thisMonth: n(counts.month),
      total: n(counts.total),
    },
    leadsPerDay: fillPeriods(periodsBetween(firstDay, today, 'day'), perDay).map((p) => ({
      date: p.period,
      count: p.count,
    })),
    byStatus: LEAD_STATUSES.map((status) => ({ status, count: byStatus.get(status) ?? 0 })),
    byState: countByState(states, TOP_STATES),
    delivery: {
      delivered: n(delivered?.n),
      pending: n(outbox.queued) - retryingCount + n(outbox.running),
      retrying: retryingCount,
      failed: n(outbox.failed) + n(outbox.cancelled),
      deadLetter: n(outbox.dead),
    },
    companies: {
      total: n(companies.total),
      listed: n(companies.listed),
      featured: n(companies.featured),
    },
    recentLeads: await leadSummaries(db, recent),
  };
}
