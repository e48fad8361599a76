/**
 * The consent a visitor gives with a quote request (TCPA-style): a versioned legal text, not a detail of the
 * lead's wire format. The widget shows it; the server records it with the lead and verifies the version.
 * Add a version, never edit one: a stored lead must keep pointing at the words its visitor agreed to.
 */
import { z } from 'zod';
import { plainText } from './text';

export const CONSENT_VERSION = '2026-11-27';

interface ConsentTemplate {
  /** The exact text for the movers chosen, or '' when the version cannot be agreed to without one. */
  text(names: readonly string[]): string;
  /** A request under this version goes to at least one mover the visitor chose, and to no other. */
  needsCompanies: boolean;
}

/** "A", "A and B", "A, B and C". */
const joined = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** Every consent text the server accepts, by version; add a version, never edit one. */
const CONSENT_TEMPLATES: Record<string, ConsentTemplate> = {
  // Asked on step 4, before movers were chosen, and again on step 6 when the choice changed the text; a request
  // with no mover chosen was allowed and named only MoverAtlas.
  '2026-11-23': {
    needsCompanies: false,
    text: (names) =>
      `By checking this box and submitting this form, I agree that MoverAtlas${
        names.length === 0 ? '' : names.length === 1 ? ` and ${names[0]}` : `, ${joined(names)}`
      } may call and text me ` +
      'about my move at the phone number I entered, including with automated technology and prerecorded ' +
      'messages, and may e-mail me at the address I entered. My consent is not a condition of any purchase. ' +
      'Message and data rates may apply; reply STOP to opt out.',
  },
  // Issue 15: asked once, beside the submit button, once the movers are chosen; at least one must be, and the
  // text says the request goes to them and to no other moving company (docs/decisions/024).
  '2026-11-27': {
    needsCompanies: true,
    text: (names) =>
      names.length === 0
        ? ''
        : `By checking this box and submitting this form, I ask MoverAtlas to send my quote request to ${joined(
            names,
          )} and to no other moving company, and I agree that MoverAtlas and ${
            names.length === 1 ? 'that mover' : 'those movers'
          } may call and text me about my move at the phone number I entered, including with automated ` +
          'technology and prerecorded messages, and may e-mail me at the address I entered. My consent is not ' +
          'a condition of any purchase. Message and data rates may apply; reply STOP to opt out.',
  },
};

export const CONSENT_VERSIONS = Object.keys(CONSENT_TEMPLATES);

/** The version's mover rule, in the visitor's words. */
export const NO_MOVER_CHOSEN = 'Choose at least one mover to send your request to.';

/**
 * The exact consent text for a version and the movers the visitor chose on step 5, as the widget shows it; ''
 * when the version needs a mover and none is chosen (there is nothing to agree to yet).
 */
export function consentText(companyNames: readonly string[], version = CONSENT_VERSION): string {
  const template = CONSENT_TEMPLATES[version];
  if (!template) throw new Error(`Unknown consent version ${version}`);
  return template.text(companyNames.map((n) => n.trim()).filter(Boolean));
}

/** Why a request under this consent version cannot go out with these movers; undefined when it can. */
export function consentCompaniesIssue(
  version: string,
  companies: readonly unknown[],
): string | undefined {
  return CONSENT_TEMPLATES[version]?.needsCompanies && companies.length === 0
    ? NO_MOVER_CHOSEN
    : undefined;
}

/** A mover the visitor chose on step 5; the consent names it. */
export const SelectedCompanySchema = z.object({
  id: z.union([z.number().int(), z.string().max(40)]),
  name: plainText(z.string().trim().min(1).max(160), 'Company name'),
});
export type SelectedCompany = z.infer<typeof SelectedCompanySchema>;
export const MAX_SELECTED_COMPANIES = 10;

/** What we keep with every lead: without it a US lead form's lead cannot be sold. */
export const ConsentRecordSchema = z.object({
  text: z.string(),
  version: z.string(),
  companies: z.array(SelectedCompanySchema),
  checked: z.boolean(),
  /** UTC, ISO 8601, taken by the server when the lead arrived. */
  timestamp: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  pageUrl: z.string(),
});
export type ConsentRecord = z.infer<typeof ConsentRecordSchema>;

/**
 * The positive whole-number company ids among the movers a visitor chose (ids arrive as numbers or text): the
 * companies a consent names, which the intake files the lead under and the delivery checks before each attempt.
 */
export function namedCompanyIds(companies: ReadonlyArray<{ id: unknown }>): number[] {
  const ids = companies.map((c) => Number(c.id)).filter((id) => Number.isSafeInteger(id) && id > 0);
  return [...new Set(ids)];
}
