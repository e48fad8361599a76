/**
 * The quote request: the wizard's field rules (spec section 5), the wire formats the widget and the lead
 * backend speak (spec 7.2 and 7.3), the matched-company shape (spec 3), the recorded consent and the lead
 * statuses. The widget validates each step with these schemas and the server validates the same fields
 * again with the same rules, so a rule changes in one place.
 */
import { z } from 'zod';
import {
  CONSENT_VERSIONS,
  MAX_SELECTED_COMPANIES,
  NO_MOVER_CHOSEN,
  SelectedCompanySchema,
} from './consent';
import {
  anyZoneMoveDateWindow,
  localCalendarDate,
  moveDateIssue,
  moveDateWindow,
  type MoveDateWindow,
} from './move-date';
import { fieldLabel, multilineText, plainText } from './text';

// ---------------------------------------------------------------------------------------------------------
// Field rules (spec section 5)

/**
 * Local part letters, digits, underscore, hyphen, dot, plus — and the apostrophe real addresses have
 * (o'neil@example.com; issue 15) — a domain; a top-level part of 2 to 20 letters.
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9_.+'-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,20}$/;
export const ZIP_PATTERN = /^\d{5}$/;
export const NAME_MIN_LENGTH = 2;
export const PHONE_DIGITS = 10;

/** The hidden debug panel's switches; all on unless a test turns one off. */
export interface ValidationToggles {
  zip: boolean;
  email: boolean;
  phone: boolean;
}
export const DEFAULT_VALIDATION: ValidationToggles = { zip: true, email: true, phone: true };

/**
 * The names fields go by in messages, where fieldLabel's reading of the code name is not what the form calls
 * them: the wizard's own labels (widget/src/validation.ts shows the same), and the wire's vehicle fields.
 */
const LABELS: Readonly<Record<string, string>> = {
  fromLocationZip: 'From ZIP code',
  toLocationZip: 'To ZIP code',
  email: 'Email',
  autoYear: 'Vehicle year',
  autoMake: 'Vehicle make',
  autoModel: 'Vehicle model',
  autoCondition: 'Vehicle condition',
  auto_year: 'Vehicle year',
  auto_make: 'Vehicle make',
  auto_model: 'Vehicle model',
  auto_condition: 'Vehicle condition',
  needs_auto_transport: 'Vehicle transport',
  number_of_rooms: 'Number of rooms',
};

/** A field's name in a message: plain words, never its code name (issue 16). */
const labelOf = (field: string): string => LABELS[field] ?? fieldLabel(field);

const text = (max: number, label: string) =>
  z.string().max(max, `${label} must be at most ${max} characters`);

const required = (field: string, max: number, { multiline = false } = {}) => {
  const label = labelOf(field);
  return (multiline ? multilineText : plainText)(
    z
      .string({ message: `${label} is required` })
      .max(max, `${label} must be at most ${max} characters`)
      .refine((v) => v.trim() !== '', `${label} is required`),
    label,
  );
};

const personName = (field: string) => {
  const label = labelOf(field);
  return plainText(
    z
      .string({ message: `${label} is required` })
      .max(60, `${label} must be at most 60 characters`)
      .refine(
        (v) => v.trim().length >= NAME_MIN_LENGTH,
        `${label} must be at least ${NAME_MIN_LENGTH} characters`,
      ),
    label,
  );
};

export const emailField = (field: string, toggles: ValidationToggles = DEFAULT_VALIDATION) => {
  const label = labelOf(field);
  return toggles.email
    ? z
        .string({ message: `${label} is required` })
        .max(254, `${label} must be at most 254 characters`)
        .refine((v) => EMAIL_PATTERN.test(v.trim()), `${label} must be a valid e-mail address`)
    : required(field, 254);
};

export const phoneField = (field: string, toggles: ValidationToggles = DEFAULT_VALIDATION) => {
  const label = labelOf(field);
  return toggles.phone
    ? plainText(
        z
          .string({ message: `${label} is required` })
          .max(40, `${label} must be at most 40 characters`)
          .refine(
            (v) => v.replace(/\D/g, '').length === PHONE_DIGITS,
            `${label} must have exactly ${PHONE_DIGITS} digits`,
          ),
        label,
      )
    : required(field, 40);
};

