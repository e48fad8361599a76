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
import { ADMIN_ROLES } from './admin-policy';

/** What the public site showed before settings existed (directory/src/config/site.ts): the defaults. */
export const DEFAULT_SUPPORT_EMAIL = 'support@moveratlas.example';
export const DEFAULT_SUPPORT_PHONE = '3125550100';

/** New admin passwords: at least this long, and not a common password (checked by the server). */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;
export const ADMIN_PASSWORD_MAX_LENGTH = 256;

const order = z
  .enum(['asc', 'desc'], { message: 'order must be asc or desc' })
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
  .string({ message: 'leadBackendUrl must be a URL or empty' })
  .trim()
  .max(300, 'leadBackendUrl must be at most 300 characters')
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
        message: 'leadBackendUrl must be a full URL such as https://functions.example',
      });
      return z.NEVER;
    }
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname) {
      ctx.addIssue({
        code: 'custom',
        message: 'leadBackendUrl must start with https:// or http://',
      });
      return z.NEVER;
    }
    if (url.username || url.password || url.search || url.hash) {
      ctx.addIssue({
        code: 'custom',
        message: 'leadBackendUrl must not contain credentials, a query string or a fragment',
      });
      return z.NEVER;
    }
    return trimTrailingSlashes(`${url.origin}${url.pathname}`);
  });

/** A US phone number written any usual way; kept as its 10 digits. */
const phoneSchema = z
  .string({ message: 'supportPhone is required' })
  .trim()
  .min(1, 'supportPhone is required')
  .max(40, `supportPhone must have exactly ${PHONE_DIGITS} digits`)
  .refine(
    (v) => /^[\d\s().+-]+$/.test(v),
    'supportPhone may contain only digits, spaces and ( ) . + -',
  )
  .transform((v) => v.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, ''))
  .refine(
    (v) => v.length === PHONE_DIGITS,
    `supportPhone must have exactly ${PHONE_DIGITS} digits`,
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
    .string({ message: 'supportEmail is required' })
    .trim()
    .min(1, 'supportEmail is required')
    .max(254, 'supportEmail must be at most 254 characters')
    .refine((v) => EMAIL_PATTERN.test(v), 'supportEmail must be a valid e-mail address'),
  supportPhone: phoneSchema,
  leadBackendUrl: leadBackendUrlSchema,
});
export type SiteSettingsUpdate = z.input<typeof SiteSettingsUpdateSchema>;

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
  .max(200, 'an origin must be at most 200 characters')
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
  .array(partnerOriginSchema, { message: 'allowedOrigins must be a list of origins' })
  .max(PARTNER_ORIGINS_MAX, `allowedOrigins may list at most ${PARTNER_ORIGINS_MAX} origins`)
  .transform((origins) => [...new Set(origins)]);

export const PartnerCreateSchema = z.strictObject({
  siteId: z
    .string({ message: 'siteId is required' })
    .trim()
    .min(2, 'siteId must be at least 2 characters')
    .max(64, 'siteId must be at most 64 characters')
    .regex(PARTNER_SITE_ID_PATTERN, 'siteId must be lowercase letters, digits and single hyphens'),
  name: text('name', 2, 160),
  allowedOrigins: originList,
  active: z.boolean({ message: 'active must be true or false' }).optional().default(true),
});
export type PartnerCreate = z.input<typeof PartnerCreateSchema>;

/** PATCH /api/admin/partners/:siteId — the site id itself never changes: leads are attributed to it. */
export const PartnerUpdateSchema = z
  .strictObject({
    name: text('name', 2, 160).optional(),
    allowedOrigins: originList.optional(),
    active: z.boolean({ message: 'active must be true or false' }).optional(),
  })
  .refine(
    (v) => Object.keys(v).length > 0,
    'Nothing to change: send name, allowedOrigins or active',
  );
export type PartnerUpdate = z.input<typeof PartnerUpdateSchema>;

export const AdminPartnerSchema = z.object({
  siteId: z.string(),
  name: z.string(),
  allowedOrigins: z.array(z.string()),
  active: z.boolean(),
  /** The directory's own site: it cannot be deactivated, and its origins are the server's own. */
  isOwnSite: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminPartner = z.infer<typeof AdminPartnerSchema>;

export const PARTNER_SORTS = ['siteId', 'name', 'updatedAt'] as const;

export const PartnerListQuerySchema = z.strictObject({
  limit: intParam('limit', 1, 100, 20),
  offset: intParam('offset', 0, 1_000_000, 0),
  sort: z
    .enum(PARTNER_SORTS, { message: `sort must be one of: ${PARTNER_SORTS.join(', ')}` })
    .optional()
    .default('siteId'),
  order,
  q: z.string().trim().max(100, 'q must be at most 100 characters').optional().default(''),
  active: z.enum(['true', 'false'], { message: 'active must be true or false' }).optional(),
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
    .string({ message: `${field} is required` })
    .min(
      ADMIN_PASSWORD_MIN_LENGTH,
      `${field} must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters`,
    )
    .max(
      ADMIN_PASSWORD_MAX_LENGTH,
      `${field} must be at most ${ADMIN_PASSWORD_MAX_LENGTH} characters`,
    );

export const AdminRoleSchema = z.enum(ADMIN_ROLES, {
  message: `role must be one of: ${ADMIN_ROLES.join(', ')}`,
});

export const AdminUserCreateSchema = z.strictObject({
  username: z
    .string({ message: 'username is required' })
    .trim()
    .min(3, 'username must be at least 3 characters')
    .max(64, 'username must be at most 64 characters')
    .regex(ADMIN_USERNAME_PATTERN, 'username may contain only letters, digits and . _ @ -'),
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
    .enum(ADMIN_USER_SORTS, { message: `sort must be one of: ${ADMIN_USER_SORTS.join(', ')}` })
    .optional()
    .default('username'),
  order,
  q: z.string().trim().max(64, 'q must be at most 64 characters').optional().default(''),
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
      .string({ message: 'currentPassword is required' })
      .min(1, 'currentPassword is required')
      .max(ADMIN_PASSWORD_MAX_LENGTH, 'currentPassword is too long'),
    newPassword: newPassword('newPassword'),
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    message: 'newPassword must differ from the current password',
    path: ['newPassword'],
  });
export type PasswordChange = z.input<typeof PasswordChangeSchema>;

export const PasswordChangeResponseSchema = z.object({
  ok: z.literal(true),
  /** How many other sessions of this admin were signed out. */
  endedSessions: z.number().int().nonnegative(),
});
export type PasswordChangeResponse = z.infer<typeof PasswordChangeResponseSchema>;
