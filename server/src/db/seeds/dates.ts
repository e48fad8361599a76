/**
 * Dates for the seed, as whole days since 1970-01-01 (UTC). Everything is measured back from a fixed
 * reference date, never from today, so the same seed gives the same data on any day.
 */

/** The directory's "now" for seeded data. */
export const REFERENCE_DATE = '2026-11-01';

const MS_PER_DAY = 86_400_000;

export function dayOf(isoDate: string): number {
  return Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / MS_PER_DAY);
}

export const REFERENCE_DAY = dayOf(REFERENCE_DATE);

/** 'YYYY-MM-DD' for a date column. */
export function isoDate(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/**
 * 'YYYY-MM-DD HH:MM:SS' for a timestamp column: the one literal form that SQLite stores as-is and
 * MySQL accepts without a session time-zone conversion surprise (the connection runs in UTC).
 */
export function timestamp(day: number, secondOfDay: number): string {
  return new Date(day * MS_PER_DAY + secondOfDay * 1000)
    .toISOString()
    .slice(0, 19)
    .replace('T', ' ');
}

/** Day number of January 1 of a year. */
export function firstDayOfYear(year: number): number {
  return Math.floor(Date.UTC(year, 0, 1) / MS_PER_DAY);
}
