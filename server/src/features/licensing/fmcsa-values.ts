/**
 * The values FMCSA's public files hold, read as they publish them: USDOT numbers (zero-padded, `00000000` when
 * unknown), MC/FF/MX dockets, Y/N flags and dates in either of the two styles its releases use
 * (`15-JAN-24`, `01/15/2024`). Also used to read what people typed on our companies (`MC-012345`, `0123456`)
 * when matching, without rewriting it.
 */

/** The largest USDOT number an 8-digit field holds. */
const MAX_USDOT = 99_999_999;

/**
 * A USDOT number as a number, leading zeros ignored: `0012345` → 12345. Null for an empty cell and for
 * FMCSA's "unknown" (`00000000`); undefined when the text is not a USDOT number at all.
 */
export function parseUsdot(text: string): number | null | undefined {
  const digits = text.trim().replace(/^(?:US\s*)?DOT[\s#:-]*/i, '');
  if (digits === '') return null;
  if (!/^\d{1,12}$/.test(digits)) return undefined;
  const value = Number(digits);
  if (value === 0) return null;
  return value <= MAX_USDOT ? value : undefined;
}

export const DOCKET_PREFIXES = ['MC', 'FF', 'MX'] as const;
export type DocketPrefix = (typeof DOCKET_PREFIXES)[number];

const DOCKET = /^(MC|FF|MX)?[\s#:-]*0*(\d{1,8})$/i;

/**
 * A docket as FMCSA writes it, prefix and number without leading zeros: `MC-012345` → `MC12345`. Text
 * without a prefix is read as an MC number (what people type in an "MC number" field). Undefined when the
 * text is not a docket; null when empty.
 */
export function parseDocket(text: string): string | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const match = DOCKET.exec(trimmed);
  if (!match || Number(match[2]) === 0) return undefined;
  return `${(match[1] ?? 'MC').toUpperCase()}${Number(match[2])}`;
}

/** A Y/N flag: true, false, or null when the cell is empty; undefined for anything else. */
export function parseFlag(text: string): boolean | null | undefined {
  const value = text.trim().toUpperCase();
  if (value === '') return null;
  if (value === 'Y') return true;
  if (value === 'N') return false;
  return undefined;
}

const MONTHS: Record<string, number> = {
  JAN: 1,
  FEB: 2,
  MAR: 3,
  APR: 4,
  MAY: 5,
  JUN: 6,
  JUL: 7,
  AUG: 8,
  SEP: 9,
  OCT: 10,
  NOV: 11,
  DEC: 12,
};

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const DAY_MONTH_YEAR = /^(\d{1,2})-([A-Za-z]{3})-(\d{2}|\d{4})$/;
const MONTH_DAY_YEAR = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isoDate(year: number, month: number, day: number): string | undefined {
  if (month < 1 || month > 12 || day < 1 || year < 1900 || year > 2999) return undefined;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!)) return undefined; // 31-APR, 02/30
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * A date of an FMCSA file as `YYYY-MM-DD`: `15-JAN-24` (Oracle's style, two-digit years read as the latest
 * year not after next year: `-75` is 1975, `-24` 2024), `15-JAN-2024`, `01/15/2024`, or already
 * `2024-01-15`. Null for an empty cell; undefined when the text is no date (or no real day, like 31-APR-24).
 */
export function parseFmcsaDate(text: string, today = new Date()): string | null | undefined {
  const value = text.trim();
  if (value === '') return null;
  let match = DAY_MONTH_YEAR.exec(value);
  if (match) {
    const month = MONTHS[match[2]!.toUpperCase()];
    if (month === undefined) return undefined;
    let year = Number(match[3]);
    if (match[3]!.length === 2) {
      const latest = today.getUTCFullYear() + 1;
      year += 2000;
      if (year > latest) year -= 100;
    }
    return isoDate(year, month, Number(match[1]));
  }
  match = MONTH_DAY_YEAR.exec(value);
  if (match) return isoDate(Number(match[3]), Number(match[1]), Number(match[2]));
  match = ISO_DATE.exec(value);
  if (match) return isoDate(Number(match[1]), Number(match[2]), Number(match[3]));
  return undefined;
}

/** Names are compared by the contracts' rule, shared with the red flags. */
export { nameKey } from '@moveratlas/contracts';
