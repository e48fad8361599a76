/**
 * The contact form (/contact, POST /api/contact) and the company application form (/list-your-company,
 * POST /api/company-applications): one schema each, used by the page to show messages and by the server to
 * validate again. Both carry a honeypot field real visitors never see.
 */
import { z } from 'zod';
import { EMAIL_PATTERN, PHONE_DIGITS } from './lead';
import { SERVICE_IDS, type ServiceId } from './services';
import { stateByAbbreviation } from './states';
import { multilineText, plainText } from './text';
import { requiredText } from './required-text';
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_MESSAGE_MIN,
  CONTACT_TOPICS,
  FORM_HONEYPOT_FIELD,
  type ContactTopic,
} from './contact-options';

// The forms' options and helpers live apart from the schemas, so that the pages do not load zod for them.
export * from './contact-options';

// Every message names its field as the form's label does, in plain words: visitors read them beside the
// fields, and an API client gets the same sentence (issue 15: "companyName is required" reached the page).

/** Required text; `label` names the field, also when it holds characters no page can show. */
const trimmed = (label: string, min: number, max: number) =>
  plainText(requiredText(label, min, max), label);

/** A required message of several lines. */
const message = (label: string, min: number, max: number) =>
  multilineText(requiredText(label, min, max), label);

const optionalMessage = (label: string, max: number) =>
  multilineText(z.string().trim().max(max, `${label} must be at most ${max} characters`), label)
    .optional()
    .default('');

const email = z
  .string({ message: 'E-mail address is required' })
  .trim()
  .min(1, 'E-mail address is required')
  .max(254, 'E-mail address must be at most 254 characters')
  .refine((v) => EMAIL_PATTERN.test(v), 'Enter an e-mail address such as name@example.com');

const honeypot = z.string().max(500).optional().default('');

const CONTACT_TOPIC_IDS = CONTACT_TOPICS.map((t) => t.id) as [ContactTopic, ...ContactTopic[]];

export const ContactMessageSchema = z.object({
  name: trimmed('Name', 2, 100),
  email,
  topic: z.enum(CONTACT_TOPIC_IDS, { message: 'Choose one of the listed topics' }),
  message: message('Message', CONTACT_MESSAGE_MIN, CONTACT_MESSAGE_MAX),
  [FORM_HONEYPOT_FIELD]: honeypot,
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;
export type ContactMessageInput = z.input<typeof ContactMessageSchema>;

/** USDOT and MC numbers are up to 8 digits; "USDOT 1234567" and "MC-123456" are read as the digits. */
const registrationNumber = (label: string, prefix: RegExp) =>
  z
    .string()
    .trim()
    .max(20, `${label} must be at most 8 digits`)
    .optional()
    .default('')
    .transform((v) => v.replace(prefix, '').replace(/[\s-]/g, ''))
    .refine((v) => v === '' || /^\d{1,8}$/.test(v), `${label} must be 1 to 8 digits`);

/** One value (a single checkbox, or JSON's string) or many (repeated form fields, a JSON array). */
const serviceList = z
  .union([z.string(), z.array(z.string())], { message: 'Choose at least one service' })
  .transform((v) => (Array.isArray(v) ? v : [v]).filter((s) => s !== ''))
  .refine((list) => list.length > 0, 'Choose at least one service')
  .refine(
    (list) => list.every((s) => (SERVICE_IDS as readonly string[]).includes(s)),
    'Choose services from the list',
  )
  .transform((list) => [...new Set(list)] as ServiceId[]);

export const CompanyApplicationSchema = z.object({
  companyName: trimmed('Company name', 2, 150),
  contactName: trimmed('Contact name', 2, 100),
  email,
  phone: z
    .string({ message: 'Phone number is required' })
    .trim()
    .max(40, `Phone number must have ${PHONE_DIGITS} digits`)
    .transform((v) => v.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, ''))
    .refine((v) => v.length === PHONE_DIGITS, `Phone number must have ${PHONE_DIGITS} digits`),
  website: plainText(
    z.string().trim().max(300, 'Website must be at most 300 characters'),
    'Website',
  )
    .optional()
    .default('')
    .transform((v) => (v === '' || /^https?:\/\//i.test(v) ? v : `https://${v}`))
    .refine((v) => {
      if (v === '') return true;
      try {
        return new URL(v).hostname.includes('.');
      } catch {
        return false;
      }
    }, 'Website must be a web address such as https://example.com'),
  usdotNumber: registrationNumber('USDOT number', /^\s*(?:us\s*)?dot\s*#?\s*/i),
  mcNumber: registrationNumber('MC number', /^\s*mc\s*#?\s*/i),
  state: z
    .string({ message: 'Choose a state' })
    .trim()
    .refine((v) => stateByAbbreviation(v) !== undefined, 'Choose a state')
    .transform((v) => v.toUpperCase()),
  city: trimmed('City', 2, 100),
  services: serviceList,
  message: optionalMessage('Message', 3000),
  [FORM_HONEYPOT_FIELD]: honeypot,
});
export type CompanyApplication = z.infer<typeof CompanyApplicationSchema>;
export type CompanyApplicationInput = z.input<typeof CompanyApplicationSchema>;

/** What both endpoints answer with 201. */
export const FormReceiptSchema = z.object({ id: z.string(), message: z.string() });

export type FormReceipt = z.infer<typeof FormReceiptSchema>;
