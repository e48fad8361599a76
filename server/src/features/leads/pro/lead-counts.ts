/**
 * A company's lead counts for the mover's overview: received per UTC day since a given day (one range read on
 * company_leads' (company_id, received_at) index, grouped by day — the week's, the month's and the 30-day
 * chart's figures are sums of those days), and how many stand at each status.
 */
import type { Knex } from 'knex';
import { COMPANY_LEAD_STATUSES, type CompanyLeadStatus } from '@moveratlas/contracts';
import { dayStart } from '../admin/lead-rows';

export interface CompanyLeadCounts {
  /** Leads received on each UTC day (YYYY-MM-DD) from `since` on; days without leads are missing. */
  perDay: Map<string, number>;
  total: number;
  byStatus: Record<CompanyLeadStatus, number>;
}

export async function companyLeadCounts(
  db: Knex,
  companyId: number,
  since: string,
): Promise<CompanyLeadCounts> {
  // DATE() of a 'YYYY-MM-DD HH:MM:SS' UTC timestamp is its day on both engines.
  const days = (await db('company_leads')
    .where('company_id', companyId)
    .andWhere('received_at', '>=', dayStart(since))
    .groupByRaw('DATE(received_at)')
    .select(db.raw('DATE(received_at) as day'))
    .count({ n: '*' })) as Array<{ day: unknown; n: number | string }>;
  const perDay = new Map(days.map(({ day, n }) => [String(day).slice(0, 10), Number(n)]));
  // One range count per status: each reads only its own stretch of the (company_id, status, …) index, which
  // measured faster than grouping the company's whole stretch.
  const byStatus = Object.fromEntries(COMPANY_LEAD_STATUSES.map((s) => [s, 0])) as Record<
    CompanyLeadStatus,
    number
  >;
  for (const status of COMPANY_LEAD_STATUSES) {
    const row = (await db('company_leads')
      .where({ company_id: companyId, status })
      .count({ n: '*' })
      .first()) as { n: number | string } | undefined;
    byStatus[status] = Number(row?.n ?? 0);
  }
  const total = COMPANY_LEAD_STATUSES.reduce((sum, s) => sum + byStatus[s], 0);
  return { perDay, total, byStatus };
}
