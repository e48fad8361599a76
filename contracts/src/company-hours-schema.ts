/** The schema of a company's weekly opening hours (company-hours.ts), with each day's problem in words. */
import { z } from 'zod';
import { WEEKDAY_NAMES, type Weekday, type WeeklyHours } from './company-hours';

/** 24-hour "HH:MM", 00:00 to 23:59. */
const CLOCK = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

const dayHours = (day: Weekday) =>
  z
    .object({
      open: z
        .string()
        .regex(CLOCK, `${WEEKDAY_NAMES[day]}: the opening time must be a time such as 08:00`),
      close: z
        .string()
        .regex(CLOCK, `${WEEKDAY_NAMES[day]}: the closing time must be a time such as 17:30`),
    })
    .refine((h) => h.open < h.close, {
      message: `${WEEKDAY_NAMES[day]}: the closing time must be after the opening time`,
    })
    .nullable();

/** Each day's opening and closing time, or null on a day the company is closed. */
export const WeeklyHoursSchema = z.strictObject({
  mon: dayHours('mon'),
  tue: dayHours('tue'),
  wed: dayHours('wed'),
  thu: dayHours('thu'),
  fri: dayHours('fri'),
  sat: dayHours('sat'),
  sun: dayHours('sun'),
});

/** A stored hours value as a WeeklyHours, or null when there is none or it is not one. */
export function parseWeeklyHours(json: string | null | undefined): WeeklyHours | null {
  if (!json) return null;
  try {
    const parsed = WeeklyHoursSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
