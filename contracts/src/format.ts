/** Display and wire formatting rules shared by the widget, the directory and the server (spec sections 5 and 9). */
import { trimEdges } from './paths';

/** Shows 10 digits as (XXX) XXX-XXXX, and 11 digits with a leading 1 the same without the 1; anything else unchanged. */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const ten = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (ten.length !== 10) return phone;
  return `(${ten.slice(0, 3)}) ${ten.slice(3, 6)}-${ten.slice(6)}`;
}

export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

const MM_DD_YYYY = /^(0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01])\/\d{4}$/;

/**
 * The lead backend takes dates as MM/DD/YYYY. A value already in that form is kept; an ISO date
 * (YYYY-MM-DD, as date inputs give) is converted without time-zone drift; anything else is
 * reported through `onInvalid` and sent empty.
 */
export function formatMoveDate(value: string, onInvalid?: (value: string) => void): string {
  const text = value.trim();
  if (MM_DD_YYYY.test(text)) return text;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (iso) {
    const [, y, m, d] = iso;
    const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
    if (date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d)) {
      return `${m}/${d}/${y}`;
    }
  } else if (text !== '') {
    const parsed = new Date(text);
    if (!Number.isNaN(parsed.getTime())) {
      const m = String(parsed.getMonth() + 1).padStart(2, '0');
      const d = String(parsed.getDate()).padStart(2, '0');
      return `${m}/${d}/${parsed.getFullYear()}`;
    }
  }
  onInvalid?.(value);
  return '';
}

/**
 * SEO descriptions above 160 characters are cut to at most 157 plus an ellipsis, at the end of a word (issue 15:
 * search results showed words cut in half), without a dangling comma or dash before the ellipsis. A text with
 * no space in its last 60 characters of the limit (one very long word) is cut where the limit falls.
 */
export function truncateDescription(text: string): string {
  if (text.length <= 160) return text;
  let cut = text.slice(0, 157);
  // The next character starts a new word when it is a space: the slice already ends on a whole word.
  if (text[157] !== ' ') {
    const lastSpace = cut.lastIndexOf(' ');
    if (lastSpace >= 100) cut = cut.slice(0, lastSpace);
  }
  return `${trimTrailingPunctuation(cut)}...`;
}

/** Drops spaces and the marks that should not stand before an ellipsis (`,;:-–—`), walking back once. */
function trimTrailingPunctuation(text: string): string {
  let end = text.length;
  while (end > 0 && ' ,;:-\u2013\u2014'.includes(text[end - 1]!)) end--;
  return text.slice(0, end);
}

/** Lowercase ASCII slug: accents dropped, runs of other characters become one hyphen. */
export function slugify(text: string): string {
  return trimEdges(
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/&/g, ' and ')
      .replace(/[^a-z0-9]+/g, '-'),
    '-',
  );
}

export interface StarBreakdown {
  full: number;
  half: number;
  empty: number;
}

/** Stars out of 5: floor(rating) full, a half star when the fraction is 0.5 or more, the rest empty. */
export function starBreakdown(rating: number): StarBreakdown {
  const clamped = Math.min(5, Math.max(0, rating));
  const full = Math.floor(clamped);
  const half = full < 5 && clamped - full >= 0.5 ? 1 : 0;
  return { full, half, empty: 5 - full - half };
}

/** Page titles read 'Page | MoverAtlas'. */
/** Search results cut titles after about 60 characters. */
export const TITLE_MAX_LENGTH = 60;

/**
 * 'Page | the product' (spec 2.1). A title too long for search results loses its subtitle (the part after
 * the first colon) rather than being cut mid-word by the search engine.
 */
export function pageTitle(page: string, siteName: string): string {
  if (!page) return siteName;
  const branded = `${page} | ${siteName}`;
  const colon = page.indexOf(': ');
  if (branded.length <= TITLE_MAX_LENGTH || colon < 1) return branded;
  return `${page.slice(0, colon)} | ${siteName}`;
}

/**
 * The first of `candidates` (most to least descriptive) whose full title fits in search results, or the
 * shortest when none does: "Ridge Moving & Storage – Movers in Newtonsville, OH" becomes "Ridge Moving &
 * Storage – Newtonsville, OH", keeping what tells two companies of one name apart.
 */
export function fittingTitle(candidates: readonly [string, ...string[]], siteName: string): string {
  return (
    candidates.find((page) => pageTitle(page, siteName).length <= TITLE_MAX_LENGTH) ??
    candidates[candidates.length - 1]!
  );
}

/**
 * A company profile's title: "Name – Movers in City, ST", shortened step by step for long names. The city
 * stays as long as it fits, so companies of one name in different cities keep different titles.
 */
export function companyPageTitle(
  company: { name: string; city: string; stateAbbreviation: string },
  siteName: string,
): string {
  const { name, city, stateAbbreviation } = company;
  const place = `${city}, ${stateAbbreviation}`;
  return fittingTitle(
    [`${name} – Movers in ${place}`, `${name} – ${place}`, `${name} – ${city}`, name],
    siteName,
  );
}

/** A day in words, "November 20, 2026" (UTC): in e-mails and notes the server writes. */
export const formatLongDay = (when: number | string): string =>
  new Date(when).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
