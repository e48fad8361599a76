/**
 * Dates and times on the admin screens, in the admin's own time zone (UTC days where the server counts by
 * UTC day), always in en-US so the server's and the browser's renderings agree.
 */

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** An ISO timestamp as "Nov 23, 2026, 6:40 AM"; text that is not a date is shown as it is. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

export function DateTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDateTime(iso)}</time>;
}

const instant = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});

/** An epoch-ms instant to the second, e.g. "Nov 23, 6:40:12 AM" (jobs and their logs). */
export const formatInstant = (ms: number): string => instant.format(new Date(ms));

/** formatInstant in a <time> element; null as a dash. */
export function Time({ ms }: { ms: number | null }) {
  if (ms === null) return <span className="text-slate-500">—</span>;
  return <time dateTime={new Date(ms).toISOString()}>{formatInstant(ms)}</time>;
}

/** 850 → "850 ms", 65_000 → "1 min 5 s". */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  const seconds = Math.round(ms / 100) / 10;
  if (seconds < 60) return `${seconds} s`;
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return `${minutes} min ${whole % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

const utcDay = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A UTC calendar day (YYYY-MM-DD) as "Nov 23, 2026". */
export const formatDay = (day: string): string => utcDay.format(new Date(`${day}T00:00:00Z`));

/** "11/23": a day on a chart's axis. */
export const shortDay = (day: string): string =>
  `${Number(day.slice(5, 7))}/${Number(day.slice(8, 10))}`;
