/**
 * A company's weekly opening hours as the public profile shows them and the mover's profile editor writes
 * them: each day's opening and closing time ("08:00", 24-hour), or null on a day it is closed. Zod-free, so
 * the public profile can draw them without loading zod; the schema is company-hours-schema.ts.
 */

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_NAMES: Readonly<Record<Weekday, string>> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

export interface DayHours {
  open: string;
  close: string;
}
export type WeeklyHours = Record<Weekday, DayHours | null>;

/** "08:00" as "8:00 AM", "17:30" as "5:30 PM". */
export function clockTime(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  const suffix = h < 12 ? 'AM' : 'PM';
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${suffix}`;
}

/** One day's hours in words: "8:00 AM – 5:30 PM", or "Closed". */
export const dayHoursText = (hours: DayHours | null): string =>
  hours ? `${clockTime(hours.open)} – ${clockTime(hours.close)}` : 'Closed';
