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

/** Required text; `label` names the field in plain words when it holds characters no page can show. */
const trimmed = (field: string, min: number, max: number, label: string) =>
  plainText(requiredText(field, min, max), label);

/** A required message of several lines. */
const message = (field: string, min: number, max: number, label: string) =>
  multilineText(requiredText(field, min, max), label);

const optionalMessage = (field: string, max: number, label: string) =>
  multilineText(z.string().trim().max(max, `${field} must be at most ${max} characters`), label)
    .optional()
    .default('');

const email = (field: string) =>
  z
    .string({ message: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(254, `${field} must be at most 254 characters`)
    .refine((v) => EMAIL_PATTERN.test(v), `${field} must be a valid e-mail address`);

const honeypot = z.string().max(500).optional().default('');

const CONTACT_TOPIC_IDS = CONTACT_TOPICS.map((t) => t.id) as [ContactTopic, ...ContactTopic[]];

export const ContactMessageSchema = z.object({
  name: trimmed('name', 2, 100, 'Name'),
  email: email('email'),
  topic: z.enum(CONTACT_TOPIC_IDS, { message: 'topic must be one of the listed topics' }),
  message: message('message', CONTACT_MESSAGE_MIN, CONTACT_MESSAGE_MAX, 'Message'),
  [FORM_HONEYPOT_FIELD]: honeypot,
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;
export type ContactMessageInput = z.input<typeof ContactMessageSchema>;

/** USDOT and MC numbers are up to 8 digits; "USDOT 1234567" and "MC-123456" are read as the digits. */
const registrationNumber = (field: string, prefix: RegExp) =>
  z
    .string()
    .trim()
    .max(20, `${field} must be at most 8 digits`)
    .optional()
    .default('')
    .transform((v) => v.replace(prefix, '').replace(/[\s-]/g, ''))
    .refine((v) => v === '' || /^\d{1,8}$/.test(v), `${field} must be 1 to 8 digits`);

/** One value (a single checkbox, or JSON's string) or many (repeated form fields, a JSON array). */
const serviceList = z
  .union([z.string(), z.array(z.string())], { message: 'services must list at least one service' })
  .transform((v) => (Array.isArray(v) ? v : [v]).filter((s) => s !== ''))
  .refine((list) => list.length > 0, 'services must list at least one service')
  .refine(
    (list) => list.every((s) => (SERVICE_IDS as readonly string[]).includes(s)),
    'services must be ids of the listed services',
  )
  .transform((list) => [...new Set(list)] as ServiceId[]);

export const CompanyApplicationSchema = z.object({
  companyName: trimmed('companyName', 2, 150, 'Company name'),
  contactName: trimmed('contactName', 2, 100, 'Contact name'),
  email: email('email'),
  phone: z
    .string({ message: 'phone is required' })
    .trim()
    .max(40, `phone must have exactly ${PHONE_DIGITS} digits`)
    .transform((v) => v.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, ''))
    .refine((v) => v.length === PHONE_DIGITS, `phone must have exactly ${PHONE_DIGITS} digits`),
  website: plainText(
    z.string().trim().max(300, 'website must be at most 300 characters'),
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
    }, 'website must be a web address such as https://example.com'),
  usdotNumber: registrationNumber('usdotNumber', /^\s*(?:us\s*)?dot\s*#?\s*/i),
  mcNumber: registrationNumber('mcNumber', /^\s*mc\s*#?\s*/i),
  state: z
    .string({ message: 'state is required' })
    .trim()
    .refine((v) => stateByAbbreviation(v) !== undefined, 'state must be a US state')
    .transform((v) => v.toUpperCase()),
  city: trimmed('city', 2, 100, 'City'),
  services: serviceList,
  message: optionalMessage('message', 3000, 'Message'),
  [FORM_HONEYPOT_FIELD]: honeypot,
});
export type CompanyApplication = z.infer<typeof CompanyApplicationSchema>;
export type CompanyApplicationInput = z.input<typeof CompanyApplicationSchema>;

/** What both endpoints answer with 201. */
export const FormReceiptSchema = z.object({ id: z.string(), message: z.string() });

/** What a form's sender reads once it is sent: the server's receipt carries it, the page shows it. */
export const CONTACT_CONFIRMATION =
  'Thank you — your message has been sent. We usually reply within two business days.';
export const APPLICATION_CONFIRMATION =
  'Thank you — your application has been received. Our team reviews every application and will contact you within three business days.';
export type FormReceipt = z.infer<typeof FormReceiptSchema>;