/** A ZIP is optional on the route step (the visitor may type a city), but when given it must be five digits. */
export const zipField = (field: string, toggles: ValidationToggles = DEFAULT_VALIDATION) => {
  const label = labelOf(field);
  return toggles.zip
    ? z
        .string()
        .max(10, `${label} must be five digits`)
        .refine(
          (v) => v.trim() === '' || ZIP_PATTERN.test(v.trim()),
          `${label} must be five digits`,
        )
    : text(10, label);
};

/**
 * The moving date: required, a real day, not past and at most 18 months ahead (move-date.ts). The window is
 * taken when a value is checked, not when the schema is built, so a page left open past midnight moves with it.
 */
export const moveDateField = (field: string, window: () => MoveDateWindow) =>
  required(field, 40).superRefine((value, ctx) => {
    const issue = moveDateIssue(value, window());
    if (issue) ctx.addIssue({ code: 'custom', message: issue });
  });

// ---------------------------------------------------------------------------------------------------------
// The wizard's steps (spec 2.3 and 5), in the quote form state's own field names (spec 3)

export function quoteStepSchemas(toggles: ValidationToggles = DEFAULT_VALIDATION) {
  return {
    1: z.object({ moveSize: required('moveSize', 40) }),
    // The visitor's own calendar: today in their time zone is the first date they may pick.
    2: z.object({
      movingDate: moveDateField('movingDate', () => moveDateWindow(localCalendarDate(new Date()))),
    }),
    3: z.object({
      movingFrom: required('movingFrom', 200),
      movingTo: required('movingTo', 200),
      fromLocationZip: zipField('fromLocationZip', toggles).optional(),
      toLocationZip: zipField('toLocationZip', toggles).optional(),
    }),
    4: z.object({
      firstName: personName('firstName'),
      lastName: personName('lastName'),
      email: emailField('email', toggles),
      phone: phoneField('phone', toggles),
    }),
    // A request goes only to movers the visitor chose, so at least one is (issue 15, docs/decisions/024;
    // spec 5 had step 5 always valid).
    5: z.object({ selectedCompanies: z.array(z.unknown()).min(1, NO_MOVER_CHOSEN) }),
    6: z.discriminatedUnion('needsAutoTransport', [
      z.object({ needsAutoTransport: z.literal(false) }),
      z.object({
        needsAutoTransport: z.literal(true),
        autoYear: required('autoYear', 4),
        autoMake: required('autoMake', 40),
        autoModel: required('autoModel', 60),
        autoCondition: required('autoCondition', 40),
      }),
    ]),
  } as const;
}
export type QuoteStep = keyof ReturnType<typeof quoteStepSchemas>;

// ---------------------------------------------------------------------------------------------------------
// Wire formats

/**
 * An optional field of the widget's wire formats: one line of text unless `multiline` (every one is stored,
 * in the lead, its forwarding job or the session, and some are shown on the admin screens).
 */
const wire = (max: number, field: string, { multiline = false } = {}) =>
  (multiline ? multilineText : plainText)(text(max, labelOf(field)), labelOf(field))
    .optional()
    .default('');

/** The honeypot is never stored: whatever a bot puts there gets the same answer as a real lead. */
const honeypot = text(500, 'This field').optional().default('');

/** 7.2: POST /api/proxy/match_companies (JSON). */
export const MatchCompaniesRequestSchema = z.object({
  from_zip: zipField('from_zip').optional().default(''),
  from_city: wire(100, 'from_city'),
  from_state: wire(60, 'from_state'),
  to_zip: zipField('to_zip').optional().default(''),
  to_city: wire(100, 'to_city'),
  to_state: wire(60, 'to_state'),
  /**
   * The route fields as the visitor typed them ("Seattle, WA", "St Louis MO", "98101"; issue 15): the server
   * places them itself when the ZIP, city and state above are empty, as they are when no suggestion was picked.
   */
  from_location: wire(200, 'from_location'),
  to_location: wire(200, 'to_location'),
  move_size: wire(40, 'move_size'),
  move_date: wire(40, 'move_date'),
  lead_uuid: wire(64, 'lead_uuid'),
  session_id: wire(64, 'session_id'),
  website: wire(64, 'website'),
  _target: wire(100, '_target'),
});
export type MatchCompaniesRequest = z.infer<typeof MatchCompaniesRequestSchema>;

/** One end of a move as our place data names it: a ZIP, its city and the state's two-letter abbreviation. */
export const RoutePlaceSchema = z.object({
  zip: z.string(),
  city: z.string(),
  state: z.string(),
});
export type RoutePlace = z.infer<typeof RoutePlaceSchema>;

