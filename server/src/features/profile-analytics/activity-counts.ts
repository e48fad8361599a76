/**
 * The counters of profile activity: one row per company, UTC day and kind in company_daily_activity, raised by
 * one atomic statement each, and read back as a range of days for staff.
 */
import type { Knex } from 'knex';
import {
  noProfileActivity,
  PROFILE_ACTIVITY_KINDS,
  type AdminCompanyActivity,
  type ProfileActivityKind,
} from '@moveratlas/contracts';
import { retryTransient } from '../../db/dialect';

const DAY_MS = 86_400_000;

/** The UTC calendar day of an instant, as YYYY-MM-DD. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/**
 * Adds one to a company's count of `kind` on `day`. One statement — an insert that, when the row is there,
 * adds one to it in the database (SQLite's ON CONFLICT … DO UPDATE, MySQL's ON DUPLICATE KEY UPDATE, both
 * written by knex's onConflict().merge()) — so concurrent requests from any number of processes never lose a
 * count: nothing is read and written back. InnoDB may undo one of two inserts racing for a new row (a
 * deadlock) and SQLite may be busy past its timeout: both are simply run again.
 */
export async function countProfileActivity(
  db: Knex,
  companyId: number,
  kind: ProfileActivityKind,
  day: string,
): Promise<void> {
  await retryTransient(async () => {
    await db('company_daily_activity')
      .insert({ company_id: companyId, day, kind, count: 1 })
      .onConflict(['company_id', 'day', 'kind'])
      .merge({ count: db.raw('?? + 1', ['count']) });
  }, 5);
}

/** The `days` UTC days up to and including `today`'s, oldest first. */
export function dayRange(today: number, days: number): string[] {
  return Array.from({ length: days }, (_, i) => utcDay(today - (days - 1 - i) * DAY_MS));
}

const isKind = (value: string): value is ProfileActivityKind =>
  (PROFILE_ACTIVITY_KINDS as readonly string[]).includes(value);

/** A company's counts per day over `days` (every day listed, zeros included) and their totals. */
export async function companyActivity(
  db: Knex,
  companyId: number,
  days: string[],
): Promise<AdminCompanyActivity> {
  const from = days[0]!;
  const to = days.at(-1)!;
  // The primary key (company_id, day, kind) serves this range read.
  const rows = (await db('company_daily_activity')
    .where('company_id', companyId)
    .andWhere('day', '>=', from)
    .andWhere('day', '<=', to)
    .select('day', 'kind', 'count')) as Array<{
    day: string;
    kind: string;
    count: number | string;
  }>;
  const byDay = new Map(days.map((day) => [day, noProfileActivity()]));
  const totals = noProfileActivity();
  for (const row of rows) {
    const counts = byDay.get(row.day);
    if (!counts || !isKind(row.kind)) continue;
    counts[row.kind] += Number(row.count);
    totals[row.kind] += Number(row.count);
  }
  return {
    companyId,
    from,
    to,
    totals,
    byDay: days.map((day) => ({ day, counts: byDay.get(day)! })),
  };
}
