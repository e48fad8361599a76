/**
 * A company's lead counts for the mover's overview: received since a day, per status, and per day over a range.
 * Each is a range read on an index of company_leads that starts at the company.
 */
import type { Knex } from 'knex';
import { COMPANY_LEAD_STATUSES, type CompanyLeadStatus } from '@moveratlas/contracts';
import { dayStart, nextDay } from '../admin/lead-rows';

export interface CompanyLeadCounts {
  since: Record<string, number>;
  total: number;
  byStatus: Record<CompanyLeadStatus, number>;
  /** Leads received each day of `days` (YYYY-MM-DD, oldest first). */
  byDay: Array<{ day: string; count: number }>;
}

export async function companyLeadCounts(
  db: Knex,
  companyId: number,
  options: { since: readonly string[]; days: readonly string[] },
): Promise<CompanyLeadCounts> {
  const since: Record<string, number> = {};
  for (const day of options.since) {
    const row = (await db('company_leads')
      .where('company_id', companyId)
      .andWhere('received_at', '>=', dayStart(day))
      .count({ n: '*' })
      .first()) as { n: number | string } | undefined;
    since[day] = Number(row?.n ?? 0);
  }
  const statuses = (await db('company_leads')
    .where('company_id', companyId)
    .groupBy('status')
    .select('status')
    .count({ n: '*' })) as Array<{ status: string; n: number | string }>;
  const byStatus = Object.fromEntries(COMPANY_LEAD_STATUSES.map((s) => [s, 0])) as Record<
    CompanyLeadStatus,
    number
  >;
  let total = 0;
  for (const { status, n } of statuses) {
    total += Number(n);
    if ((COMPANY_LEAD_STATUSES as readonly string[]).includes(status))
      byStatus[status as CompanyLeadStatus] = Number(n);
  }
  const first = options.days[0];
  const last = options.days.at(-1);
  const perDay = new Map<string, number>(options.days.map((d) => [d, 0]));
  if (first && last) {
    // DATE() of a 'YYYY-MM-DD HH:MM:SS' UTC timestamp is its day on both engines.
    const rows = (await db('company_leads')
      .where('company_id', companyId)
      .andWhere('received_at', '>=', dayStart(first))
      .andWhere('received_at', '<', dayStart(nextDay(last)))
      .groupByRaw('DATE(received_at)')
      .select(db.raw('DATE(received_at) as day'))
      .count({ n: '*' })) as Array<{ day: unknown; n: number | string }>;
    for (const { day, n } of rows) {
      const key = String(day).slice(0, 10);
      if (perDay.has(key)) perDay.set(key, Number(n));
    }
  }
  return {
    since,
    total,
    byStatus,
    byDay: [...perDay].map(([day, count]) => ({ day, count })),
  };
}
