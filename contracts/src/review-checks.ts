/**
 * The checks a visitor's review meets before the public sees it (issue 19): phone numbers and e-mail addresses
 * masked in what is shown (the review is stored as typed, staff read that), links found, and how near two texts
 * are. Shared by the server (which applies them) and the admin screens (which name the reasons in words).
 * Everything here scans text in one pass: no regular expression that can backtrack sees a visitor's words.
 */
import { findPhoneNumbersInText } from 'libphonenumber-js/min';

export const MASKED_PHONE = '[phone number removed]';
export const MASKED_EMAIL = '[e-mail address removed]';

interface Span {
  start: number;
  end: number;
}

const isDigit = (ch: string) => ch >= '0' && ch <= '9';
// No slash: "11/29/26 - 12/1/26" is two dates, not a phone number.
const PHONE_SEPARATORS = new Set([' ', '-', '.', '(', ')', '+']);

/**
 * Runs of 10 to 15 digits written with the usual separators between them ("123 456 7890", "1-800-555-0100"):
 * what people mean as a phone number even when no line has it, which the library (valid numbers only) skips.
 */
function digitRuns(text: string): Span[] {
  const spans: Span[] = [];
  let i = 0;
  while (i < text.length) {
    if (!isDigit(text[i]!) && text[i] !== '+' && text[i] !== '(') {
      i++;
      continue;
    }
    let j = i;
    let digits = 0;
    let lastDigitEnd = i;
    while (j < text.length && (isDigit(text[j]!) || PHONE_SEPARATORS.has(text[j]!))) {
      if (isDigit(text[j]!)) {
        digits++;
        lastDigitEnd = j + 1;
      }
      j++;
    }
    if (digits >= 10 && digits <= 15) spans.push({ start: i, end: lastDigitEnd });
    i = Math.max(j, i + 1);
  }
  return spans;
}

const LOCAL_CHARS = /[A-Za-z0-9._%+-]/;
const DOMAIN_CHARS = /[A-Za-z0-9.-]/;

/** name@domain.tld, found around each "@" by walking outwards. */
function emailSpans(text: string): Span[] {
  const spans: Span[] = [];
  let from = 0;
  for (;;) {
    const at = text.indexOf('@', from);
    if (at < 0) break;
    from = at + 1;
    let start = at;
    while (start > 0 && LOCAL_CHARS.test(text[start - 1]!)) start--;
    let end = at + 1;
    while (end < text.length && DOMAIN_CHARS.test(text[end]!)) end++;
    // A sentence's full stop after the address is not part of it.
    while (end > at + 1 && text[end - 1] === '.') end--;
    const domain = text.slice(at + 1, end);
    const dot = domain.lastIndexOf('.');
    if (start < at && dot > 0 && domain.length - dot > 2) spans.push({ start, end });
  }
  return spans;
}

function phoneSpans(text: string): Span[] {
  let found: Span[] = [];
  try {
    found = findPhoneNumbersInText(text, 'US').map((n) => ({ start: n.startsAt, end: n.endsAt }));
  } catch {
    // The library refusing a text leaves the digit runs below to find what it holds.
  }
  return [...found, ...digitRuns(text)];
}

/** Replaces each span (overlaps merged) with its mask. */
function replaceSpans(text: string, spans: Array<Span & { mask: string }>): string {
  if (spans.length === 0) return text;
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  let out = '';
  let at = 0;
  for (const span of sorted) {
    if (span.start < at) continue;
    out += text.slice(at, span.start) + span.mask;
    at = span.end;
  }
  return out + text.slice(at);
}

export interface MaskedText {
  /** What the public sees. */
  text: string;
  phones: number;
  emails: number;
}

