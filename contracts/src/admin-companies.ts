/**
 * The admin companies screens (/admin/companies) and the CSV import (/admin/upload) share ONE schema for a
 * company's editable fields: `CompanyInputSchema`. Its keys are the CSV template's column names, so a form
 * field, a JSON body key and a CSV header are the same word, and an error names the column the way the
 * file does. Every field accepts JSON values and CSV text alike ("true", "4.5", "local-moving|storage").
 *
 * Missing (undefined) means "leave as it is" when editing or importing over an existing company; an empty
 * value clears an optional field. Text is stored as typed, "=Best Movers" and "@Home Moving" included: the
 * directory shows it, so it must not carry spreadsheet escapes. A spreadsheet only ever reads our data from a
 * CSV download, and every one is written by server/src/lib/csv.ts, which neutralises formula-looking cells
 * there (docs/decisions/026).
 */
import { z } from 'zod';
import { IMAGE_ADDRESS_RULE, isImageAddress } from './images';
import { EMAIL_PATTERN } from './lead';
import { SERVICES, SERVICE_IDS, type ServiceId } from './services';
import { findState } from './states';
import { recordVersion } from './record-version-schema';
import { AdminReviewPhotoSchema } from './review-photo-schemas';
import { fieldLabel, isMultilineText, isPlainText, multilineText, unshowableText } from './text';

// ---------------------------------------------------------------------------------------------------------
// Formula neutralisation: for CSV downloads only (server/src/lib/csv.ts), never for what is stored

const FORMULA_START = /^[=+\-@\t\r]/;

/** True when a spreadsheet would read the cell as a formula (OWASP's list of trigger characters). */
export function looksLikeFormula(value: string): boolean {
  return FORMULA_START.test(value);
}

/** An apostrophe that a CSV download added, and that the import removes again: before = + - @ TAB CR or '. */
const ADDED_APOSTROPHE = /^'[=+\-@\t\r']/;

/**
 * The value with a leading apostrophe when it looks like a formula: a spreadsheet shows it as text and never
 * evaluates it. For a cell of a CSV download only; stored text stays as typed (docs/decisions/026).
 *
 * Reversible (docs/decisions/029): text that already starts with an apostrophe followed by one of those
 * characters or by another apostrophe gets one more, so `restoreNeutralised` can always take exactly one
 * away and an export → import round trip gives back what was stored. "'Round the Bend" is left alone.
 */
export function neutraliseFormula(value: string): string {
  return looksLikeFormula(value) || ADDED_APOSTROPHE.test(value) ? `'${value}` : value;
}

/**
 * A cell of an imported CSV file as it was before a download neutralised it: one leading apostrophe less
 * when the next character is = + - @ TAB CR or an apostrophe. The inverse of `neutraliseFormula`.
 */
export function restoreNeutralised(cell: string): string {
  return ADDED_APOSTROPHE.test(cell) ? cell.slice(1) : cell;
}

// ---------------------------------------------------------------------------------------------------------
// Field schemas: each takes JSON's value or a CSV cell's text

type Ctx = z.core.$RefinementCtx<unknown>;

const fail = (ctx: Ctx, message: string): never => {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
};

const SCALAR = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/**
 * An optional field: undefined stays undefined (unchanged), null or blank text becomes null (cleared),
 * anything else goes through `parse`, which reports a problem with `fail`.
 */
function optionalField<T>(parse: (text: string, ctx: Ctx) => T) {
  return SCALAR.optional().transform((value, ctx): T | null | undefined => {
    if (value === undefined) return undefined;
    if (value === null) return null;
    const text = String(value).trim();
    if (text === '') return null;
    return parse(text, ctx);
  });
}

function requiredText(field: string, min: number, max: number) {
  return z
    .union([z.string(), z.number()], { message: `${fieldLabel(field)} is required` })
    .transform((value, ctx) => {
      const text = String(value).trim();
      if (text === '') return fail(ctx, `${fieldLabel(field)} is required`);
      if (text.length < min)
        return fail(ctx, `${fieldLabel(field)} must be at least ${min} characters`);
      if (text.length > max)
        return fail(ctx, `${fieldLabel(field)} must be at most ${max} characters`);
      if (!isPlainText(text)) return fail(ctx, unshowableText(fieldLabel(field)));
      return text;
    });
}

