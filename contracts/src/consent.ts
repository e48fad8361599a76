/**
 * The consent a visitor gives with a quote request (TCPA-style): a versioned legal text, not a detail of the
 * lead's wire format. The widget shows it; the server records it with the lead and verifies the version.
 * Add a version, never edit one: a stored lead must keep pointing at the words its visitor agreed to.
 */
import { z } from 'zod';
import { plainText } from './text';

export const CONSENT_VERSION = '2026-11-23';

/** Every consent text the server accepts, by version; add a version, never edit one. */
const CONSENT_TEMPLATES: Record<string, (companies: string) => string> = {
  '2026-11-23': (companies) =>
    `By checking this box and submitting this form, I agree that MoverAtlas${companies} may call and text me ` +
    'about my move at the phone number I entered, including with automated technology and prerecorded ' +
    'messages, and may e-mail me at the address I entered. My consent is not a condition of any purchase. ' +
    'Message and data rates may apply; reply STOP to opt out.',
};

export const CONSENT_VERSIONS = Object.keys(CONSENT_TEMPLATES);

/** The exact consent text for a version and the movers the visitor chose on step 5, as the widget shows it. */
export function consentText(companyNames: readonly string[], version = CONSENT_VERSION): string {
  const template = CONSENT_TEMPLATES[version];
  if (!template) throw new Error(`Unknown consent version ${version}`);
  const names = companyNames.map((n) => n.trim()).filter(Boolean);
  const list =
    names.length === 0
      ? ''
      : names.length === 1
        ? ` and ${names[0]}`
        : `, ${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return template(list);
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
