/**
 * Admin sign-in security over HTTP, on every test database: the gate in front of every /api/admin/* endpoint
 * (401 without a session, 403 for a write without the CSRF token), the cookies, a new session id at each
 * login, logout ending the session for good, idle and absolute expiry, the shared sessions of several
 * processes, and the failed-login throttle (429 with growing, always temporary delays). What an attacker who
 * never stops cannot do (device cookies, per-client counters) is in test/hardening/auth-hardening.test.ts.
 *
 * These tests run beside other test files on the same seeded databases: they sign in as their own admin,
 * come from their own client addresses (TRUST_PROXY=1 and X-Forwarded-For, as behind a load balancer) and
 * remove what they created, so they never lock out the shared test admin or 127.0.0.1.
 */
import { createHash, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Router } from 'express';
import { pino } from 'pino';
import { ADMIN_SESSION_COOKIE, CSRF_COOKIE, CSRF_HEADER } from '@moveratlas/contracts';
import { loadConfig } from '../../src/config';
import { adminApi } from '../../src/api/admin-api';
import { setAdminPassword } from '../../src/features/auth/admin-users';
import { cookieValue, loginAsAdmin } from '../admin-session';
import { testDatabases } from '../databases';
import { startTestApp, type TestApp } from '../test-app';
import { routesOf } from '../router-endpoints';
import { UNKNOWN_ADMIN_ROUTE } from '../../src/features/auth/admin-policy';

/**
 * What an address no route has answers once past the session gate: the role policy refuses any address its
 * table does not name (deny by default, docs/decisions/027), so a 403 here means "signed in".
 */
const PAST_THE_GATE = 403;

const ADMIN = { username: 'auth-test-admin', password: 'quartz lantern meadow 91' };
/** Usernames these tests invent start so, and their throttle rows are removed afterwards. */
const PREFIX = 'auth-test-';

/** A client address of its own per call (from a random start, so parallel runs differ), as the last proxy hop reports it. */
let nextIp = randomInt(0, 60_000);
const ips = new Set<string>();
function clientIp(): string {
  const n = nextIp++;
  const ip = `100.${64 + ((n >> 16) & 63)}.${(n >> 8) & 255}.${n & 255}`;
  ips.add(ip);
  return ip;
}

interface Endpoint {
  method: string;
  path: string;
}

/** Every route the admin router has (other features' routers included), with sample path parameters. */
function adminEndpoints(router: Router): Endpoint[] {
  const concrete = (path: string) =>
    path
      .replace(/\{[^}]*\}/g, '')
      .replace(/:[A-Za-z_]\w*/g, '1')
      .replace(/\*[A-Za-z_]\w*/g, 'x');
  return routesOf((router as unknown as { stack: unknown }).stack, '/api/admin').flatMap(
    ({ method, template }) =>
      typeof template === 'string' ? [{ method, path: concrete(template) }] : [],
  );
}

/** Always checked, whatever screens exist yet: reads and writes, known and unknown paths. */
const BASELINE: Endpoint[] = [
  { method: 'GET', path: '/api/admin' },
  { method: 'GET', path: '/api/admin/dashboard' },
  { method: 'GET', path: '/api/admin/companies' },
  { method: 'POST', path: '/api/admin/companies' },
  { method: 'PUT', path: '/api/admin/companies/1' },
  { method: 'PATCH', path: '/api/admin/leads/1' },
  { method: 'DELETE', path: '/api/admin/companies/1' },
  { method: 'POST', path: '/api/admin/upload' },
  { method: 'GET', path: '/api/admin/database/backup' },
  { method: 'GET', path: '/api/admin/no-such-endpoint' },
];

const setCookieOf = (response: Response, name: string) =>
  response.headers.getSetCookie().find((header) => header.startsWith(`${name}=`));

