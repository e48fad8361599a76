/**
 * POST /api/login, POST /api/logout, GET /api/auth/status (spec 7.2). Login answers the same 401 for an
 * unknown username and a wrong password, after the same argon2 work, so neither the message nor the timing
 * tells which usernames exist. None of these answers may be cached anywhere. Logout is POST only: a GET
 * must change nothing, or any stored link or image path (`<img src="/api/logout">`) would sign staff out.
 */
import { Router, type RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import {
  CSRF_HEADER,
  loginRequestSchema,
  type AuthStatus,
  type LoginResponse,
} from '@moveratlas/contracts';
import type { Config } from '../../config';
import { HttpError } from '../../lib/http-error';
import { parseInput } from '../../lib/validate';
import {
  clearSessionCookies,
  readDeviceCookie,
  readSessionCookie,
  setDeviceCookie,
  setSessionCookies,
} from './cookies';
import { issueDevice } from './devices';
import { LoginThrottle } from './login-throttle';
import { hashPassword, needsRehash, verifyPassword } from './passwords';
import {
  createSession,
  destroySession,
  findSession,
  purgeExpiredSessions,
  tokensMatch,
} from './sessions';

export interface AuthContext {
  config: Config;
  db: Knex;
  logger: Logger;
}

export const INVALID_CREDENTIALS = 'Invalid username or password';

/** Private answers: no browser, proxy or our own response cache keeps them. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

let dummyHash: Promise<string> | undefined;
/** A hash of nothing anyone knows, verified against when the username is unknown, to spend the same time. */
const hashForUnknownUsers = () => (dummyHash ??= hashPassword(crypto.randomUUID()));

interface AdminRow {
  id: number;
  username: string;
  password_hash: string;
}

export function authRoutes({ config, db, logger }: AuthContext): Router {
  const router = Router();
  const throttle = new LoginThrottle(db, config.adminAuth);
  const timeouts = config.adminAuth;

  router.post('/login', noStore, async (req, res) => {
    // A missing field reads as empty, so it gets the form's own message ('… at least 3 characters').
    const body: unknown = { username: '', password: '', ...(req.body as object | undefined) };
    const { username, password } = parseInput(loginRequestSchema, body, 'body');
    const attempt = await throttle.begin(username, req.ip, readDeviceCookie(config, req));
    const admin = (await db('admin_users')
      .where({ username })
      .first('id', 'username', 'password_hash')) as AdminRow | undefined;
    const valid = await verifyPassword(
      admin?.password_hash ?? (await hashForUnknownUsers()),
      password,
    );
    if (!admin || !valid) {
      logger.warn(
        { username, ip: req.ip, knownDevice: attempt.device !== undefined },
        'admin login failed',
      );
      throw new HttpError(401, INVALID_CREDENTIALS);
    }
    await attempt.succeeded();
    if (needsRehash(admin.password_hash)) {
      await db('admin_users')
        .where({ id: admin.id })
        .update({ password_hash: await hashPassword(password), updated_at: db.fn.now() });
    }
    // A new session id at every login: whatever id the browser had before (planted or old) is ended.
    await destroySession(db, readSessionCookie(config, req));
    await purgeExpiredSessions(db, timeouts);
    const session = await createSession(db, timeouts, {
      adminId: Number(admin.id),
      ip: req.ip,
      userAgent: req.get('user-agent'),
    });
    setSessionCookies(config, req, res, session);
    // This browser is now a known device of this admin: its next logins pass whatever others try.
    setDeviceCookie(config, req, res, await issueDevice(db, Number(admin.id), attempt.device));
    logger.info(
      { username: admin.username, ip: req.ip, knownDevice: attempt.device !== undefined },
      'admin logged in',
    );
    const answer: LoginResponse = { ok: true, username: admin.username };
    res.json(answer);
  });

  router.get('/logout', noStore, () => {
    throw new HttpError(405, 'Use POST to log out', { Allow: 'POST' });
  });
  router.post('/logout', noStore, async (req, res) => {
    const id = readSessionCookie(config, req);
    // A write like any other: the session's token must come with it.
    const session = await findSession(db, timeouts, id);
    const token = req.get(CSRF_HEADER);
    if (session && !(token && tokensMatch(token, session.csrfToken)))
      throw new HttpError(403, 'Missing or invalid CSRF token');
    await destroySession(db, id);
    clearSessionCookies(config, req, res);
    res.json({ ok: true });
  });

  router.get('/auth/status', noStore, async (req, res) => {
    const id = readSessionCookie(config, req);
    const session = await findSession(db, timeouts, id);
    if (!session && id !== undefined) clearSessionCookies(config, req, res);
    const status: AuthStatus = session
      ? { isAuthenticated: true, username: session.username, role: session.role }
      : { isAuthenticated: false };
    res.json(status);
  });

  return router;
}