export const ROUTE_ENDS = ['from', 'to'] as const;
export type RouteEnd = (typeof ROUTE_ENDS)[number];

/** The matched-company shape of spec section 3, plus where the mover is and how far from the origin. */
export const MatchedCompanySchema = z.object({
  id: z.union([z.number().int(), z.string()]),
  name: z.string(),
  logo_url: z.string().nullable(),
  rating: z.number().nullable(),
  reviews_count: z.number().int(),
  years_in_business: z.number().int().nullable(),
  services: z.array(z.string()),
  contact: z.object({ phone: z.string().nullable(), email: z.string().nullable() }),
  slug: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  distance_miles: z.number().nullable().optional(),
});
export type MatchedCompany = z.infer<typeof MatchedCompanySchema>;

export const MatchCompaniesResponseSchema = z.object({
  companies: z.array(MatchedCompanySchema),
  ping_id: z.string(),
  /** True only when matching itself failed and these are the two stand-in companies. */
  is_fallback: z.boolean(),
  /** The places the route was read as (issue 15), so the quote form can carry them; absent when not placed. */
  from_place: RoutePlaceSchema.optional(),
  to_place: RoutePlaceSchema.optional(),
  /**
   * The ends of the route the request names but no place of ours matches ("Seattel", "nowhere"): companies is
   * then empty and is_fallback false, and the visitor is asked to pick a suggestion — never the stand-ins,
   * which are for a failed match only. Absent when the whole route was placed.
   */
  places_not_understood: z.array(z.enum(ROUTE_ENDS)).min(1).optional(),
});
export type MatchCompaniesResponse = z.infer<typeof MatchCompaniesResponseSchema>;

/** Spec 7.2's two stand-ins, for when matching fails; never real movers. */
export const FALLBACK_MATCHED_COMPANIES: readonly MatchedCompany[] = [
  {
    id: 'fallback-1',
    name: 'MoverAtlas Partner Network',
    logo_url: null,
    rating: null,
    reviews_count: 0,
    years_in_business: null,
    services: ['Local Moving', 'Long Distance Moving'],
    contact: { phone: null, email: null },
  },
  {
    id: 'fallback-2',
    name: 'MoverAtlas Verified Movers',
    logo_url: null,
    rating: null,
    reviews_count: 0,
    years_in_business: null,
    services: ['Local Moving', 'Packing & Storage'],
    contact: { phone: null, email: null },
  },
];

/** 7.3.1 tracking query parameters a session carries. */
export const SESSION_TRACKING_FIELDS = [
  'gclid',
  'r',
  'cid',
  'aid',
  'eid',
  'liid',
  'lpid',
  'mt',
  'n',
  'd',
  'adid',
  'k',
  'adp',
  'gad_source',
] as const;

/** 7.3.1: POST /session_send_bq (JSON); ours at /api/proxy/session_send_bq. */
export const SessionRequestSchema = z.object({
  uuid: wire(64, 'uuid'),
  hostname: wire(255, 'hostname'),
  origin: wire(255, 'origin'),
  ...(Object.fromEntries(SESSION_TRACKING_FIELDS.map((f) => [f, wire(500, f)])) as Record<
    (typeof SESSION_TRACKING_FIELDS)[number],
    ReturnType<typeof wire>
  >),
  ip_address: wire(64, 'ip_address'),
  location_href: wire(2000, 'location_href'),
  referrer: wire(2000, 'referrer'),
  website: wire(64, 'website'),
  website_version: wire(20, 'website_version'),
  trustedformtoken: wire(500, 'trustedformtoken'),
});
export type SessionRequest = z.infer<typeof SessionRequestSchema>;
export const SessionResponseSchema = z.object({ session_id: z.string() });

/** 7.3.2: the fields of POST /send_lead, in the backend's order, every value a string. */
export const SEND_LEAD_FIELDS = [
  'source',
  'referrer',
  'url',
  'from_zip',
  'from_city',
  'from_state',
  'from_location',
  'to_zip',
  'to_city',
  'to_state',
  'to_location',
  'move_date',
  'number_of_rooms',
  'first_name',
  'last_name',
  'email_address',
  'phone_number',
  'lead_uuid',
  'lead_new_id',
  'sms_phone_validation',
  'sms_phone_validation_status',
  'website',
  'website_version',
  'trustedformcerturl',
  'trustedformtoken',
  'phone_verification_information',
  'phone_verification_risk_score',
  'phone_verification_phone_type',
  'moving_quote_details',
] as const;
export type SendLeadField = (typeof SEND_LEAD_FIELDS)[number];
/** Exactly what the lead backend receives. */
export type SendLeadWire = Record<SendLeadField, string>;