describe.each(testDatabases())('admin sign-in on $name', (database) => {
  let app: TestApp;
  let endpoints: Endpoint[];

  const login = (
    credentials: { username: string; password: string },
    ip: string,
    extra: Record<string, string> = {},
  ) =>
    fetch(`${app.baseUrl}/api/login`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        // A client's own X-Forwarded-For entries come first; the trusted proxy appends the real address.
        'X-Forwarded-For': `10.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 255)}, ${ip}`,
        ...extra,
      },
      body: JSON.stringify(credentials),
    });

  /** Signs ADMIN in from a fresh address; the cookie header and the CSRF token. */
  async function signIn(target: TestApp = app) {
    const ip = clientIp();
    const response = await fetch(`${target.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
      body: JSON.stringify(ADMIN),
    });
    expect(response.status).toBe(200);
    const session = cookieValue(response, ADMIN_SESSION_COOKIE)!;
    const csrf = cookieValue(response, CSRF_COOKIE)!;
    return {
      session,
      csrf,
      cookie: `${ADMIN_SESSION_COOKIE}=${session}; ${CSRF_COOKIE}=${csrf}`,
    };
  }

  const adminGet = (cookie: string, path = '/api/admin/no-such-endpoint') =>
    fetch(app.baseUrl + path, { headers: { Cookie: cookie } });

  beforeAll(async () => {
    app = await startTestApp(database.config, { TRUST_PROXY: '1' });
    await setAdminPassword(app.db, ADMIN.username, ADMIN.password);
    const config = { ...loadConfig({ NODE_ENV: 'test' }), database: database.config };
    const endpointList = adminEndpoints(
      adminApi({ config, db: app.db, logger: pino({ level: 'silent' }) }),
    );
    const seen = new Set<string>();
    endpoints = [...BASELINE, ...endpointList].filter(({ method, path }) => {
      const key = `${method} ${path}`;
      return seen.has(key) ? false : (seen.add(key), true);
    });
  });

  afterAll(async () => {
    await app.db('login_throttle').where('key', 'like', `user:${PREFIX}%`).delete();
    await app.db('login_throttle').where('key', 'like', `pair:${PREFIX}%`).delete();
    for (const ip of ips)
      await app
        .db('login_throttle')
        .where({ key: `ip:${ip}` })
        .delete();
    await app.db('admin_users').where({ username: ADMIN.username }).delete();
    await app.close();
  });

  it('answers 401 on every /api/admin/* endpoint without a session, or with a forged one', async () => {
    expect(endpoints.some((e) => e.method === 'GET')).toBe(true);
    expect(endpoints.some((e) => e.method === 'POST')).toBe(true);
    const forged = `${ADMIN_SESSION_COOKIE}=${'A'.repeat(43)}; ${CSRF_COOKIE}=x`;
    for (const { method, path } of endpoints) {
      for (const cookie of [undefined, forged]) {
        const response = await fetch(app.baseUrl + path, {
          method,
          headers: {
            'Content-Type': 'application/json',
            [CSRF_HEADER]: 'x',
            ...(cookie ? { Cookie: cookie } : {}),
          },
          ...(method === 'GET' || method === 'HEAD' ? {} : { body: '{}' }),
        });
        expect(response.status, `${method} ${path}`).toBe(401);
        expect(await response.json()).toEqual({ error: 'Authentication required' });
        expect(response.headers.get('cache-control')).toBe('no-store');
      }
    }
  });

  it('answers 403 to every write without the session’s CSRF token, and lets it through with it', async () => {
    const { cookie, csrf } = await signIn();
    const writes = endpoints.filter((e) => e.method !== 'GET' && e.method !== 'HEAD');
    expect(writes.length).toBeGreaterThan(0);
    for (const { method, path } of writes) {
      for (const token of [undefined, 'not-the-token', `${csrf}x`]) {
        const response = await fetch(app.baseUrl + path, {
          method,
          headers: {
            Cookie: cookie,
            'Content-Type': 'application/json',
            ...(token ? { [CSRF_HEADER]: token } : {}),
          },
          body: '{}',
        });
        expect(response.status, `${method} ${path} with ${token ?? 'no token'}`).toBe(403);
        expect(await response.json()).toEqual({ error: 'Missing or invalid CSRF token' });
      }
    }
    // With the token the gate lets the request on (to the role policy, which refuses an address it does not name: 403).
    const allowed = await fetch(`${app.baseUrl}/api/admin/no-such-endpoint`, {
      method: 'POST',
      headers: { Cookie: cookie, [CSRF_HEADER]: csrf, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(allowed.status).toBe(PAST_THE_GATE);
    expect(await allowed.json()).toEqual({ error: UNKNOWN_ADMIN_ROUTE });
    // Reads need no token.
    expect((await adminGet(cookie)).status).toBe(PAST_THE_GATE);
    // The shared helper of the admin API tests gets through the gate, writes included.
    const client = await loginAsAdmin(app.baseUrl, ADMIN);
    const write = await client.request('/api/admin/no-such-endpoint', {
      method: 'DELETE',
      body: '{}',
    });
    expect(write.status).toBe(PAST_THE_GATE);
  });

  it('validates the login with the spec’s messages and refuses bad credentials alike', async () => {
    const ip = clientIp();
    const short = await login({ username: 'ab', password: 'secret-enough' }, ip);
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({ error: 'Username must be at least 3 characters' });
    const shortPassword = await login({ username: ADMIN.username, password: '12345' }, ip);
    expect(await shortPassword.json()).toEqual({
      error: 'Password must be at least 6 characters',
    });
    const empty = await fetch(`${app.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
      body: '{}',
    });
    expect(await empty.json()).toEqual({ error: 'Username must be at least 3 characters' });

    const wrong = await login({ username: ADMIN.username, password: 'not the password' }, ip);
    const unknown = await login({ username: `${PREFIX}nobody`, password: 'not the password' }, ip);
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: 'Invalid username or password' });
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    // A successful login clears the failures of that username from that address.
    expect(
      await app
        .db('login_throttle')
        .where({ key: `pair:${ADMIN.username}|${ip}` })
        .first(),
    ).toBeDefined();
    expect((await login(ADMIN, ip)).status).toBe(200);
    expect(
      await app
        .db('login_throttle')
        .where({ key: `pair:${ADMIN.username}|${ip}` })
        .first(),
    ).toBeUndefined();
  });

  it('sets an httpOnly, SameSite=Strict session cookie and a readable CSRF cookie; Secure over HTTPS', async () => {
    const response = await login(ADMIN, clientIp());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, username: ADMIN.username });
    expect(response.headers.get('cache-control')).toBe('no-store');
    const session = setCookieOf(response, ADMIN_SESSION_COOKIE)!;
    const csrf = setCookieOf(response, CSRF_COOKIE)!;
    expect(session).toMatch(/; HttpOnly/);
    expect(session).toMatch(/; SameSite=Strict/);
    expect(session).toMatch(/; Path=\//);
    expect(session).not.toMatch(/; Secure/);
    expect(csrf).toMatch(/; SameSite=Strict/);
    expect(csrf).not.toMatch(/HttpOnly/);
    expect(session).toMatch(/^ma_session=[A-Za-z0-9_-]{43};/);

    // Behind a TLS-terminating proxy (X-Forwarded-Proto from the trusted hop) both are Secure, and
    // named with the __Host- prefix (test/hardening/auth-hardening.test.ts checks them further).
    const https = await login(ADMIN, clientIp(), { 'X-Forwarded-Proto': 'https' });
    expect(setCookieOf(https, `__Host-${ADMIN_SESSION_COOKIE}`)).toMatch(/; Secure/);
    expect(setCookieOf(https, `__Host-${CSRF_COOKIE}`)).toMatch(/; Secure/);

    // And whenever the public URL is https.
    const behindHttps = await startTestApp(database.config, {
      PUBLIC_URL: 'https://moveratlas.example',
    });
    try {
      const response = await fetch(`${behindHttps.baseUrl}/api/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      expect(response.status).toBe(200);
      expect(setCookieOf(response, `__Host-${ADMIN_SESSION_COOKIE}`)).toMatch(/; Secure/);
      expect(setCookieOf(response, `__Host-${CSRF_COOKIE}`)).toMatch(/; Secure/);
    } finally {
      await behindHttps.close();
    }
  });

  it('stores only a hash of the session id, and the status call reports the session', async () => {
    const { session, cookie } = await signIn();
    const hash = createHash('sha256').update(session).digest('hex');
    const row = (await app.db('admin_sessions').where({ token_hash: hash }).first()) as
      Record<string, unknown> | undefined;
    expect(row).toBeDefined();
    expect(JSON.stringify(row)).not.toContain(session);
    const status = await fetch(`${app.baseUrl}/api/auth/status`, { headers: { Cookie: cookie } });
    expect(status.headers.get('cache-control')).toBe('no-store');
    expect(await status.json()).toEqual({
      isAuthenticated: true,
      username: ADMIN.username,
      // An admin made by setAdminPassword (the environment, npm run admin) is an owner.
      role: 'owner',
    });
    const anonymous = await fetch(`${app.baseUrl}/api/auth/status`);
    expect(await anonymous.json()).toEqual({ isAuthenticated: false });
  });

  it('gives a new session id at every login and ends the one the browser had', async () => {
    const first = await signIn();
    // Logging in again from the same browser (its cookie sent along), or with a planted id.
    const again = await login(ADMIN, clientIp(), { Cookie: first.cookie });
    const second = cookieValue(again, ADMIN_SESSION_COOKIE)!;
    expect(second).not.toBe(first.session);
    expect(cookieValue(again, CSRF_COOKIE)).not.toBe(first.csrf);
    expect((await adminGet(first.cookie)).status).toBe(401);
    expect((await adminGet(`${ADMIN_SESSION_COOKIE}=${second}`)).status).toBe(PAST_THE_GATE);

    const planted = 'P'.repeat(43);
    const fixated = await login(ADMIN, clientIp(), {
      Cookie: `${ADMIN_SESSION_COOKIE}=${planted}`,
    });
    expect(cookieValue(fixated, ADMIN_SESSION_COOKIE)).not.toBe(planted);
    expect((await adminGet(`${ADMIN_SESSION_COOKIE}=${planted}`)).status).toBe(401);
  });

  it('ends the session at POST /api/logout: the cookie replayed afterwards gets 401', async () => {
    const { cookie, csrf } = await signIn();
    expect((await adminGet(cookie)).status).toBe(PAST_THE_GATE);
    const logout = await fetch(`${app.baseUrl}/api/logout`, {
      method: 'POST',
      headers: { Cookie: cookie, [CSRF_HEADER]: csrf },
    });
    expect(logout.status).toBe(200);
    expect(setCookieOf(logout, ADMIN_SESSION_COOKIE)).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect((await adminGet(cookie)).status).toBe(401);
    const status = await fetch(`${app.baseUrl}/api/auth/status`, { headers: { Cookie: cookie } });
    expect(await status.json()).toEqual({ isAuthenticated: false });
  });

  it('logs out by POST only with the CSRF token', async () => {
    const { cookie, csrf } = await signIn();
    const withoutToken = await fetch(`${app.baseUrl}/api/logout`, {
      method: 'POST',
      headers: { Cookie: cookie },
    });
    expect(withoutToken.status).toBe(403);
    expect((await adminGet(cookie)).status).toBe(PAST_THE_GATE);
    const logout = await fetch(`${app.baseUrl}/api/logout`, {
      method: 'POST',
      headers: { Cookie: cookie, [CSRF_HEADER]: csrf },
    });
    expect(logout.status).toBe(200);
    expect((await adminGet(cookie)).status).toBe(401);
  });

  it('ends a session after the idle timeout, and at its absolute end however busy', async () => {
    const { adminAuth } = loadConfig({ NODE_ENV: 'test' });
    const idle = await signIn();
    const idleHash = createHash('sha256').update(idle.session).digest('hex');
    // Last used just inside the idle timeout: still live, and the use is recorded.
    const almost = Date.now() - adminAuth.idleTimeoutMs + 60_000;
    await app.db('admin_sessions').where({ token_hash: idleHash }).update({ last_seen_at: almost });
    expect((await adminGet(idle.cookie)).status).toBe(PAST_THE_GATE);
    const touched = (await app.db('admin_sessions').where({ token_hash: idleHash }).first()) as {
      last_seen_at: number;
    };
    expect(Number(touched.last_seen_at)).toBeGreaterThan(almost);
    // Unused for the whole idle timeout: over.
    await app
      .db('admin_sessions')
      .where({ token_hash: idleHash })
      .update({ last_seen_at: Date.now() - adminAuth.idleTimeoutMs - 1000 });
    expect((await adminGet(idle.cookie)).status).toBe(401);
    expect(await app.db('admin_sessions').where({ token_hash: idleHash }).first()).toBeUndefined();

    const busy = await signIn();
    const busyHash = createHash('sha256').update(busy.session).digest('hex');
    await app
      .db('admin_sessions')
      .where({ token_hash: busyHash })
      .update({
        created_at: Date.now() - adminAuth.absoluteTimeoutMs - 1000,
        expires_at: Date.now() - 1000,
        last_seen_at: Date.now(),
      });
    expect((await adminGet(busy.cookie)).status).toBe(401);
    expect(
      await (
        await fetch(`${app.baseUrl}/api/auth/status`, { headers: { Cookie: busy.cookie } })
      ).json(),
    ).toEqual({ isAuthenticated: false });
  });

  it('shares sessions between server processes: signed in on one, signed out on another', async () => {
    const other = await startTestApp(database.config, { TRUST_PROXY: '1' });
    try {
      const { cookie, csrf } = await signIn(app);
      const onOther = await fetch(`${other.baseUrl}/api/admin/no-such-endpoint`, {
        headers: { Cookie: cookie },
      });
      expect(onOther.status).toBe(PAST_THE_GATE);
      await fetch(`${other.baseUrl}/api/logout`, {
        method: 'POST',
        headers: { Cookie: cookie, [CSRF_HEADER]: csrf },
      });
      expect((await adminGet(cookie)).status).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('answers 429 to new browsers once one username failed from many addresses, and the lock holds for the right password too', async () => {
    const victim = { username: `${PREFIX}victim`, password: 'marble tiger orchard 55' };
    await setAdminPassword(app.db, victim.username, victim.password);
    try {
      const statuses: number[] = [];
      let refused: Response | undefined;
      // A fresh address per attempt: only the username-wide counter can stop these.
      for (let attempt = 1; attempt <= 30; attempt++) {
        const response = await login({ ...victim, password: `wrong guess ${attempt}` }, clientIp());
        statuses.push(response.status);
        if (response.status === 429) refused = response;
      }
      // The default twenty free failures from browsers without a device cookie, then growing delays.
      expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(5);
      expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(((await refused!.json()) as { error: string }).error).toMatch(
        /^Too many failed login attempts\. Please try again in \d+ seconds?\.$/,
      );
      // Locked means locked for a new browser: the right password waits too (and is not checked).
      await app
        .db('login_throttle')
        .where({ key: `user:${victim.username}` })
        .update({ locked_until: Date.now() + 60_000 });
      expect((await login(victim, clientIp())).status).toBe(429);
    } finally {
      await app.db('admin_users').where({ username: victim.username }).delete();
    }
  });

  it('answers 429 to one address guessing many usernames, however it rotates X-Forwarded-For', async () => {
    const ip = clientIp();
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 20; attempt++) {
      // Each request claims another origin in X-Forwarded-For; the trusted hop's address stays the same.
      const response = await login(
        { username: `${PREFIX}spray-${attempt}`, password: 'Summer2024!' },
        ip,
      );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[19]).toBe(429);
    // The address is locked for everyone's usernames, the real admin's included.
    expect((await login(ADMIN, ip)).status).toBe(429);
  });

  it('never locks out for good: the lock ends after its (capped) delay, and the right password gets in', async () => {
    const quick = await startTestApp(database.config, {
      TRUST_PROXY: '1',
      ADMIN_LOGIN_FREE_ATTEMPTS: '2',
      ADMIN_LOGIN_FREE_ATTEMPTS_NEW_DEVICES: '3',
      ADMIN_LOGIN_MAX_DELAY_SECONDS: '1',
    });
    const patient = { username: `${PREFIX}patient`, password: 'velvet harbor signal 73' };
    await setAdminPassword(app.db, patient.username, patient.password);
    try {
      const attempt = (password: string) =>
        fetch(`${quick.baseUrl}/api/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': clientIp() },
          body: JSON.stringify({ username: patient.username, password }),
        });
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await attempt('wrong password')).status);
      expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
      expect(statuses).toContain(429);
      expect((await attempt(patient.password)).status).toBe(429);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await attempt(patient.password)).status).toBe(200);
      // The lock is over and the success left none behind: a typo afterwards is an ordinary 401.
      expect((await attempt('typo password')).status).toBe(401);
    } finally {
      await app.db('admin_users').where({ username: patient.username }).delete();
      await quick.close();
    }
  });
});
