/**
 * The admin settings screen (/admin/settings): the site's name and support contacts, the lead backend's URL,
 * the partner sites (their site ids and the origins allowed to embed the widget: the CORS list), the admin
 * users, and changing one's own password. The forms validate with the same schemas as the server.
 */
import { z } from 'zod';
import { intParam } from './query-params';
import { EMAIL_PATTERN, PHONE_DIGITS } from './lead';
import { fieldLabel, plainText } from './text';
import { requiredText } from './required-text';
import { trimTrailingSlashes } from './paths';
import { recordVersion } from './record-version-schema';
import { ADMIN_ROLES } from './admin-policy';

/** What the public site showed before settings existed (directory/src/config/site.ts): the defaults. */
export const DEFAULT_SUPPORT_EMAIL = 'support@moveratlas.example';
export const DEFAULT_SUPPORT_PHONE = '3125550100';

/** New admin passwords: at least this long, and not a common password (checked by the server). */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;
export const ADMIN_PASSWORD_MAX_LENGTH = 256;

const order = z
  .enum(['asc', 'desc'], { message: 'Order must be asc or desc' })
  .optional()
  .default('asc');

const text = (field: string, min: number, max: number) =>
  plainText(requiredText(field, min, max), fieldLabel(field));

// ---------------------------------------------------------------------------------------------------------
// Site settings

/**
 * The lead backend's base URL: http(s), a host, no credentials, query or fragment; the trailing slash is
 * dropped, since the backend's paths (/send_lead …) are appended to it. Empty (or null) means none stored.
 */
export const leadBackendUrlSchema = z
  .string({ message: 'Lead backend URL must be a URL or empty' })
  .trim()
  .max(300, 'Lead backend URL must be at most 300 characters')
  .nullable()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === null || value === '') return null;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({
        code: 'custom',
        message: 'Lead backend URL must be a full URL such as https://functions.example',
      });
      return z.NEVER;
    }
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname) {
      ctx.addIssue({
        code: 'custom',
        message: 'Lead backend URL must start with https:// or http://',
      });
      return z.NEVER;
    }
    if (url.username || url.password || url.search || url.hash) {
      ctx.addIssue({
        code: 'custom',
        message: 'Lead backend URL must not contain credentials, a query string or a fragment',
      });
      return z.NEVER;
    }
    return trimTrailingSlashes(`${url.origin}${url.pathname}`);
  });

/** A US phone number written any usual way; kept as its 10 digits. */
const phoneSchema = z
  .string({ message: 'Support phone is required' })
  .trim()
  .min(1, 'Support phone is required')
  .max(40, `Support phone must have exactly ${PHONE_DIGITS} digits`)
  .refine(
    (v) => /^[\d\s().+-]+$/.test(v),
    'Support phone may contain only digits, spaces and ( ) . + -',
  )
  .transform((v) => v.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, ''))
  .refine(
    (v) => v.length === PHONE_DIGITS,
    `Support phone must have exactly ${PHONE_DIGITS} digits`,
  );

export const SiteSettingsSchema = z.object({
  siteName: z.string(),
  supportEmail: z.string(),
  /** 10 digits; shown as (XXX) XXX-XXXX (formatPhone). */
  supportPhone: z.string(),
  /** null: leads stay in our own database (the built-in backend). */
  leadBackendUrl: z.string().nullable(),
});
export type SiteSettingValues = z.infer<typeof SiteSettingsSchema>;

/** PUT /api/admin/settings/site: every field; an empty leadBackendUrl returns to the server's configuration. */
export const SiteSettingsUpdateSchema = z.strictObject({
  siteName: text('siteName', 2, 80),
  supportEmail: z
    .string({ message: 'Support e-mail is required' })
    .trim()
    .min(1, 'Support e-mail is required')
    .max(254, 'Support e-mail must be at most 254 characters')
    .refine((v) => EMAIL_PATTERN.test(v), 'Support e-mail must be a valid e-mail address'),
  supportPhone: phoneSchema,
  leadBackendUrl: leadBackendUrlSchema,
  /** The version the form was loaded at (0: never saved); a newer one answers 409 (decision 028). */
  version: z
    .number({ message: 'The settings’ version is required: reload them and save again' })
    .int('The settings’ version must be a whole number')
    .min(0, 'The settings’ version must be at least 0'),
});
export type SiteSettingsUpdate = z.input<typeof SiteSettingsUpdateSchema>;

