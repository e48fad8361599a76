/** UTC calendar arithmetic for the admin figures: today, week and month starts, and the periods of a range. */
import type { StatisticsGranularity } from '@moveratlas/contracts';
import { nextDay } from '../../leads';

export const utcDay = (date: Date): string => date.toISOString().slice(0, 10);

/** The Monday of the (ISO) week `day` falls in. */
export function weekStart(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return nextDay(day, -sinceMonday);
}

export const monthStart = (day: string): string => `${day.slice(0, 7)}-01`;

export function periodOf(day: string, unit: StatisticsGranularity): string {
  if (unit === 'week') return weekStart(day);
  if (unit === 'month') return monthStart(day);
  return day;
}

function nextPeriod(period: string, unit: StatisticsGranularity): string {
  if (unit === 'day') return nextDay(period);
  if (unit === 'week') return nextDay(period, 7);
  const date = new Date(`${period}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return utcDay(date);
}

/** Every period from the one holding `from` to the one holding `to`, in order. */
export function periodsBetween(from: string, to: string, unit: StatisticsGranularity): string[] {
  const periods: string[] = [];
  const last = periodOf(to, unit);
  for (let p = periodOf(from, unit); p <= last; p = nextPeriod(p, unit)) periods.push(p);
  return periods;
}

/** Days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** Counts per period, zero-filled over the range's periods. */
export function fillPeriods(
  periods: readonly string[],
  rows: ReadonlyArray<{ period: unknown; n: unknown }>,
): Array<{ period: string; count: number }> {
  const counts = new Map(rows.map((r) => [String(r.period), Number(r.n)]));
  return periods.map((period) => ({ period, count: counts.get(period) ?? 0 }));
}
