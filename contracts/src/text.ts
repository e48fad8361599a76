/**
 * Free text people type — names, addresses, messages, notes — is stored as typed, except for characters no
 * page can show: C0 and C1 control characters (NUL, BEL, ESC, DEL, U+0080–U+009F…; TAB, LF and CR only in
 * multi-line text such as a description or a message) and unpaired surrogates (half of an emoji, which JSON
 * can carry as "\uD83D" but MariaDB cannot store). Such a value is refused with a message in plain words;
 * nothing is stripped silently. Every schema that takes free text for the database adds one of the checks
 * below (issue 12).
 */
import type { z } from 'zod';

// Matching control characters is what these patterns are for.
/** Every C0 and C1 control character, DEL included. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
/** The same but TAB, LF and CR. */
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** One line of text every page can show: no control character at all, no unpaired surrogate. */
export const isPlainText = (value: string): boolean =>
  !CONTROL.test(value) && !UNPAIRED_SURROGATE.test(value);

/** Text of several lines: TAB, LF and CR allowed, no other control character, no unpaired surrogate. */
export const isMultilineText = (value: string): boolean =>
  !CONTROL_BUT_LINE_BREAKS.test(value) && !UNPAIRED_SURROGATE.test(value);

/** The refusal, naming the field in plain words: "Name contains characters that cannot be shown". */
export const unshowableText = (label: string): string =>
  `${label} contains characters that cannot be shown`;

/** Words a field's code name abbreviates, as people write them. */
const LABEL_WORDS: ReadonlyArray<[RegExp, string]> = [
  [/\bzip(?: code)?\b/g, 'ZIP code'],
  [/\busdot\b/g, 'USDOT'],
  [/\bmc\b/g, 'MC'],
  [/\burl\b/g, 'URL'],
  [/\buuid\b/g, 'UUID'],
  [/\bid\b/g, 'ID'],
  [/\bsms\b/g, 'SMS'],
  [/\bemail\b/g, 'e-mail'],
  [/\bq\b/g, 'search'],
  [/\blat\b/g, 'latitude'],
  [/\blng\b/g, 'longitude'],
];

/**
 * A wire field's name in plain words: "first_name" and "firstName" read "First name", "zip_code" "ZIP code".
 * Every message a person can see names its field this way, never by its code name (issue 16).
 */
export const fieldLabel = (field: string): string => {
  let words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.]+/g, ' ')
    .trim()
    .toLowerCase();
  for (const [pattern, replacement] of LABEL_WORDS) words = words.replace(pattern, replacement);
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Adds the one-line check to a string schema (its other rules stay as they are). */
export const plainText = <S extends z.ZodString>(schema: S, label: string): S =>
  schema.refine(isPlainText, unshowableText(label)) as S;

/** Adds the multi-line check (TAB, LF and CR allowed) to a string schema. */
export const multilineText = <S extends z.ZodString>(schema: S, label: string): S =>
  schema.refine(isMultilineText, unshowableText(label)) as S;