/** The site settings in words, for the merge panel and the 409's `changed` list. */
export const SITE_SETTING_LABELS = {
  siteName: 'Site name',
  supportEmail: 'Support e-mail',
  supportPhone: 'Support phone',
  leadBackendUrl: 'Lead backend URL',
} as const;

/** GET and PUT /api/admin/settings/site */
export const SiteSettingsResponseSchema = z.object({
  /** What the site uses now: the stored values over the defaults. */
  settings: SiteSettingsSchema,
  /** The server's configuration (SITE_NAME, LEAD_BACKEND_URL) and the built-in contacts. */
  defaults: SiteSettingsSchema,
  /** Whether a stored lead backend URL overrides LEAD_BACKEND_URL. */
  leadBackendOverridden: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  /**
   * When the site name pushes page titles past 60 characters (search results cut them): the longest one
   * (siteNameTitleCheck). The name is accepted; this says what it costs.
   */
  titleWarning: z
    .object({
      longestTitle: z.string(),
      length: z.number().int(),
      pagesOver: z.number().int(),
      pages: z.number().int(),
      limit: z.number().int(),
    })
    .nullable(),
  /** Raised by every save; 0 before the first (decision 028). */
  version: z.number().int(),
});
export type SiteSettingsResponse = z.infer<typeof SiteSettingsResponseSchema>;

// ---------------------------------------------------------------------------------------------------------
// Partners

export const PARTNER_SITE_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const PARTNER_ORIGINS_MAX = 50;

/**
 * One allowed origin: scheme://host[:port] and nothing else (a single trailing slash is forgiven), kept as the
 * browser sends it in the Origin header: lowercase host, default port dropped.
 */
