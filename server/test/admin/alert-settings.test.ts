/**
 * The Settings screen's part in raising failures, on every test database: the alert e-mail addresses (saved,
 * cleaned, refused in plain words) and the lead backend's "Test connection" — one harmless request to the URL
 * as typed, through the outbound guard, answered in plain words for each way it can go, rate-limited, and a
 * POST that needs the CSRF token.
 */
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import getTLSOptions from 'smtp-server/lib/tls-options.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AlertEmailsSchema,
  LeadBackendTestResultSchema,
  type LeadBackendTestResult,
} from '@moveratlas/contracts';
import { loginAsAdmin, type AdminClient } from '../admin-session';
import { testDatabases } from '../databases';
import { startTestApp, type TestApp } from '../test-app';

type StandIn = { url: string; close(): Promise<void> };

/** A stand-in on loopback that answers every request with `answer` (http, or https with a self-signed cert). */
async function standIn(
  answer: (res: http.ServerResponse) => void,
  secure = false,
): Promise<StandIn> {
  const handler = (_req: http.IncomingMessage, res: http.ServerResponse) => answer(res);
  const server = secure ? https.createServer(getTLSOptions(), handler) : http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `${secure ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.each(testDatabases())('alert settings on $name', ({ config: database }) => {
  let app: TestApp;
  let admin: AdminClient;
  const standIns: StandIn[] = [];

  const testConnection = async (url: string): Promise<LeadBackendTestResult> => {
    const res = await admin.request('/api/admin/settings/lead-backend/test', {
      method: 'POST',
      body: JSON.stringify({ url }),
    });
    expect(res.status).toBe(200);
    return LeadBackendTestResultSchema.parse(await res.json());
  };
  const serve = async (answer: (res: http.ServerResponse) => void, secure = false) => {
    const s = await standIn(answer, secure);
    standIns.push(s);
    return s.url;
  };

  beforeAll(async () => {
    app = await startTestApp(database, { LEAD_BACKEND_TIMEOUT_MS: '400' });
    await app.db('site_settings').where({ name: 'alertEmails' }).delete();
    await app.db('rate_limit_hits').where('key', 'like', 'lead-backend-test:%').delete();
    admin = await loginAsAdmin(app.baseUrl);
  });
  afterAll(async () => {
    await Promise.all(standIns.map((s) => s.close()));
    await app.db('site_settings').where({ name: 'alertEmails' }).delete();
    await app.db('rate_limit_hits').where('key', 'like', 'lead-backend-test:%').delete();
    await app.close();
  });

  it('keeps the alert e-mail addresses, lowercased and once each', async () => {
    const empty = AlertEmailsSchema.parse(
      await (await admin.request('/api/admin/settings/alert-emails')).json(),
    );
    expect(empty).toEqual({ emails: [], updatedAt: null, updatedBy: null });
    const saved = await admin.request('/api/admin/settings/alert-emails', {
      method: 'PUT',
      body: JSON.stringify({
        emails: ['Ops@Example.com', ' oncall@example.com', 'ops@example.com'],
      }),
    });
    expect(saved.status).toBe(200);
    const body = AlertEmailsSchema.parse(await saved.json());
    expect(body.emails).toEqual(['ops@example.com', 'oncall@example.com']);
    expect(body.updatedBy).toBe('test-admin');
    const read = AlertEmailsSchema.parse(
      await (await admin.request('/api/admin/settings/alert-emails')).json(),
    );
    expect(read.emails).toEqual(['ops@example.com', 'oncall@example.com']);
  });

  it('refuses an address that is not one, in plain words, and a write without the CSRF token', async () => {
    const bad = await admin.request('/api/admin/settings/alert-emails', {
      method: 'PUT',
      body: JSON.stringify({ emails: ['ops@example.com', 'not-an-address'] }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toContain(
      '"not-an-address" is not a valid e-mail address',
    );
    const forged = await fetch(`${app.baseUrl}/api/admin/settings/alert-emails`, {
      method: 'PUT',
      headers: { cookie: admin.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ emails: [] }),
    });
    expect(forged.status).toBe(403);
  });

  it('says a backend that answers is reachable, with the time it took', async () => {
    const url = await serve((res) => res.writeHead(404).end('not here'));
    const result = await testConnection(url);
    expect(result).toMatchObject({ ok: true, outcome: 'reachable', status: 404 });
    expect(result.message).toMatch(/^Reachable: it answered in \d+ ms \(HTTP 404\)\.$/);
  });

  it('says what went wrong: a server error, a refused connection, a timeout, a certificate', async () => {
    const broken = await serve((res) => res.writeHead(500).end('SECRET internal error'));
    const error = await testConnection(broken);
    expect(error).toMatchObject({ ok: false, outcome: 'http-error', status: 500 });
    expect(error.message).toMatch(/^It answered HTTP 500 \(a server error\) after \d+ ms/);
    expect(error.message).not.toContain('SECRET');

    const refused = await testConnection(`http://127.0.0.1:${await closedPort()}`);
    expect(refused).toMatchObject({
      ok: false,
      outcome: 'refused',
      message: 'The connection was refused: nothing answers at that address and port.',
    });

    const silent = await serve(() => undefined);
    expect(await testConnection(silent)).toMatchObject({
      ok: false,
      outcome: 'timeout',
      message: 'No answer within 400 ms: it timed out.',
    });

    const selfSigned = await serve((res) => res.writeHead(200).end('ok'), true);
    expect(await testConnection(selfSigned)).toMatchObject({ ok: false, outcome: 'certificate' });
  });

  it('never follows a redirect, nor calls a private address', async () => {
    const redirect = await serve((res) =>
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end(),
    );
    const followed = await testConnection(redirect);
    expect(followed).toMatchObject({ ok: false, outcome: 'not-allowed' });
    expect(followed.message).toBe(
      'Not called: answered with a redirect (302), which is never followed.',
    );
    expect(await testConnection('http://10.1.2.3')).toMatchObject({
      ok: false,
      outcome: 'not-allowed',
      message:
        'This address cannot be used: it points at a private network address, and only public addresses are allowed.',
      elapsedMs: null,
    });
  });

  it('refuses a malformed URL, a request without the CSRF token, and too many tests', async () => {
    const bad = await admin.request('/api/admin/settings/lead-backend/test', {
      method: 'POST',
      body: JSON.stringify({ url: 'ftp://functions.example' }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toContain(
      'Lead backend URL must start with https:// or http://',
    );
    const forged = await fetch(`${app.baseUrl}/api/admin/settings/lead-backend/test`, {
      method: 'POST',
      headers: { cookie: admin.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'http://127.0.0.1:9' }),
    });
    expect(forged.status).toBe(403);

    const url = await serve((res) => res.writeHead(204).end());
    let status = 200;
    for (let i = 0; i < 25 && status === 200; i++) {
      status = (
        await admin.request('/api/admin/settings/lead-backend/test', {
          method: 'POST',
          body: JSON.stringify({ url }),
        })
      ).status;
    }
    expect(status).toBe(429);
  });
});
