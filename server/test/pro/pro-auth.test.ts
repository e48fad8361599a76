/**
 * The movers' sign-in (/api/pro, issue 17) over HTTP on every test database: sign-in and its refusals, the
 * cookies, the walk of every /api/pro route (401 without a session, 403 for a write without the CSRF token,
 * 404 for a company the mover does not belong to), admin and mover sessions opening nothing of each other's,
 * the password reset link (once only, 30 minutes), a password change, and a suspended account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Router } from 'express';
import { pino } from 'pino';
import {
  PRO_CSRF_COOKIE,
  PRO_INVALID_CREDENTIALS,
  PRO_LINK_USED_OR_EXPIRED,
  PRO_SESSION_COOKIE,
} from '@moveratlas/contracts';
import { loadConfig } from '../../src/config';
import { proApi } from '../../src/api/pro-api';
import { loginAsAdmin } from '../admin-session';
import { testDatabases } from '../databases';
import { routesOf } from '../router-endpoints';
import { startTestApp, type TestApp } from '../test-app';
import { createMover, moverClient, removeMovers, signInMover } from '../support/mover';

interface Endpoint {
  method: string;
  /** With `:companyId` kept, to be filled in. */
  template: string;
}

/** Every route of the movers' API, other resources' pro routers included. */
function proEndpoints(router: Router): Endpoint[] {
  return routesOf((router as unknown as { stack: unknown }).stack, '/api/pro').flatMap(
    ({ method, template }) => (typeof template === 'string' ? [{ method, template }] : []),
  );
}

const OPEN = new Set([
  'POST /api/pro/login',
  'POST /api/pro/logout',
  'GET /api/pro/auth/status',
  'POST /api/pro/password/forgot',
  'POST /api/pro/password/reset',
  'POST /api/pro/passkeys/login/options',
  'POST /api/pro/passkeys/login/verify',
  // An invitation's link: the person may have no account yet (test/pro/team.test.ts).
  'GET /api/pro/invitations/:token',
  'POST /api/pro/invitations/accept',
]);

const concrete = (template: string, companyId: number) =>
  template
    .replace(':companyId', String(companyId))
    .replace(/\{[^}]*\}/g, '')
    .replace(/:[A-Za-z_]\w*/g, '1')
    .replace(/\*[A-Za-z_]\w*/g, 'x');