export const WEBSITE_VERSION = '1.0';
export const DEFAULT_SMS_PHONE_VALIDATION = '1';
/** The honeypot: a field real visitors never see (the widget renders it off-screen, autocomplete off). */
export const HONEYPOT_FIELD = 'company_website';
export const LEAD_UUID_PATTERN = /^[A-Za-z0-9-]{8,64}$/;

const flag = (field: string) =>
  z
    .string()
    .max(5)
    .optional()
    .default('')
    .refine(
      (v) => ['', '0', '1', 'true', 'false', 'on'].includes(v),
      `${labelOf(field)} must be true or false`,
    )
    .transform((v) => v === '1' || v === 'true' || v === 'on');

/**
 * POST /api/proxy/send_lead (form-encoded): every field of 7.3.2, validated by the section 5 rules, plus our
 * additions: the move size, session and ping ids, the auto-transport step, the companies chosen on step 5,
 * the consent and the honeypot. Unknown fields are ignored, so an older or newer widget still submits.
 */
export const SendLeadFormSchema = z.object({
  source: wire(100, 'source'),
  referrer: wire(2000, 'referrer'),
  url: wire(2000, 'url'),
  from_zip: zipField('from_zip').optional().default(''),
  from_city: wire(100, 'from_city'),
  from_state: wire(60, 'from_state'),
  from_location: required('from_location', 200),
  to_zip: zipField('to_zip').optional().default(''),
  to_city: wire(100, 'to_city'),
  to_state: wire(60, 'to_state'),
  to_location: required('to_location', 200),
  // Any visitor's today counts (the server cannot know their time zone): see anyZoneMoveDateWindow.
  move_date: moveDateField('move_date', () => anyZoneMoveDateWindow(new Date())),
  number_of_rooms: z
    .string()
    .optional()
    .default('')
    .refine((v) => /^\d{0,2}$/.test(v), 'Number of rooms must be a whole number'),
  first_name: personName('first_name'),
  last_name: personName('last_name'),
  email_address: emailField('email_address'),
  phone_number: phoneField('phone_number'),
  lead_uuid: z
    .string({ message: 'Lead UUID is required' })
    .regex(LEAD_UUID_PATTERN, 'Lead UUID must be 8-64 letters, digits or hyphens'),
  lead_new_id: wire(64, 'lead_new_id'),
  sms_phone_validation: z
    .string()
    .max(5)
    .optional()
    .transform((v) => (v === undefined || v === '' ? DEFAULT_SMS_PHONE_VALIDATION : v))
    .refine((v) => v === '0' || v === '1', 'SMS phone validation must be 0 or 1'),
  sms_phone_validation_status: wire(40, 'sms_phone_validation_status'),
  website: wire(64, 'website'),
  website_version: wire(20, 'website_version'),
  trustedformcerturl: wire(500, 'trustedformcerturl'),
  trustedformtoken: wire(500, 'trustedformtoken'),
  phone_verification_information: wire(2000, 'phone_verification_information', {
    multiline: true,
  }),
  phone_verification_risk_score: wire(40, 'phone_verification_risk_score'),
  phone_verification_phone_type: wire(40, 'phone_verification_phone_type'),
  moving_quote_details: wire(4000, 'moving_quote_details', { multiline: true }),

  // Our additions.
  move_size: wire(40, 'move_size'),
  session_id: wire(64, 'session_id'),
  ping_id: wire(64, 'ping_id'),
  needs_auto_transport: flag('needs_auto_transport'),
  auto_year: wire(4, 'auto_year'),
  auto_make: wire(40, 'auto_make'),
  auto_model: wire(60, 'auto_model'),
  auto_condition: wire(40, 'auto_condition'),
  /** JSON array of the step-5 movers, `[{"id":12,"name":"Acme Moving"}]`; the consent names them. */
  selected_companies: z
    .string()
    .max(8000)
    .optional()
    .default('[]')
    .transform((value, ctx) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(value === '' ? '[]' : value);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Selected companies must be a JSON array' });
        return z.NEVER;
      }
      const companies = z
        .array(SelectedCompanySchema)
        .max(MAX_SELECTED_COMPANIES)
        .safeParse(parsed);
      if (!companies.success) {
        ctx.addIssue({
          code: 'custom',
          message: `Selected companies must be a JSON array of at most ${MAX_SELECTED_COMPANIES} {id, name} objects`,
        });
        return z.NEVER;
      }
      return companies.data;
    }),
  consent_version: z
    .string({ message: 'Consent version is required' })
    .refine((v) => CONSENT_VERSIONS.includes(v), {
      message: `Consent version must be one of: ${CONSENT_VERSIONS.join(', ')}`,
    }),
  consent_text: required('consent_text', 4000, { multiline: true }),
  consent_checked: flag('consent_checked').refine((v) => v, 'The consent box must be ticked'),
  [HONEYPOT_FIELD]: honeypot,
});
export type SendLeadForm = z.infer<typeof SendLeadFormSchema>;
export type SendLeadFormInput = z.input<typeof SendLeadFormSchema>;
/**
 * The form body the widget sends to send_lead: every field the schema reads, as text (so a field renamed or
 * added on one side fails to compile on the other), plus spec 7.3.2's fields the server passes on unread.
 */
