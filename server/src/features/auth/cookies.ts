/**
 * The admin cookies (contracts/admin-auth.ts): the session id, httpOnly so no script can read it, and the
 * CSRF token, readable by our own pages so they can echo it in a header. Both SameSite=Strict, so no other
 * site's page or link sends them, and Secure whenever the site is served over HTTPS.
 */
import type { CookieOptions, Request, Response } from 'express';
import { ADMIN_SESSION_COOKIE, CSRF_COOKIE } from '@moveratlas/contracts';
import type { Config } from '../../config';

/** Reads one cookie from the request's Cookie header (no cookie-parser: two cookies are all we read). */
export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
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

/** HTTPS as the client sees it: the request itself (req.secure honours trust proxy) or the public URL. */
function isHttps(config: Config, req: Request): boolean {
  return req.secure || config.publicUrl?.startsWith('https://') === true;
}

function baseOptions(config: Config, req: Request): CookieOptions {
  return { path: '/', sameSite: 'strict', secure: isHttps(config, req) };
}

export function setSessionCookies(
  config: Config,
  req: Request,
  res: Response,
  session: { id: string; csrfToken: string },
): void {
  // The browser forgets both at the session's absolute end; the server enforces it regardless.
  const options = { ...baseOptions(config, req), maxAge: config.adminAuth.absoluteTimeoutMs };
  res.cookie(ADMIN_SESSION_COOKIE, session.id, { ...options, httpOnly: true });
  res.cookie(CSRF_COOKIE, session.csrfToken, { ...options, httpOnly: false });
}

export function clearSessionCookies(config: Config, req: Request, res: Response): void {
  const options = baseOptions(config, req);
  res.clearCookie(ADMIN_SESSION_COOKIE, { ...options, httpOnly: true });
  res.clearCookie(CSRF_COOKIE, { ...options, httpOnly: false });
}
