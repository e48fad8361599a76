/**
 * The mover's profile editor (/pro/companies/:companyId/profile, issue 17): what it reads, what a save sends,
 * the weekly hours, the photos and logo, and the changes to the name, USDOT or MC number that wait for staff.
 * The fields' rules are the admin form's (CompanyInputSchema), so a mover and staff are held to the same
 * words; the phone number is checked and written by libphonenumber-js.
 */
import { z } from 'zod';
import { formatUsPhone } from './phone-number';
import { CompanyInputSchema, MAX_COMPANY_PHOTOS } from './admin-companies';
import { recordVersion } from './record-version-schema';
import { SERVICE_IDS } from './services';
import { WeeklyHoursSchema } from './company-hours-schema';

// ---------------------------------------------------------------------------------------------------------
// Phone numbers

const phoneField = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value, ctx): string | null | undefined => {
    if (value === undefined) return undefined;
    const text = value?.trim() ?? '';
    if (text === '') return null;
    const formatted = formatUsPhone(text);
    if (formatted === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: 'Phone must be a US phone number, such as (512) 555-0142',
      });
      return z.NEVER;
    }
    return formatted;
  });

// ---------------------------------------------------------------------------------------------------------
// The profile and its save

/** The fields a mover changes at once (published on save). */
export const PRO_PROFILE_DIRECT_FIELDS = [
  'description',
  'services',
  'service_area',
  'service_radius_miles',
  'phone',
  'website',
  'hours',
] as const;

/** The fields staff approve before they change (a new name or registration is a different company). */
export const PRO_REVIEWED_FIELDS = ['name', 'usdot_number', 'mc_number'] as const;
export type ProReviewedField = (typeof PRO_REVIEWED_FIELDS)[number];

export const PRO_PROFILE_FIELD_LABELS = {
  name: 'Company name',
  usdot_number: 'USDOT number',
  mc_number: 'MC number',
  description: 'Description',
  services: 'Services',
  service_area: 'Service area',
  service_radius_miles: 'Service radius (miles)',
  phone: 'Phone',
  website: 'Website',
  hours: 'Opening hours',
} as const;

const input = CompanyInputSchema.shape;

/**
 * PATCH /api/pro/companies/:companyId/profile: the fields to change (a missing one stays as it is; a blank
 * one is cleared) and the version of the profile they were edited from (409 with the profile as it is now
 * when someone saved since). A name, USDOT or MC number different from the listing's becomes a change request
 * for staff instead.
 */
export const ProProfileUpdateSchema = z.strictObject({
  version: recordVersion,
  name: input.name.optional(),
  usdot_number: input.usdot_number,
  mc_number: input.mc_number,
  description: input.description,
  services: input.services,
  service_area: input.service_area,
  service_radius_miles: input.service_radius_miles,
  phone: phoneField,
  website: input.website,
  hours: WeeklyHoursSchema.nullable().optional(),
});
export type ProProfileUpdate = z.output<typeof ProProfileUpdateSchema>;
export type ProProfileUpdateValues = z.input<typeof ProProfileUpdateSchema>;

/** What the form shows and edits: the listing's values as stored. */
export const ProProfileValuesSchema = z.object({
  name: z.string(),
  usdot_number: z.string().nullable(),
  mc_number: z.string().nullable(),
  description: z.string().nullable(),
  services: z.array(z.enum(SERVICE_IDS as unknown as [string, ...string[]])),
  service_area: z.string().nullable(),
  service_radius_miles: z.number().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  hours: WeeklyHoursSchema.nullable(),
});
export type ProProfileValues = z.infer<typeof ProProfileValuesSchema>;

export const CHANGE_REQUEST_STATUSES = ['pending', 'approved', 'declined'] as const;
export type ChangeRequestStatus = (typeof CHANGE_REQUEST_STATUSES)[number];

/** The reviewed fields a request asks to change, with their new values (null clears a number). */
export const ChangeRequestFieldsSchema = z.object({
  name: z.string().optional(),
  usdot_number: z.string().nullable().optional(),
  mc_number: z.string().nullable().optional(),
});
export type ChangeRequestFields = z.infer<typeof ChangeRequestFieldsSchema>;

export const ProChangeRequestSchema = z.object({
  id: z.number().int(),
  status: z.enum(CHANGE_REQUEST_STATUSES),
  changes: ChangeRequestFieldsSchema,
  before: ChangeRequestFieldsSchema,
  requestedBy: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
});
export type ProChangeRequest = z.infer<typeof ProChangeRequestSchema>;