describe.each(testDatabases())('movers sign-in on $name', (database) => {
  let app: TestApp;
  let endpoints: Endpoint[];
  let companies: number[];
  const movers: number[] = [];

  beforeAll(async () => {
    app = await startTestApp(database.config, { TRUST_PROXY: '1' });
    const config = { ...loadConfig({ NODE_ENV: 'test' }), database: database.config };
    endpoints = proEndpoints(proApi({ config, db: app.db, logger: pino({ level: 'silent' }) }));
    companies = (
      (await app.db('companies').orderBy('id').limit(2).select('id')) as Array<{ id: number }>
    ).map((row) => Number(row.id));
  });

  afterAll(async () => {
    await removeMovers(app.db, movers);
    await app?.close();
  });

  const newMover = async (options: Parameters<typeof createMover>[1] = {}) => {
    const mover = await createMover(app.db, options);
    movers.push(mover.id);
    return mover;
  };

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(app.baseUrl + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('signs a mover in with httpOnly, SameSite=Strict cookies of its own, and lists their companies', async () => {
    const mover = await newMover({ companyId: companies[0]!, role: 'owner' });
    const response = await post('/api/pro/login', {
      email: mover.email.toUpperCase(),
      password: mover.password,
    });
    expect(response.status).toBe(200);
    const cookies = response.headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith(`${PRO_SESSION_COOKIE}=`))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Strict/i);
    expect(cookies.find((c) => c.startsWith(`${PRO_CSRF_COOKIE}=`))).not.toMatch(/HttpOnly/i);
    const client = moverClient(app.baseUrl, response);
    const status = (await (await client.request('/api/pro/auth/status')).json()) as {
      isAuthenticated: boolean;
      companies: Array<{ id: number; role: string }>;
    };
    expect(status.isAuthenticated).toBe(true);
    expect(status.companies).toEqual([
      expect.objectContaining({ id: companies[0], role: 'owner' }),
    ]);
  });

  it('answers an unknown address and a wrong password alike', async () => {
    const mover = await newMover();
    const unknown = await post('/api/pro/login', {
      email: 'nobody-here@movers.test',
      password: 'whatever it is 1',
    });
    const wrong = await post('/api/pro/login', { email: mover.email, password: 'not the one 123' });
    expect([unknown.status, wrong.status]).toEqual([401, 401]);
    expect(await unknown.json()).toEqual({ error: PRO_INVALID_CREDENTIALS });
    expect(await wrong.json()).toEqual({ error: PRO_INVALID_CREDENTIALS });
    const empty = await post('/api/pro/login', {});
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: string }).error).toMatch(/e-mail address/);
  });

  it('throttles repeated failures with 429 and Retry-After', async () => {
    const mover = await newMover();
    const ip = '198.19.77.7';
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push(
        (
          await post(
            '/api/pro/login',
            { email: mover.email, password: `wrong guess ${i}` },
            { 'X-Forwarded-For': ip },
          )
        ).status,
      );
    expect(statuses).toContain(429);
    await app.db('login_throttle').where('key', 'like', 'pro:%').delete();
  });

  it('walks every /api/pro route: 401 without a session, 403 for a write without CSRF, 404 for another company', async () => {
    const mover = await newMover({ companyId: companies[0]!, role: 'owner' });
    const client = await signInMover(app.baseUrl, mover);
    const gated = endpoints.filter((e) => !OPEN.has(`${e.method} ${e.template}`));
    // The account's own routes at least; every resource's company routes join as they are added.
    expect(gated.map((e) => `${e.method} ${e.template}`)).toEqual(
      expect.arrayContaining(['GET /api/pro/companies', 'POST /api/pro/account/password']),
    );
    for (const { method, template } of gated) {
      const path = concrete(template, companies[0]!);
      const anonymous = await fetch(app.baseUrl + path, { method });
      expect(anonymous.status, `${method} ${path} without a session`).toBe(401);
      if (method !== 'GET' && method !== 'HEAD') {
        const noCsrf = await fetch(app.baseUrl + path, {
          method,
          headers: { Cookie: client.cookie },
        });
        expect(noCsrf.status, `${method} ${path} without CSRF`).toBe(403);
      }
      if (template.includes(':companyId')) {
        const other = concrete(template, companies[1]!);
        const response = await client.request(other, { method });
        expect(response.status, `${method} ${other} of another company`).toBe(404);
        expect(await response.json()).toEqual({ error: 'No such company' });
      }
    }
    const notMine = await client.request(`/api/pro/companies/${companies[1]}/anything`);
    expect(notMine.status).toBe(404);
    const malformed = await client.request('/api/pro/companies/1e3/anything');
    expect(malformed.status).toBe(404);
  });

  it('keeps admin and mover sessions apart', async () => {
    const admin = await loginAsAdmin(app.baseUrl);
    expect((await admin.request('/api/pro/companies')).status).toBe(401);
    const mover = await newMover({ companyId: companies[0]!, role: 'staff' });
    const client = await signInMover(app.baseUrl, mover);
    expect((await client.request('/api/admin/dashboard')).status).toBe(401);
  });

  it('resets a password by a single-use e-mailed link and signs the person in', async () => {
    const mover = await newMover({ companyId: companies[0]!, role: 'owner' });
    const old = await signInMover(app.baseUrl, mover);
    const asked = await post('/api/pro/password/forgot', { email: mover.email });
    expect(asked.status).toBe(202);
    const unknown = await post('/api/pro/password/forgot', { email: 'no-one@movers.test' });
    expect([unknown.status, await unknown.json()]).toEqual([202, { ok: true }]);
    const mail = (await app
      .db('mail_messages')
      .where({ to_address: mover.email, template: 'mover-password-reset' })
      .first('text_body')) as { text_body: string };
    const token = /reset-password\?token=([A-Za-z0-9_-]{43})/.exec(mail.text_body)![1]!;
    // Asked again at once: no second message.
    await post('/api/pro/password/forgot', { email: mover.email });
    const mails = await app
      .db('mail_messages')
      .where({ to_address: mover.email })
      .count({ n: '*' });
    expect(Number(mails[0]!.n)).toBe(1);

    const weak = await post('/api/pro/password/reset', { token, password: 'password1234' });
    expect(weak.status).toBe(400);
    const newPassword = 'copper willow sailing 77';
    const reset = await post('/api/pro/password/reset', { token, password: newPassword });
    expect(reset.status).toBe(200);
    const client = moverClient(app.baseUrl, reset);
    expect((await client.request('/api/pro/companies')).status).toBe(200);
    // The old session ended with the old password; the link works once.
    expect((await old.request('/api/pro/companies')).status).toBe(401);
    const again = await post('/api/pro/password/reset', { token, password: newPassword });
    expect([again.status, await again.json()]).toEqual([400, { error: PRO_LINK_USED_OR_EXPIRED }]);
    await signInMover(app.baseUrl, { email: mover.email, password: newPassword });
  });

  it('refuses a reset link after its 30 minutes', async () => {
    const mover = await newMover();
    await post('/api/pro/password/forgot', { email: mover.email });
    const mail = (await app
      .db('mail_messages')
      .where({ to_address: mover.email })
      .first('text_body')) as { text_body: string };
    const token = /token=([A-Za-z0-9_-]{43})/.exec(mail.text_body)![1]!;
    const link = (await app.db('mover_tokens').where({ email: mover.email }).first()) as {
      id: number;
      created_at: number | string;
      expires_at: number | string;
    };
    expect(Number(link.expires_at) - Number(link.created_at)).toBe(30 * 60_000);
    await app
      .db('mover_tokens')
      .where({ id: link.id })
      .update({ expires_at: Date.now() - 1 });
    const late = await post('/api/pro/password/reset', {
      token,
      password: 'copper willow sailing 77',
    });
    expect([late.status, await late.json()]).toEqual([400, { error: PRO_LINK_USED_OR_EXPIRED }]);
  });

  it('changes a password with the current one, ending the other sessions, and records it', async () => {
    const mover = await newMover({ companyId: companies[0]!, role: 'owner' });
    const here = await signInMover(app.baseUrl, mover);
    const elsewhere = await signInMover(app.baseUrl, mover);
    const wrong = await here.request('/api/pro/account/password', {
      method: 'POST',
      body: JSON.stringify({
        currentPassword: 'not it at all',
        newPassword: 'amber falcon river 42',
      }),
    });
    expect([wrong.status, await wrong.json()]).toEqual([
      400,
      { error: 'Your current password is not right' },
    ]);
    const changed = await here.request('/api/pro/account/password', {
      method: 'POST',
      body: JSON.stringify({
        currentPassword: mover.password,
        newPassword: 'amber falcon river 42',
      }),
    });
    expect(changed.status).toBe(200);
    expect((await here.request('/api/pro/companies')).status).toBe(200);
    expect((await elsewhere.request('/api/pro/companies')).status).toBe(401);
    const audit = (await app
      .db('audit_events')
      .where({ actor_mover_id: mover.id, action: 'mover.password.change' })
      .first('actor_kind', 'actor_username', 'after_json')) as Record<string, string>;
    expect(audit).toEqual({
      actor_kind: 'mover',
      actor_username: mover.email,
      after_json: JSON.stringify({ password_hash: 'changed' }),
    });
    // Staff read it in the audit log, filtered to movers' changes.
    const admin = await loginAsAdmin(app.baseUrl);
    const log = (await (
      await admin.request(
        `/api/admin/audit?actorKind=mover&actor=${encodeURIComponent(mover.email)}`,
      )
    ).json()) as { items: Array<{ actor: { kind: string; username: string }; action: string }> };
    expect(log.items.map((e) => [e.actor.kind, e.actor.username, e.action])).toEqual([
      ['mover', mover.email, 'mover.password.change'],
    ]);
  });

  it('lets a suspended account neither use its session nor sign in', async () => {
    const mover = await newMover({ companyId: companies[0]!, role: 'owner' });
    const client = await signInMover(app.baseUrl, mover);
    await app.db('mover_users').where({ id: mover.id }).update({ status: 'suspended' });
    expect((await client.request('/api/pro/companies')).status).toBe(401);
    const again = await post('/api/pro/login', { email: mover.email, password: mover.password });
    expect(again.status).toBe(403);
    expect(((await again.json()) as { error: string }).error).toMatch(/suspended/);
  });
});
