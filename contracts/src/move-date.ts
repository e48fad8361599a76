/**
 * The moving dates a quote request may carry (issue 15): from today to 18 months ahead. A date that has passed
 * cannot be quoted, and one years away is almost always a slip (2099, or 2062 for 2026): movers price a move
 * from this season's crews and rates and do not hold a quote that long. 18 months still covers the longest
 * plans people make — a house being built, a lease that ends next year, a posting announced early.
 *
 * No zod here: the date step (and step 1's chunk, if it ever needs it) use these without pulling zod in; the
 * schemas in lead.ts add them as refinements.
 */

export const MOVE_DATE_MONTHS_AHEAD = 18;

/** A day of the calendar, with no time and no time zone: what a date input gives. */
export interface CalendarDate {
  year: number;
  /** 1 to 12 */
  month: number;
  day: number;
}

/** The first and last moving date accepted, both included. */
export interface MoveDateWindow {
  first: CalendarDate;
  last: CalendarDate;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const US = /^(\d{2})\/(\d{2})\/(\d{4})$/;

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Reads YYYY-MM-DD (a date input, a prefill) or MM/DD/YYYY (the lead wire) as a real day; else undefined. */
export function readMoveDate(value: string): CalendarDate | undefined {
  const text = value.trim();
  const iso = ISO.exec(text);
  const us = iso ? undefined : US.exec(text);
  const parts = iso
    ? { year: +iso[1]!, month: +iso[2]!, day: +iso[3]! }
    : us
      ? { year: +us[3]!, month: +us[1]!, day: +us[2]! }
      : undefined;
  if (!parts || parts.year < 1000) return undefined;
  if (parts.month < 1 || parts.month > 12) return undefined;
  if (parts.day < 1 || parts.day > daysIn(parts.year, parts.month)) return undefined;
  return parts;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** YYYY-MM-DD, as a date input's value, min and max take it. */
export const isoCalendarDate = (date: CalendarDate): string =>
  `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;

const order = (date: CalendarDate) => date.year * 10_000 + date.month * 100 + date.day;

/** The visitor's own date today: the browser's local calendar day. */
export const localCalendarDate = (now: Date): CalendarDate => ({
  year: now.getFullYear(),
  month: now.getMonth() + 1,
  day: now.getDate(),
});

/** The calendar day it is at a fixed offset from UTC, in hours. */
export function calendarDateAtOffset(now: Date, hours: number): CalendarDate {
  const shifted = new Date(now.getTime() + hours * 3_600_000);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
  };
}

/** The same day `months` later; a day the month lacks (31 August + 18 months) becomes its last day. */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { year, month, day: Math.min(date.day, daysIn(year, month)) };
}

/** The window a visitor sees: from their today to 18 months on. */
export const moveDateWindow = (today: CalendarDate): MoveDateWindow => ({
  first: today,
  last: addMonths(today, MOVE_DATE_MONTHS_AHEAD),
});

/**
 * The window the server checks. It cannot know the visitor's time zone, so it starts at the earliest "today"
 * on Earth (UTC−12) and ends 18 months after the latest (UTC+14): every visitor's own window lies inside it,
 * and a date that is past or too far for everyone is refused.
 */
export const anyZoneMoveDateWindow = (now: Date): MoveDateWindow => ({
  first: calendarDateAtOffset(now, -12),
  last: addMonths(calendarDateAtOffset(now, 14), MOVE_DATE_MONTHS_AHEAD),
});

/** The months' names, January first: for dates written out in words, here and in the sample reviews. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** "June 15, 2028": the same words in every browser and on the server. */
export const spelledDate = (date: CalendarDate): string =>
  `${MONTH_NAMES[date.month - 1]} ${date.day}, ${date.year}`;

export const MOVE_DATE_UNREADABLE =
  'Please enter the moving date as a day of the calendar, for example 06/15/2027.';
export const MOVE_DATE_PASSED = 'That moving date has passed. Please choose today or a later date.';

export const moveDateTooFar = (window: MoveDateWindow): string =>
  `Please choose a moving date within the next ${MOVE_DATE_MONTHS_AHEAD} months (by ${spelledDate(window.last)}).`;

/**
 * Why a moving date cannot be taken, in the visitor's words; undefined when it can. An empty value is left to
 * the "required" rule.
 */
export function moveDateIssue(value: string, window: MoveDateWindow): string | undefined {
  if (value.trim() === '') return undefined;
  const date = readMoveDate(value);
  if (!date) return MOVE_DATE_UNREADABLE;
  if (order(date) < order(window.first)) return MOVE_DATE_PASSED;
  if (order(date) > order(window.last)) return moveDateTooFar(window);
  return undefined;
}

/** A stored move day (YYYY-MM-DD or MM/DD/YYYY) in words for a message, e.g. "March 14, 2027". */
export const spelledMoveDay = (value: string | null): string => {
  const date = value ? readMoveDate(value) : undefined;
  return date ? spelledDate(date) : 'date not given';
};
