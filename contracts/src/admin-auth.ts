/**
 * The admin sign-in contract (spec 2.5, 4.3, 5, 7.2): login, logout and the auth-status check, and the names of
 * the session and CSRF cookies. The login form and POST /api/login validate with the same schema.
 */
import { z } from 'zod';
import { ADMIN_ROLES } from './admin-policy';

/** httpOnly, SameSite=Strict: the server-side session's id. Renewed at every login. */
export const ADMIN_SESSION_COOKIE = 'ma_session';
/** Readable by our own pages (not httpOnly): the session's CSRF token, echoed in CSRF_HEADER on every write. */
export const CSRF_COOKIE = 'ma_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';
/** httpOnly, SameSite=Strict: this browser signed in as an admin before (OWASP's device cookie). */
export const DEVICE_COOKIE = 'ma_device';

/**
 * Over HTTPS the admin cookies carry this prefix (`__Host-ma_session`, …): the browser then takes them only
 * Secure, for Path=/, with no Domain, so neither a sibling subdomain nor a plain-http page can set or
 * overwrite them. Over plain http (local development) browsers refuse the prefix, so the bare names are used.
 */
export const SECURE_COOKIE_PREFIX = '__Host-';

/** The name an admin cookie has over HTTPS (`secure`) or plain http. */
export const adminCookieName = (name: string, secure: boolean) =>
  secure ? `${SECURE_COOKIE_PREFIX}${name}` : name;

/** One cookie's value out of a Cookie header (or document.cookie); undefined when absent. */
export function cookieFromHeader(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return undefined;
}

/** The CSRF token our pages echo in CSRF_HEADER: from the `__Host-` cookie over HTTPS, else the bare one. */
export const csrfTokenFromCookies = (cookies: string | undefined) =>
  cookieFromHeader(cookies, adminCookieName(CSRF_COOKIE, true)) ??
  cookieFromHeader(cookies, CSRF_COOKIE);

export const loginRequestSchema = z.object({
  username: z.string().trim().min(3, 'Username must be at least 3 characters').max(64),
  password: z.string().min(6, 'Password must be at least 6 characters').max(256),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  ok: z.literal(true),
  username: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const authStatusSchema = z.object({
  isAuthenticated: z.boolean(),
  username: z.string().optional(),
  /** The signed-in admin's role: the screens hide what it cannot do (the server checks it anyway). */
  role: z.enum(ADMIN_ROLES).optional(),
});
export type AuthStatus = z.infer<typeof authStatusSchema>;
