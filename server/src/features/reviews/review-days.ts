/** Days as the reviews feature counts them: UTC calendar days written YYYY-MM-DD, like company_leads.move_on. */
import { sqlTimestampToIso } from '../../db/timestamps';

export const DAY_MS = 86_400_000;

/** The UTC day of an instant. */
export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The UTC day of a timestamp as either engine answers it (leads.created_at). */
export const sqlDay = (value: string | number | Date): string =>
  sqlTimestampToIso(value).slice(0, 10);

/** The day `days` before the UTC day of `ms`. */
export const daysBefore = (ms: number, days: number): string => dayOf(ms - days * DAY_MS);
