/**
 * The admin sign-in contract (spec 2.5, 4.3, 5, 7.2): login, logout and the auth-status check, and the names of
 * the session and CSRF cookies. The login form and POST /api/login validate with the same schema.
 */
import { z } from 'zod';

/** httpOnly, SameSite=Strict: the server-side session's id. Renewed at every login. */
export const ADMIN_SESSION_COOKIE = 'ma_session';
/** Readable by our own pages (not httpOnly): the session's CSRF token, echoed in CSRF_HEADER on every write. */
export const CSRF_COOKIE = 'ma_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';

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
});
export type AuthStatus = z.infer<typeof authStatusSchema>;
