/**
 * The movers' sign-in contract (issue 17): /pro/login and the /api/pro account endpoints, the cookies, and
 * what GET /api/pro/auth/status answers. A mover's session is not an admin's: its own cookies (the admin's
 * are never read at /api/pro, nor these at /api/admin). The forms and the server validate with the same
 * schemas, so the messages a person reads are the same on both sides.
 */
import { z } from 'zod';
import { adminCookieName, cookieFromHeader } from './admin-auth';

/** httpOnly, SameSite=Strict: a mover's server-side session id. `__Host-` over HTTPS (adminCookieName). */
export const PRO_SESSION_COOKIE = 'ma_pro_session';
/** Readable by our own pages: the mover session's CSRF token, echoed in CSRF_HEADER on every write. */
export const PRO_CSRF_COOKIE = 'ma_pro_csrf';

/** The CSRF token of the mover's session, from the `__Host-` cookie over HTTPS, else the bare one. */
export const proCsrfTokenFromCookies = (cookies: string | undefined) =>
  cookieFromHeader(cookies, adminCookieName(PRO_CSRF_COOKIE, true)) ??
  cookieFromHeader(cookies, PRO_CSRF_COOKIE);

export const COMPANY_USER_ROLES = ['owner', 'staff'] as const;
export type CompanyUserRole = (typeof COMPANY_USER_ROLES)[number];
export const COMPANY_USER_ROLE_LABELS: Record<CompanyUserRole, string> = {
  owner: 'Owner',
  staff: 'Staff',
};

/** An e-mail address as accounts keep it: trimmed and lower-case, so one mailbox is one account. */
export const moverEmailSchema = z
  .string()
  .trim()
  .min(1, 'Enter your e-mail address')
  .max(254, 'That e-mail address is too long')
  .email('Enter a valid e-mail address, like name@example.com')
  .transform((email) => email.toLowerCase());

export const moverNameSchema = z
  .string()
  .trim()
  .min(2, 'Enter your name')
  .max(120, 'Your name can be at most 120 characters');

/** A new password's length; its strength is judged by the server (zxcvbn), which says why in plain words. */
export const moverNewPasswordSchema = z
  .string()
  .min(12, 'Your password must be at least 12 characters')
  .max(256, 'Your password can be at most 256 characters');

export const proLoginRequestSchema = z.object({
  email: moverEmailSchema,
  password: z.string().min(1, 'Enter your password').max(256, 'That password is too long'),
});
export type ProLoginRequest = z.input<typeof proLoginRequestSchema>;

export const proForgotPasswordSchema = z.object({ email: moverEmailSchema });
export type ProForgotPasswordRequest = z.input<typeof proForgotPasswordSchema>;

/** A single-use e-mailed link's secret: 43 base64url characters. */
export const moverLinkTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not complete: open it again from the e-mail');

export const proResetPasswordSchema = z.object({
  token: moverLinkTokenSchema,
  password: moverNewPasswordSchema,
});
export type ProResetPasswordRequest = z.input<typeof proResetPasswordSchema>;

export const proChangePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'Enter your current password').max(256),
  newPassword: moverNewPasswordSchema,
});
export type ProChangePasswordRequest = z.input<typeof proChangePasswordSchema>;

export const proUserSchema = z.object({ id: z.number(), email: z.string(), name: z.string() });
export type ProUser = z.infer<typeof proUserSchema>;

export const proCompanySchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  role: z.enum(COMPANY_USER_ROLES),
});
export type ProCompany = z.infer<typeof proCompanySchema>;

export const proAuthStatusSchema = z.discriminatedUnion('isAuthenticated', [
  z.object({ isAuthenticated: z.literal(false) }),
  z.object({
    isAuthenticated: z.literal(true),
    user: proUserSchema,
    companies: z.array(proCompanySchema),
  }),
]);
export type ProAuthStatus = z.infer<typeof proAuthStatusSchema>;

export const proLoginResponseSchema = z.object({ ok: z.literal(true), user: proUserSchema });
export type ProLoginResponse = z.infer<typeof proLoginResponseSchema>;

/** The words of the sign-in's refusals, one place for the form's tests and the server's. */
export const PRO_INVALID_CREDENTIALS = 'Wrong e-mail address or password';
export const PRO_LINK_USED_OR_EXPIRED =
  'This link has expired or was already used. Ask for a new one.';