export const COMPANY_IMAGE_KINDS = ['photo', 'logo'] as const;
export type CompanyImageKind = (typeof COMPANY_IMAGE_KINDS)[number];

export const CompanyImageSchema = z.object({
  id: z.number().int(),
  kind: z.enum(COMPANY_IMAGE_KINDS),
  /** The large variant's address (the logo's only one). */
  url: z.string(),
  /** The thumbnail's address (a photo's); the logo's own address for a logo. */
  thumbUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type CompanyImage = z.infer<typeof CompanyImageSchema>;

/** GET /api/pro/companies/:companyId/profile (and the answer of every save and image change). */
export const ProProfileSchema = z.object({
  companyId: z.number().int(),
  slug: z.string(),
  version: z.number().int(),
  values: ProProfileValuesSchema,
  logo: CompanyImageSchema.nullable(),
  photos: z.array(CompanyImageSchema),
  /**
   * Photos the profile shows from addresses our staff entered (not uploads), after the uploads: the mover may
   * remove them (they count towards the limit), not reorder them.
   */
  linkedPhotos: z.array(z.string()),
  /** The change to the name, USDOT or MC number waiting for staff, if any. */
  pendingChange: ProChangeRequestSchema.nullable(),
  /** The last decided one, so the mover sees a decline and its reason. */
  lastDecidedChange: ProChangeRequestSchema.nullable(),
});
export type ProProfile = z.infer<typeof ProProfileSchema>;

/** PUT /api/pro/companies/:companyId/photos/order: the photos' ids in their new order, every one once. */
export const PhotoOrderSchema = z.strictObject({
  ids: z
    .array(z.number().int().positive())
    .max(MAX_COMPANY_PHOTOS, `At most ${MAX_COMPANY_PHOTOS} photos`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each photo may be named once'),
});
export type PhotoOrder = z.infer<typeof PhotoOrderSchema>;

/** DELETE /api/pro/companies/:companyId/photos/linked?url=…: one of the profile's `linkedPhotos`. */
export const LinkedPhotoQuerySchema = z.strictObject({
  url: z
    .string({ message: 'Say which photo to remove' })
    .min(1, 'Say which photo to remove')
    .max(2000, 'That is not the address of one of your photos'),
});

// ---------------------------------------------------------------------------------------------------------
// Uploads and their addresses

/** The largest upload, in bytes. */
export const IMAGE_UPLOAD_MAX_BYTES = 8 * 1024 * 1024;
/** The most pixels an upload may have (a 40-megapixel camera's photo passes; a decompression bomb does not). */
export const IMAGE_UPLOAD_MAX_PIXELS = 40_000_000;
/** What the file picker offers; the server checks the content, not the name or this. */
export const IMAGE_UPLOAD_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';
export const MAX_PRO_PHOTOS = MAX_COMPANY_PHOTOS;

export const MEDIA_VARIANTS = ['photo', 'thumb', 'logo'] as const;
export type MediaVariant = (typeof MEDIA_VARIANTS)[number];

/** The address one variant of an uploaded image is served from. */
export const companyMediaPath = (imageId: number, variant: MediaVariant) =>
  `/media/companies/${imageId}-${variant}.webp`;

// ---------------------------------------------------------------------------------------------------------
// Staff's side: the queue of change requests

export const AdminChangeRequestSchema = ProChangeRequestSchema.extend({
  companyId: z.number().int(),
  companyName: z.string(),
  companySlug: z.string(),
  decidedBy: z.string().nullable(),
});
export type AdminChangeRequest = z.infer<typeof AdminChangeRequestSchema>;

export const AdminChangeRequestPageSchema = z.object({
  items: z.array(AdminChangeRequestSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  pending: z.number().int(),
});
export type AdminChangeRequestPage = z.infer<typeof AdminChangeRequestPageSchema>;

export const AdminChangeRequestListQuerySchema = z.object({
  status: z.enum([...CHANGE_REQUEST_STATUSES, 'all']).default('pending'),
  companyId: z.coerce.number().int().positive().optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminChangeRequestListQuery = z.infer<typeof AdminChangeRequestListQuerySchema>;

/** POST /api/admin/company-change-requests/:id/decline: the reason the mover reads. */
export const ChangeRequestDeclineSchema = z.strictObject({
  reason: z
    .string({ message: 'Say why the change is declined' })
    .trim()
    .min(3, 'Say why the change is declined, in a few words')
    .max(500, 'The reason must be at most 500 characters'),
});
