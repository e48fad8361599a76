/**
 * The admin cookies (contracts/admin-auth.ts): the session id, httpOnly so no script can read it; the CSRF
 * token, readable by our own pages so they can echo it in a header; the device id (devices.ts), httpOnly.
 * All SameSite=Strict, so no other site's page or link sends them. Over HTTPS they are Secure and named
 * with the `__Host-` prefix, so no subdomain or plain-http page can plant or overwrite them; over plain
 * http (local development) the browser refuses that prefix, and they keep their bare names. A request is
 * read by the names of its own scheme only, so a bare cookie planted beside an HTTPS site is never used.
 */
import type { CookieOptions, Request, Response } from 'express';
import {
  ADMIN_SESSION_COOKIE,
  CSRF_COOKIE,
  DEVICE_COOKIE,
  adminCookieName,
  cookieFromHeader,
} from '@moveratlas/contracts';
import type { Config } from '../../config';
import { DEVICE_TTL_MS } from './devices';

/** Reads one cookie from the request's Cookie header by its exact name. */
export function readCookie(req: Request, name: string): string | undefined {
  return cookieFromHeader(req.headers.cookie, name);
}

/** HTTPS as the client sees it: the request itself (req.secure honours trust proxy) or the public URL. */
function isHttps(config: Config, req: Request): boolean {
  return req.secure || config.publicUrl?.startsWith('https://') === true;
}

/** A cookie of ours by its bare name, under the name this request's scheme uses (`__Host-` over HTTPS). */
export const readOwnCookie = (config: Config, req: Request, name: string) =>
  readCookie(req, adminCookieName(name, isHttps(config, req)));

/** The session cookie's value, under the name this request's scheme uses. */
export const readSessionCookie = (config: Config, req: Request) =>
  readOwnCookie(config, req, ADMIN_SESSION_COOKIE);

export const readDeviceCookie = (config: Config, req: Request) =>
  readCookie(req, adminCookieName(DEVICE_COOKIE, isHttps(config, req)));

function baseOptions(config: Config, req: Request): CookieOptions {
  // `__Host-` requires exactly this: Secure, Path=/ and no Domain.
  return { path: '/', sameSite: 'strict', secure: isHttps(config, req) };
}

const named = (config: Config, req: Request, name: string) =>
  adminCookieName(name, isHttps(config, req));

/** A kind of session's two cookies (the admin's, the movers'), by their bare names. */
export interface SessionCookieNames {
  session: string;
  csrf: string;
}

const ADMIN_COOKIES: SessionCookieNames = { session: ADMIN_SESSION_COOKIE, csrf: CSRF_COOKIE };

/** Sets a session's id (httpOnly) and CSRF token (readable by our pages) cookies. */
export function setSessionCookiePair(
  config: Config,
  req: Request,
  res: Response,
  names: SessionCookieNames,
  session: { id: string; csrfToken: string },
  maxAgeMs: number,
): void {
  // The browser forgets both at the session's absolute end; the server enforces it regardless.
  const options = { ...baseOptions(config, req), maxAge: maxAgeMs };
  res.cookie(named(config, req, names.session), session.id, { ...options, httpOnly: true });
  res.cookie(named(config, req, names.csrf), session.csrfToken, { ...options, httpOnly: false });
}

export function clearSessionCookiePair(
  config: Config,
  req: Request,
  res: Response,
  names: SessionCookieNames,
): void {
  const options = baseOptions(config, req);
  res.clearCookie(named(config, req, names.session), { ...options, httpOnly: true });
  res.clearCookie(named(config, req, names.csrf), { ...options, httpOnly: false });
}

export const setSessionCookies = (
  config: Config,
  req: Request,
  res: Response,
  session: { id: string; csrfToken: string },
) =>
  setSessionCookiePair(
    config,
    req,
    res,
    ADMIN_COOKIES,
    session,
    config.adminAuth.absoluteTimeoutMs,
  );

export function setDeviceCookie(config: Config, req: Request, res: Response, token: string): void {
  res.cookie(named(config, req, DEVICE_COOKIE), token, {
    ...baseOptions(config, req),
    maxAge: DEVICE_TTL_MS,
    httpOnly: true,
  });
}

export const clearSessionCookies = (config: Config, req: Request, res: Response) =>
  clearSessionCookiePair(config, req, res, ADMIN_COOKIES);