/** The text with every phone number and e-mail address masked, and how many of each there were. */
export function maskContactDetails(text: string): MaskedText {
  const emails = emailSpans(text);
  // E-mail addresses first: the digits of "jo.5125550142@example.com" are not a phone number of their own.
  const inEmail = (span: Span) => emails.some((e) => span.start < e.end && span.end > e.start);
  const phones = phoneSpans(text).filter((span) => !inEmail(span));
  const distinctPhones = new Set(phones.map((p) => p.start)).size;
  return {
    text: replaceSpans(text, [
      ...emails.map((span) => ({ ...span, mask: MASKED_EMAIL })),
      ...phones.map((span) => ({ ...span, mask: MASKED_PHONE })),
    ]),
    phones: distinctPhones,
    emails: emails.length,
  };
}

const LINK_START = /\bhttps?:\/\/|\bwww\./i;
const COMMON_TLDS = new Set([
  'com',
  'net',
  'org',
  'io',
  'co',
  'us',
  'biz',
  'info',
  'ly',
  'me',
  'app',
]);

const TRAILING_PUNCTUATION = new Set([')', '"', "'", '.', ',', ';', ':', '!', '?', ']']);

/** A word without the punctuation a sentence puts after it (walked back, not matched: no backtracking). */
function withoutTrailingPunctuation(word: string): string {
  let end = word.length;
  while (end > 0 && TRAILING_PUNCTUATION.has(word[end - 1]!)) end--;
  return word.slice(0, end);
}

/** Whether a text links anywhere: an http(s) address, "www.", or a bare domain such as movers-deals.com. */
export function containsLink(text: string): boolean {
  if (LINK_START.test(text)) return true;
  for (const word of text.split(/\s+/)) {
    const bare = withoutTrailingPunctuation(word.replace(/^[("'[]+/, ''));
    if (bare.includes('@')) continue;
    const dot = bare.lastIndexOf('.');
    if (dot <= 0) continue;
    const name = bare.slice(0, dot);
    const tld = bare.slice(dot + 1).toLowerCase();
    if (COMMON_TLDS.has(tld) && /^[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*$/.test(name)) return true;
  }
  return false;
}

/** The text's word shingles: every run of `size` words, lower case, punctuation dropped. */
export function wordShingles(text: string, size = 3): Set<string> {
  const words = text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]+/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const shingles = new Set<string>();
  if (words.length < size) {
    if (words.length > 0) shingles.add(words.join(' '));
    return shingles;
  }
  for (let i = 0; i + size <= words.length; i++) shingles.add(words.slice(i, i + size).join(' '));
  return shingles;
}

/** Jaccard similarity of two shingle sets: 1 for the same text, 0 for nothing in common. */
export function shingleSimilarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const shingle of a) if (b.has(shingle)) shared++;
  return shared / (a.size + b.size - shared);
}

/** From this similarity on, two reviews count as the same text (a copy with a few words changed). */
export const NEAR_DUPLICATE_SIMILARITY = 0.8;

/** Why a review waits for staff instead of being published at once. */
export const REVIEW_HOLD_REASONS = [
  'phone-masked',
  'email-masked',
  'link',
  'same-as-company-review',
  'same-as-own-review',
] as const;
export type ReviewHoldReasonCode = (typeof REVIEW_HOLD_REASONS)[number];

export interface ReviewHoldReason {
  code: ReviewHoldReasonCode;
  /** The review it repeats (the near-duplicates). */
  reviewId?: number;
}

/** A reason as staff read it on the moderation screen. */
export function reviewHoldReasonText(reason: ReviewHoldReason): string {
  switch (reason.code) {
    case 'phone-masked':
      return 'It contained a phone number, which the public does not see.';
    case 'email-masked':
      return 'It contained an e-mail address, which the public does not see.';
    case 'link':
      return 'It contains a link to a website.';
    case 'same-as-company-review':
      return `Its text is nearly the same as another review of this mover${reason.reviewId ? ` (review ${reason.reviewId})` : ''}.`;
    case 'same-as-own-review':
      return `Its text is nearly the same as another review by the same person${reason.reviewId ? ` (review ${reason.reviewId})` : ''}.`;
  }
}