export const partnerOriginSchema = z
  .string()
  .trim()
  .max(200, 'An origin must be at most 200 characters')
  .transform((value, ctx) => {
    const fail = () => {
      ctx.addIssue({
        code: 'custom',
        message: `"${value.slice(0, 80)}" is not an origin: write scheme://host[:port], e.g. https://partner.example`,
      });
      return z.NEVER;
    };
    if (!/^https?:\/\/[^/?#@\s]+\/?$/i.test(value)) return fail();
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return fail();
    }
    if (!url.hostname) return fail();
    return url.origin;
  });

const originList = z
  .array(partnerOriginSchema, { message: 'Allowed origins must be a list of origins' })
  .max(PARTNER_ORIGINS_MAX, `Allowed origins may list at most ${PARTNER_ORIGINS_MAX} origins`)
  .transform((origins) => [...new Set(origins)]);

export const PartnerCreateSchema = z.strictObject({
  siteId: z
    .string({ message: 'Site ID is required' })
    .trim()
    .min(2, 'Site ID must be at least 2 characters')
    .max(64, 'Site ID must be at most 64 characters')
    .regex(PARTNER_SITE_ID_PATTERN, 'Site ID must be lowercase letters, digits and single hyphens'),
  name: text('name', 2, 160),
  allowedOrigins: originList,
  active: z.boolean({ message: 'Active must be true or false' }).optional().default(true),
});
export type PartnerCreate = z.input<typeof PartnerCreateSchema>;

/** PATCH /api/admin/partners/:siteId — the site id itself never changes: leads are attributed to it. */
export const PartnerUpdateSchema = z
  .strictObject({
    name: text('name', 2, 160).optional(),
    allowedOrigins: originList.optional(),
    active: z.boolean({ message: 'Active must be true or false' }).optional(),
    /** The version the dialog was opened on (decision 028). */
    version: recordVersion,
  })
  .refine(
    (v) => Object.keys(v).some((key) => key !== 'version'),
    'Nothing to change: send a new name, allowed origins or whether the partner is active',
  );
export type PartnerUpdate = z.input<typeof PartnerUpdateSchema>;

/** A partner's editable fields in words, for the merge panel and the 409's `changed` list. */
export const PARTNER_FIELD_LABELS = {
  name: 'Name',
  allowedOrigins: 'Allowed origins',
  active: 'Active',
} as const;

export const AdminPartnerSchema = z.object({
  siteId: z.string(),
  name: z.string(),
  allowedOrigins: z.array(z.string()),
  active: z.boolean(),
  /** The directory's own site: it cannot be deactivated, and its origins are the server's own. */
  isOwnSite: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Raised by every change; an edit sends the one it was based on (decision 028). */
  version: z.number().int(),
});
export type AdminPartner = z.infer<typeof AdminPartnerSchema>;

export const PARTNER_SORTS = ['siteId', 'name', 'updatedAt'] as const;

export const PartnerListQuerySchema = z.strictObject({
  limit: intParam('limit', 1, 100, 20),
  offset: intParam('offset', 0, 1_000_000, 0),
  sort: z
    .enum(PARTNER_SORTS, { message: `Sort must be one of: ${PARTNER_SORTS.join(', ')}` })
    .optional()
    .default('siteId'),
  order,
  q: z.string().trim().max(100, 'Search must be at most 100 characters').optional().default(''),
  active: z.enum(['true', 'false'], { message: 'Active must be true or false' }).optional(),
});
export type PartnerListQuery = z.input<typeof PartnerListQuerySchema>;

export const PartnerListSchema = z.object({
  partners: z.array(AdminPartnerSchema),
  total: z.number().int().nonnegative(),
});
export type PartnerList = z.infer<typeof PartnerListSchema>;

// ---------------------------------------------------------------------------------------------------------
// Admin users

export const ADMIN_USERNAME_PATTERN = /^[A-Za-z0-9._@-]+$/;

const newPassword = (field: string) =>
  z
    .string({ message: `${fieldLabel(field)} is required` })
    .min(
      ADMIN_PASSWORD_MIN_LENGTH,
      `${fieldLabel(field)} must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters`,
    )
    .max(
      ADMIN_PASSWORD_MAX_LENGTH,
      `${fieldLabel(field)} must be at most ${ADMIN_PASSWORD_MAX_LENGTH} characters`,
    );

export const AdminRoleSchema = z.enum(ADMIN_ROLES, {
  message: `The role must be one of: ${ADMIN_ROLES.join(', ')}`,
});

export const AdminUserCreateSchema = z.strictObject({
  username: z
    .string({ message: 'Username is required' })
    .trim()
    .min(3, 'Username must be at least 3 characters')
    .max(64, 'Username must be at most 64 characters')
    .regex(ADMIN_USERNAME_PATTERN, 'Username may contain only letters, digits and . _ @ -'),
  password: newPassword('password'),
  /** Least privilege when not said: a new admin reads until an owner gives it more. */
  role: AdminRoleSchema.optional().default('viewer'),
});
export type AdminUserCreate = z.input<typeof AdminUserCreateSchema>;

/** PATCH /api/admin/settings/admin-users/:id: an owner changes another admin's role. */
export const AdminUserUpdateSchema = z.strictObject({ role: AdminRoleSchema });
export type AdminUserUpdate = z.infer<typeof AdminUserUpdateSchema>;

export const AdminUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.enum(ADMIN_ROLES),
  createdAt: z.string(),
  /** Sessions signed in and not yet ended or expired. */
  activeSessions: z.number().int().nonnegative(),
  /** The latest request of any of its sessions (to the minute), null when none is live. */
  lastSeenAt: z.string().nullable(),
  /** The admin making the request. */
  isYou: z.boolean(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const ADMIN_USER_SORTS = ['username', 'createdAt'] as const;

export const AdminUserListQuerySchema = z.strictObject({
  limit: intParam('limit', 1, 100, 20),
  offset: intParam('offset', 0, 1_000_000, 0),
  sort: z
    .enum(ADMIN_USER_SORTS, { message: `Sort must be one of: ${ADMIN_USER_SORTS.join(', ')}` })
    .optional()
    .default('username'),
  order,
  q: z.string().trim().max(64, 'Search must be at most 64 characters').optional().default(''),
});
export type AdminUserListQuery = z.input<typeof AdminUserListQuerySchema>;

export const AdminUserListSchema = z.object({
  users: z.array(AdminUserSchema),
  total: z.number().int().nonnegative(),
});
export type AdminUserList = z.infer<typeof AdminUserListSchema>;

/** POST /api/admin/account/password */
export const PasswordChangeSchema = z
  .strictObject({
    currentPassword: z
      .string({ message: 'Current password is required' })
      .min(1, 'Current password is required')
      .max(ADMIN_PASSWORD_MAX_LENGTH, 'Current password is too long'),
    newPassword: newPassword('newPassword'),
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    message: 'New password must differ from the current password',
    path: ['newPassword'],
  });
export type PasswordChange = z.input<typeof PasswordChangeSchema>;

export const PasswordChangeResponseSchema = z.object({
  ok: z.literal(true),
  /** How many other sessions of this admin were signed out. */
  endedSessions: z.number().int().nonnegative(),
});
export type PasswordChangeResponse = z.infer<typeof PasswordChangeResponseSchema>;
