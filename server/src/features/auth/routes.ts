/**
 * POST /api/login, GET and POST /api/logout, GET /api/auth/status (spec 7.2). Login answers the same 401 for
 * an unknown username and a wrong password, after the same argon2 work, so neither the message nor the
 * timing tells which usernames exist. None of these answers may be cached anywhere.
 */
import { Router, type Request, type RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import {
  ADMIN_SESSION_COOKIE,
  CSRF_HEADER,
  loginRequestSchema,
  type AuthStatus,
  type LoginResponse,
} from '@moveratlas/contracts';
import type { Config } from '../../config';
import { HttpError } from '../../lib/http-error';
import { parseInput } from '../../lib/validate';
import { clearSessionCookies, readCookie, setSessionCookies } from './cookies';
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
    const attempt = await throttle.begin(username, req.ip);
    const admin = (await db('admin_users')
      .where({ username })
      .first('id', 'username', 'password_hash')) as AdminRow | undefined;
    const valid = await verifyPassword(
      admin?.password_hash ?? (await hashForUnknownUsers()),
      password,
    );
    if (!admin || !valid) {
      logger.warn({ username, ip: req.ip }, 'admin login failed');
      throw new HttpError(401, INVALID_CREDENTIALS);
    }
    await attempt.succeeded();
    if (needsRehash(admin.password_hash)) {
      await db('admin_users')
        .where({ id: admin.id })
        .update({ password_hash: await hashPassword(password), updated_at: db.fn.now() });
    }
    // A new session id at every login: whatever id the browser had before (planted or old) is ended.
    await destroySession(db, readCookie(req, ADMIN_SESSION_COOKIE));
    await purgeExpiredSessions(db, timeouts);
    const session = await createSession(db, timeouts, {
      adminId: Number(admin.id),
      ip: req.ip,
      userAgent: req.get('user-agent'),
    });
    setSessionCookies(config, req, res, session);
    logger.info({ username: admin.username, ip: req.ip }, 'admin logged in');
    const answer: LoginResponse = { ok: true, username: admin.username };
    res.json(answer);
  });

  const logout =
    (checkCsrf: boolean) => async (req: Request, res: Parameters<RequestHandler>[1]) => {
      const id = readCookie(req, ADMIN_SESSION_COOKIE);
      if (checkCsrf) {
        // POST is a write like any other: the session's token must come with it.
        const session = await findSession(db, timeouts, id);
        const token = req.get(CSRF_HEADER);
        if (session && !(token && tokensMatch(token, session.csrfToken)))
          throw new HttpError(403, 'Missing or invalid CSRF token');
      }
      // GET (spec 7.2) needs no token: the session cookie is SameSite=Strict, so no other site can send it.
      await destroySession(db, id);
      clearSessionCookies(config, req, res);
      res.json({ ok: true });
    };
  router.get('/logout', noStore, logout(false));
  router.post('/logout', noStore, logout(true));

  router.get('/auth/status', noStore, async (req, res) => {
    const id = readCookie(req, ADMIN_SESSION_COOKIE);
    const session = await findSession(db, timeouts, id);
    if (!session && id !== undefined) clearSessionCookies(config, req, res);
    const status: AuthStatus = session
      ? { isAuthenticated: true, username: session.username }
      : { isAuthenticated: false };
    res.json(status);
  });

  return router;
}