/** Optional free text: one line (a street), or several (a description) with `multiline`. */
const text = (field: string, max: number, { multiline = false } = {}) =>
  optionalField((value, ctx) => {
    if (value.length > max)
      return fail(ctx, `${fieldLabel(field)} must be at most ${max} characters`);
    if (!(multiline ? isMultilineText : isPlainText)(value))
      return fail(ctx, unshowableText(fieldLabel(field)));
    return value;
  });

export const COMPANY_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function webAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

const number = (field: string, min: number, max: number, integer: boolean) =>
  optionalField((value, ctx) => {
    // One way to match each digit (no `\d+\.?\d*`, which backtracks quadratically on a long digit run).
    const n = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/.test(value) ? Number(value) : Number.NaN;
    const what = integer ? 'a whole number' : 'a number';
    if (!Number.isFinite(n) || (integer && !Number.isInteger(n)) || n < min || n > max)
      return fail(ctx, `${fieldLabel(field)} must be ${what} between ${min} and ${max}`);
    return n;
  });

/** "USDOT 1234567", "DOT# 1234567" and "1234567" are the same number. */
const registration = (field: string, prefix: RegExp) =>
  optionalField((value, ctx) => {
    const digits = value.replace(prefix, '').replace(/[\s-]/g, '');
    return /^\d{1,8}$/.test(digits)
      ? digits
      : fail(ctx, `${fieldLabel(field)} must be 1 to 8 digits`);
  });

const BOOLEAN_WORDS: Record<string, boolean> = {
  true: true,
  yes: true,
  y: true,
  '1': true,
  false: false,
  no: false,
  n: false,
  '0': false,
};

/** true/false, yes/no, 1/0; blank means "as it is" (or the default for a new company). */
const flag = (field: string) =>
  SCALAR.optional().transform((value, ctx): boolean | undefined => {
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'boolean') return value;
    const word = String(value).trim().toLowerCase();
    if (word === '') return undefined;
    const parsed = BOOLEAN_WORDS[word];
    return parsed ?? fail(ctx, `${fieldLabel(field)} must be true or false`);
  });

const SERVICE_BY_WORD = new Map<string, ServiceId>(
  SERVICES.flatMap((s) => [
    [s.id, s.id],
    [s.name.toLowerCase(), s.id],
  ]),
);

export const MAX_COMPANY_PHOTOS = 12;