export type SendLeadBody = { [K in keyof SendLeadFormInput]-?: string } & Record<string, string>;

/** The auto-transport step's rules (step 6) on the wire field names. */
export function autoTransportIssue(form: SendLeadForm): string | undefined {
  if (!form.needs_auto_transport) return undefined;
  for (const field of ['auto_year', 'auto_make', 'auto_model', 'auto_condition'] as const) {
    if (form[field].trim() === '')
      return `${labelOf(field)} is required when a vehicle is to be moved`;
  }
  return undefined;
}

/** 7.3.3: the fields of POST /lead_send_bq, each sent with the `lead_` prefix. */
export const LEAD_ANALYTICS_FIELDS = [
  'uuid',
  'mmex_lead_id',
  'ip_address',
  'origin',
  'ref',
  'first_name',
  'last_name',
  'email',
  'phone',
  'from_zip',
  'from_city',
  'from_state',
  'from_location',
  'from_country',
  'to_zip',
  'to_city',
  'to_state',
  'to_location',
  'to_country',
  'size',
  'move_date',
  'comments',
  'sms_phone_validation',
  'sms_phone_validation_status',
  'website',
  'website_version',
  'trustedformcerturl',
  'trustedformtoken',
] as const;
export type LeadAnalyticsField = `lead_${(typeof LEAD_ANALYTICS_FIELDS)[number]}`;
export type LeadAnalyticsWire = Record<LeadAnalyticsField, string>;

/** POST /api/proxy/lead_send_bq (form-encoded): the analytics copy, lead_ prefixed; only lead_uuid is required. */
export const LeadAnalyticsFormSchema = z.object({
  ...(Object.fromEntries(
    LEAD_ANALYTICS_FIELDS.map((f) => [
      `lead_${f}`,
      f === 'comments' ? wire(4000, `lead_${f}`, { multiline: true }) : wire(500, `lead_${f}`),
    ]),
  ) as Record<LeadAnalyticsField, ReturnType<typeof wire>>),
  lead_uuid: z
    .string({ message: 'Lead UUID is required' })
    .regex(LEAD_UUID_PATTERN, 'Lead UUID must be 8-64 letters, digits or hyphens'),
  [HONEYPOT_FIELD]: honeypot,
});
export type LeadAnalyticsForm = z.infer<typeof LeadAnalyticsFormSchema>;
/** The form body of lead_send_bq as the widget sends it (see SendLeadBody). */
export type LeadAnalyticsBody = {
  [K in keyof z.input<typeof LeadAnalyticsFormSchema>]-?: string;
} & Record<string, string>;

/** GET /api/ip: the visitor's address as our server sees it (spec 7.4's IP service, replaced). */
export const IpResponseSchema = z.object({ ip: z.string() });

// ---------------------------------------------------------------------------------------------------------
// Lead statuses (spec 3, admin)

export const LEAD_STATUSES = [
  'new',
  'contacted',
  'scheduled',
  'quoted',
  'converted',
  'lost',
] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
/** Each status in words, as the admin screens and the bulk action's answer name it. */
export const LEAD_STATUS_LABELS: Readonly<Record<LeadStatus, string>> = {
  new: 'New',
  contacted: 'Contacted',
  scheduled: 'Scheduled',
  quoted: 'Quoted',
  converted: 'Converted',
  lost: 'Lost',
};
export const LeadStatusSchema = z.enum(LEAD_STATUSES, {
  message: `Status must be one of: ${LEAD_STATUSES.join(', ')}`,
});
