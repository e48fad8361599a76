/**
 * GET /api/pro/companies/:companyId/overview: the mover's overview — leads this week and month (and per day
 * over the last 30), the profile's views and link clicks per day over the last 30 (company_daily_activity,
 * docs/decisions/033), and the rating and review count at the end of each of the last 12 months (published
 * reviews only). Every read is a range on an index that starts at the company; the queries run in turn so
 * one overview holds one pooled connection.
 */
import type { Knex } from 'knex';
import { PRO_OVERVIEW_DAYS, PRO_OVERVIEW_MONTHS, type ProOverview } from '@moveratlas/contracts';
import { companyLeadCounts } from '../../leads';
import { companyActivity, dayRange, utcDay } from '../activity-counts';

/** Monday of the UTC week of `day` (YYYY-MM-DD). */
export function weekStart(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  date.setUTCDate(date.getUTCDate() - sinceMonday);
  return date.toISOString().slice(0, 10);
}

/** The `count` months up to and including `day`'s, oldest first, as YYYY-MM. */
export function monthRange(day: string, count: number): string[] {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7)) - 1;
  return Array.from({ length: count }, (_, i) => {
    const date = new Date(Date.UTC(year, month - (count - 1 - i), 1));
    return date.toISOString().slice(0, 7);
  });
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** Published reviews per month (all of them: a company has hundreds, not millions), summed up month by month. */
async function reviewMonths(db: Knex, companyId: number, months: string[]) {
  const rows = (await db('reviews')
    .where({ company_id: companyId, status: 'published' })
    .groupByRaw('SUBSTR(reviewed_on, 1, 7)')
    .select(db.raw('SUBSTR(reviewed_on, 1, 7) as month'))
    .count({ n: '*' })
    .sum({ stars: 'rating' })) as Array<{
    month: unknown;
    n: number | string;
    stars: number | string | null;
  }>;
  const perMonth = new Map(
    rows.map((r) => [String(r.month), { n: Number(r.n), stars: Number(r.stars ?? 0) }]),
  );
  const first = months[0]!;
  let count = 0;
  let stars = 0;
  for (const [month, sums] of perMonth)
    if (month < first) {
      count += sums.n;
      stars += sums.stars;
    }
  const byMonth = months.map((month) => {
    const sums = perMonth.get(month) ?? { n: 0, stars: 0 };
    count += sums.n;
    stars += sums.stars;
    return {
      month,
      newReviews: sums.n,
      reviewCount: count,
      rating: count > 0 ? oneDecimal(stars / count) : null,
    };
  });
  // Reviews dated after this month (a clock or a typo) still count toward today's figures.
  for (const [month, sums] of perMonth)
    if (month > months.at(-1)!) {
      count += sums.n;
      stars += sums.stars;
    }
  return { rating: count > 0 ? oneDecimal(stars / count) : null, reviewCount: count, byMonth };
}

export async function companyOverview(
  db: Knex,
  companyId: number,
  now = Date.now(),
): Promise<ProOverview> {
  const today = utcDay(now);
  const days = dayRange(now, PRO_OVERVIEW_DAYS);
  const week = weekStart(today);
  const month = `${today.slice(0, 7)}-01`;
  const since = [days[0]!, week, month].sort()[0]!;
  const leads = await companyLeadCounts(db, companyId, since);
  const sumFrom = (first: string) =>
    [...leads.perDay].reduce((sum, [day, n]) => (day >= first ? sum + n : sum), 0);
  const activity = await companyActivity(db, companyId, days);
  const reviews = await reviewMonths(db, companyId, monthRange(today, PRO_OVERVIEW_MONTHS));
  return {
    companyId,
    today,
    leads: {
      thisWeek: sumFrom(week),
      thisMonth: sumFrom(month),
      weekStart: week,
      monthStart: month,
      total: leads.total,
      byStatus: leads.byStatus,
      byDay: days.map((day) => ({ day, count: leads.perDay.get(day) ?? 0 })),
    },
    activity: {
      from: activity.from,
      to: activity.to,
      totals: activity.totals,
      byDay: activity.byDay,
    },
    reviews,
  };
}
