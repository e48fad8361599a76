/**
 * What the contact and company-application forms show and share, free of zod (the schemas are in ./contact):
 * the pages render and submit with these and load the schemas only to validate.
 */
import type { z } from 'zod';

/** Hidden from people (off-screen, aria-hidden, no tab stop); bots that fill every field fill it too. */
export const FORM_HONEYPOT_FIELD = 'fax_number';

export const CONTACT_TOPICS = [
  { id: 'general', label: 'General question' },
  { id: 'quotes', label: 'A quote request I made' },
  { id: 'company-listing', label: 'A company listing (corrections or removal)' },
  { id: 'partnership', label: 'Partnerships and advertising' },
  { id: 'privacy', label: 'Privacy or my personal data' },
  { id: 'feedback', label: 'Website feedback' },
] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number]['id'];

export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;

/** The first issue's message for each field, for forms that show messages beside their fields. */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!(field in messages)) messages[field] = issue.message;
  }
  return messages;
}

/**
 * What a form's sender reads once it is sent: the server's receipt carries it, the page shows it. Here, with
 * the options, because a page that imports the schemas' module loads zod with it (the form loads its schema
 * only when it is used).
 */
export const CONTACT_CONFIRMATION =
  'Thank you — your message has been sent. We usually reply within two business days.';
export const APPLICATION_CONFIRMATION =
  'Thank you — your application has been received. Our team reviews every application and will contact you within three business days.';