export const CompanyInputSchema = z.strictObject({
  slug: optionalField((value, ctx) =>
    value.length <= 160 && COMPANY_SLUG_PATTERN.test(value)
      ? value
      : fail(ctx, 'Slug must be lowercase letters, digits and single hyphens, such as acme-movers'),
  ),
  name: requiredText('name', 2, 160),
  description: text('description', 5000, { multiline: true }),
  website: optionalField((value, ctx) => {
    if (!isPlainText(value)) return fail(ctx, unshowableText('Website'));
    const url = /^https?:\/\//i.test(value) ? value : `https://${value}`;
    return url.length <= 255 && webAddress(url)
      ? url
      : fail(ctx, 'Website must be a web address such as https://example.com');
  }),
  phone: optionalField((value, ctx) => {
    const digits = value.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
    return value.length <= 40 && digits.length === 10
      ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`
      : fail(ctx, 'Phone must have 10 digits');
  }),
  email: optionalField((value, ctx) =>
    value.length <= 254 && EMAIL_PATTERN.test(value) && /^[A-Za-z0-9_]/.test(value)
      ? value
      : fail(ctx, 'E-mail must be a valid e-mail address'),
  ),
  logo: optionalField((value, ctx) => {
    if (!isPlainText(value)) return fail(ctx, unshowableText('Logo'));
    return isImageAddress(value) ? value : fail(ctx, `Logo must be ${IMAGE_ADDRESS_RULE}`);
  }),
  photo_urls: z
    .union([z.array(z.string()), z.string(), z.null()])
    .optional()
    .transform((value, ctx): string[] | undefined => {
      if (value === undefined) return undefined;
      if (value === null) return [];
      const list = (Array.isArray(value) ? value : value.split(/[|\s]+/))
        .map((u) => u.trim())
        .filter((u) => u !== '');
      if (!list.every(isPlainText)) return fail(ctx, unshowableText('Photo addresses'));
      if (list.length > MAX_COMPANY_PHOTOS)
        return fail(ctx, `Photos may list at most ${MAX_COMPANY_PHOTOS} addresses`);
      const bad = list.find((u) => !isImageAddress(u));
      if (bad !== undefined)
        return fail(ctx, `Photos: "${bad.slice(0, 60)}" is not ${IMAGE_ADDRESS_RULE}`);
      return [...new Set(list)];
    }),
  street: text('street', 200),
  city: requiredText('city', 2, 100),
  state: z.string({ message: 'State is required' }).transform((value, ctx) => {
    const trimmed = value.trim();
    if (trimmed === '') return fail(ctx, 'State is required');
    const found = trimmed.length <= 40 ? findState(trimmed) : undefined;
    return found
      ? found.abbreviation
      : fail(ctx, 'State must be a US state name or two-letter abbreviation');
  }),
  zip_code: optionalField((value, ctx) => {
    const match = /^(\d{5})(?:-\d{4})?$/.exec(value);
    return match ? match[1]! : fail(ctx, 'ZIP code must be five digits');
  }),
  lat: number('lat', -90, 90, false),
  lng: number('lng', -180, 180, false),
  usdot_number: registration('usdot_number', /^(?:us)?dot\s*#?\s*/i),
  mc_number: optionalField((value, ctx) => {
    const digits = value.replace(/^mc\s*#?\s*/i, '').replace(/[\s-]/g, '');
    return /^\d{1,8}$/.test(digits) ? `MC-${digits}` : fail(ctx, 'MC number must be 1 to 8 digits');
  }),
  founded_year: number('founded_year', 1800, 2100, true),
  service_area: text('service_area', 255),
  service_radius_miles: number('service_radius_miles', 1, 5000, true),
  services: z
    .union([z.array(z.string()), z.string(), z.null()])
    .optional()
    .transform((value, ctx): ServiceId[] | undefined => {
      if (value === undefined) return undefined;
      if (value === null) return [];
      const words = (Array.isArray(value) ? value : value.split(/[|;,]/))
        .map((w) => w.trim())
        .filter((w) => w !== '');
      const ids: ServiceId[] = [];
      for (const word of words) {
        const id = SERVICE_BY_WORD.get(word.toLowerCase());
        if (!id)
          return fail(
            ctx,
            `Services: "${word.slice(0, 60)}" is not a service (use ids such as local-moving|storage)`,
          );
        if (!ids.includes(id)) ids.push(id);
      }
      return ids;
    }),
  is_featured: flag('is_featured'),
  is_in_list: flag('is_in_list'),
});
export type CompanyInput = z.output<typeof CompanyInputSchema>;
/** What a form or a JSON client sends. */
export type CompanyInputValues = z.input<typeof CompanyInputSchema>;
export type CompanyInputField = keyof CompanyInput;

/**
 * PUT /api/admin/companies/:id: the form's fields and the version of the company they were edited from. A
 * company saved by someone else since answers 409 (StaleWriteBody of AdminCompanyDetail) and keeps theirs.
 */
export const CompanyUpdateSchema = CompanyInputSchema.extend({ version: recordVersion });
export type CompanyUpdate = z.output<typeof CompanyUpdateSchema>;

/** Each form field in words, for the merge panel and the 409's `changed` list. */
export const COMPANY_FIELD_LABELS: Readonly<Record<CompanyInputField, string>> = {
  slug: 'Slug (web address)',
  name: 'Name',
  description: 'Description',
  website: 'Website',
  phone: 'Phone',
  email: 'E-mail',
  logo: 'Logo address',
  photo_urls: 'Photo addresses',
  street: 'Street address',
  city: 'City',
  state: 'State',
  zip_code: 'ZIP code',
  lat: 'Latitude',
  lng: 'Longitude',
  usdot_number: 'USDOT number',
  mc_number: 'MC number',
  founded_year: 'Founded (year)',
  service_area: 'Service area',
  service_radius_miles: 'Service radius (miles)',
  services: 'Services',
  is_featured: 'Featured',
  is_in_list: 'Listed',
};

/** The CSV template's columns, in order: exactly the schema's fields. */
export const COMPANY_CSV_COLUMNS = Object.keys(CompanyInputSchema.shape) as CompanyInputField[];
/** Columns every import file must have (a file without them is refused before any row is read). */
export const COMPANY_CSV_REQUIRED_COLUMNS: readonly CompanyInputField[] = ['name', 'city', 'state'];

/** What each column holds, for the upload screen's guide and the template. */
export const COMPANY_CSV_GUIDE: Readonly<Record<CompanyInputField, string>> = {
  slug: 'URL name (a-z, 0-9, hyphens). Matches an existing company to update; made from the name when blank.',
  name: 'Required. Company name, 2–160 characters.',
  description: 'Up to 5,000 characters.',
  website: 'https://… (https:// is added when missing).',
  phone: '10 digits in any format; stored as (555) 555-0100.',
  email: 'An e-mail address.',
  logo: 'An https:// image address (.svg .png .jpg .jpeg .webp .avif .gif) or a site path such as /images/logos/1.svg.',
  photo_urls: `Up to ${MAX_COMPANY_PHOTOS} image addresses (as for logo) separated by |.`,
  street: 'Street address.',
  city: 'Required. A city of the state, as named in the directory.',
  state: 'Required. State name or two-letter abbreviation.',
  zip_code: 'Five digits (ZIP+4 is cut to five).',
  lat: 'Latitude, −90 to 90. Taken from the ZIP code or city when blank.',
  lng: 'Longitude, −180 to 180.',
  usdot_number: '1–8 digits. Matches an existing company to update when the slug does not.',
  mc_number: '1–8 digits; stored as MC-123456.',
  founded_year: 'Year, e.g. 2004.',
  service_area: 'Free text, e.g. "Austin, TX and within 50 miles".',
  service_radius_miles: 'Whole miles, 1–5,000.',
  services: `Service ids or names separated by |: ${SERVICE_IDS.join(', ')}.`,
  is_featured: 'true or false (default false).',
  is_in_list: 'true or false: shown in the directory (default true).',
};

// ---------------------------------------------------------------------------------------------------------
// The companies table

const queryInt = (name: string, min: number, max: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      if (!/^\d+$/.test(value)) return fail(ctx, `${fieldLabel(name)} must be a whole number`);
      const n = Number(value);
      if (n < min || n > max)
        return fail(ctx, `${fieldLabel(name)} must be between ${min} and ${max}`);
      return n;
    });

const queryFlag = (name: string) =>
  z.enum(['true', 'false'], { message: `${fieldLabel(name)} must be true or false` }).optional();

export const ADMIN_COMPANY_SORTS = ['name', 'state', 'rating', 'reviews', 'updated'] as const;
export type AdminCompanySort = (typeof ADMIN_COMPANY_SORTS)[number];
export const ADMIN_RATING_FILTERS = ['4.5', '4', '3', 'below-3', 'unrated'] as const;
export type AdminRatingFilter = (typeof ADMIN_RATING_FILTERS)[number];

export const AdminCompanyListQuerySchema = z.strictObject({
  /** Words of the name, a city name, or the start of a USDOT number. */
  q: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
  state: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'State must be a two-letter abbreviation')
    .transform((v) => v.toUpperCase())
    .optional(),
  featured: queryFlag('featured'),
  inList: queryFlag('inList'),
  service: z
    .enum(SERVICE_IDS, { message: `Service must be one of: ${SERVICE_IDS.join(', ')}` })
    .optional(),
  rating: z
    .enum(ADMIN_RATING_FILTERS, {
      message: `Rating must be one of: ${ADMIN_RATING_FILTERS.join(', ')}`,
    })
    .optional(),
  sort: z
    .enum(ADMIN_COMPANY_SORTS, {
      message: `Sort must be one of: ${ADMIN_COMPANY_SORTS.join(', ')}`,
    })
    .optional()
    .default('name'),
  order: z.enum(['asc', 'desc'], { message: 'Order must be asc or desc' }).optional(),
  page: queryInt('page', 1, 100_000, 1),
  limit: queryInt('limit', 1, 100, 25),
});
export type AdminCompanyListQuery = z.output<typeof AdminCompanyListQuerySchema>;

export const AdminCompanyRowSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  city: z.string(),
  state: z.string(),
  usdotNumber: z.string().nullable(),
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  isFeatured: z.boolean(),
  isInList: z.boolean(),
  updatedAt: z.string(),
  /** The version the inline toggles send (docs/decisions/028). */
  version: z.number().int(),
});
export type AdminCompanyRow = z.infer<typeof AdminCompanyRowSchema>;

export const AdminCompanyPageSchema = z.object({
  items: z.array(AdminCompanyRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AdminCompanyPage = z.infer<typeof AdminCompanyPageSchema>;

/** The form's values as stored (the input schema's output, every field present). */
export const CompanyValuesSchema = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  website: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  logo: z.string().nullable(),
  photo_urls: z.array(z.string()),
  street: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  usdot_number: z.string().nullable(),
  mc_number: z.string().nullable(),
  founded_year: z.number().int().nullable(),
  service_area: z.string().nullable(),
  service_radius_miles: z.number().int().nullable(),
  services: z.array(z.string()),
  is_featured: z.boolean(),
  is_in_list: z.boolean(),
});
export type CompanyValues = z.infer<typeof CompanyValuesSchema>;

export const REVIEW_STATUSES = ['published', 'hidden', 'pending', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const AdminCompanyDetailSchema = z.object({
  id: z.number().int(),
  values: CompanyValuesSchema,
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  /** Reviews per moderation status (published ones make the rating). */
  reviewsByStatus: z.record(z.enum(REVIEW_STATUSES), z.number().int()),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Raised by every save; a save sends the one it was based on (docs/decisions/028). */
  version: z.number().int(),
  /** The company's earlier slugs, newest first: their addresses answer 301 to the current one. */
  formerSlugs: z.array(z.object({ slug: z.string(), replacedAt: z.string() })),
});
export type AdminCompanyDetail = z.infer<typeof AdminCompanyDetailSchema>;

/** PATCH /api/admin/companies/:id: the table's inline toggles, with the version the table showed. */
export const CompanyFlagsSchema = z
  .strictObject({
    version: recordVersion,
    is_featured: z.boolean({ message: 'Featured must be true or false' }).optional(),
    is_in_list: z.boolean({ message: 'Listed must be true or false' }).optional(),
  })
  .refine((v) => v.is_featured !== undefined || v.is_in_list !== undefined, {
    message: 'Say whether the company is featured, listed or both',
  });
export type CompanyFlags = z.infer<typeof CompanyFlagsSchema>;

// ---------------------------------------------------------------------------------------------------------
// Review moderation

export const AdminReviewListQuerySchema = z.strictObject({
  companyId: queryInt('companyId', 1, 2_147_483_647, 0).optional(),
  status: z
    .enum(REVIEW_STATUSES, { message: `Status must be one of: ${REVIEW_STATUSES.join(', ')}` })
    .optional(),
  page: queryInt('page', 1, 100_000, 1),
  limit: queryInt('limit', 1, 100, 20),
});
export type AdminReviewListQuery = z.output<typeof AdminReviewListQuerySchema>;

export const AdminReviewSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  companySlug: z.string(),
  rating: z.number().int(),
  title: z.string(),
  body: z.string(),
  authorFirstName: z.string(),
  reviewedOn: z.string(),
  status: z.enum(REVIEW_STATUSES),
  moderatedBy: z.string().nullable(),
  moderatedAt: z.string().nullable(),
  /**
   * Issue 19. A review written from a request's link: the day of that request ("Verified request through …
   * on …"); null for the sample data's reviews. `title` and `body` above are as the reviewer typed them;
   * `shownTitle` and `shownBody` are what the public sees when a check masked something (null when the same).
   */
  verifiedRequestOn: z.string().nullable().optional(),
  hired: z.enum(['yes', 'no', 'quote']).nullable().optional(),
  shownTitle: z.string().nullable().optional(),
  shownBody: z.string().nullable().optional(),
  /** Why the checks held it for staff, in words (empty when it was published at once or is a sample). */
  heldReasons: z.array(z.string()).optional(),
  /** The reason staff gave with their last decision (required when rejecting). */
  moderationReason: z.string().nullable().optional(),
  /** Generated by the sample data's seed, not written by a customer: marked "Sample" for staff (issue 19). */
  isSample: z.boolean().optional(),
  /** The writer's photos, whatever the review's status, at staff's addresses (issue 19). */
  photos: z.array(AdminReviewPhotoSchema).optional(),
});
export type AdminReview = z.infer<typeof AdminReviewSchema>;

export const AdminReviewPageSchema = z.object({
  items: z.array(AdminReviewSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AdminReviewPage = z.infer<typeof AdminReviewPageSchema>;

export const REVIEW_MODERATION_REASON_MAX_LENGTH = 500;

/**
 * PATCH /api/admin/reviews/:id: publish (show, approve), hide, or reject a pending one. A reason goes with any
 * decision and is required to reject: a reviewer whose review came from a request reads it in their e-mail.
 */
export const ReviewModerationSchema = z
  .strictObject({
    status: z.enum(['published', 'hidden', 'rejected'], {
      message: 'Status must be published, hidden or rejected',
    }),
    reason: z
      .string({ message: 'The reason must be text' })
      .trim()
      .max(
        REVIEW_MODERATION_REASON_MAX_LENGTH,
        `The reason can be at most ${REVIEW_MODERATION_REASON_MAX_LENGTH} characters`,
      )
      .refine(isMultilineText, unshowableText('The reason'))
      .optional(),
  })
  .refine((v) => v.status !== 'rejected' || (v.reason ?? '').length >= 3, {
    message: 'Say why the review is rejected: the reviewer reads it',
    path: ['reason'],
  });
export type ReviewModeration = z.infer<typeof ReviewModerationSchema>;

export const ReviewModerationResultSchema = z.object({
  review: AdminReviewSchema,
  company: z.object({ rating: z.number().nullable(), reviewCount: z.number().int() }),
});
export type ReviewModerationResult = z.infer<typeof ReviewModerationResultSchema>;

// ---------------------------------------------------------------------------------------------------------
// Company applications from /list-your-company

export const APPLICATION_STATUSES = ['pending', 'approved', 'declined'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const AdminApplicationListQuerySchema = z.strictObject({
  status: z
    .enum([...APPLICATION_STATUSES, 'all'], {
      message: 'Status must be pending, approved, declined or all',
    })
    .optional()
    .default('pending'),
  page: queryInt('page', 1, 100_000, 1),
  limit: queryInt('limit', 1, 100, 20),
});
export type AdminApplicationListQuery = z.output<typeof AdminApplicationListQuerySchema>;

export const AdminApplicationSchema = z.object({
  id: z.number().int(),
  publicId: z.string(),
  companyName: z.string(),
  contactName: z.string(),
  email: z.string(),
  phone: z.string(),
  website: z.string().nullable(),
  usdotNumber: z.string().nullable(),
  mcNumber: z.string().nullable(),
  state: z.string(),
  city: z.string(),
  services: z.array(z.string()),
  message: z.string().nullable(),
  status: z.enum(APPLICATION_STATUSES),
  createdAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  /** The company an approval created. */
  companyId: z.number().int().nullable(),
});
export type AdminApplication = z.infer<typeof AdminApplicationSchema>;

export const AdminApplicationPageSchema = z.object({
  items: z.array(AdminApplicationSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  pending: z.number().int(),
});
export type AdminApplicationPage = z.infer<typeof AdminApplicationPageSchema>;

export const ApplicationDeclineSchema = z.strictObject({
  note: multilineText(
    z.string().trim().max(500, 'Note must be at most 500 characters'),
    'Note',
  ).optional(),
});

/** POST /api/admin/companies and the approval of an application answer the new company's id and slug. */
export const CompanyCreatedSchema = z.object({ id: z.number().int(), slug: z.string() });
export type CompanyCreated = z.infer<typeof CompanyCreatedSchema>;
