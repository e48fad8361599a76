import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../databases';
import { startTestApp, type TestApp } from '../test-app';

describe.each(testDatabases())('server behaviour on $name', (database) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(database.config, { CORS_ORIGINS: 'https://partner.example' });
  });
  afterAll(() => app.close());

  it('can turn the response cache off', async () => {
    const uncached = await startTestApp(database.config, { API_CACHE_SECONDS: '0' });
    try {
      await uncached.get('/api/states');
      expect((await uncached.get('/api/states')).headers.get('x-cache')).toBeNull();
    } finally {
      await uncached.close();
    }
  });

  it('reports health with a database check', async () => {
    const res = await app.get('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('answers liveness without the database and readiness with it, never cached', async () => {
    const live = await app.get('/livez');
    expect(live.status).toBe(200);
    expect(live.headers.get('cache-control')).toBe('no-store');
    expect(await live.json()).toMatchObject({ status: 'live' });
    const ready = await app.get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toEqual({ status: 'ready', database: 'ok', load: 'normal' });
  });

  it('sends security headers with a strict CSP and no X-Powered-By', async () => {
    const res = await app.get('/api/states');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('compresses JSON for clients that accept it', async () => {
    const res = await fetch(`${app.baseUrl}/api/companies?limit=100`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers.get('content-encoding')).toBe('gzip');
  });

  it('allows configured CORS origins only', async () => {
    const allowed = await fetch(`${app.baseUrl}/api/states`, {
      headers: { origin: 'https://partner.example' },
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://partner.example');
    expect(allowed.headers.get('access-control-expose-headers')).toContain('X-Total-Count');
    const denied = await fetch(`${app.baseUrl}/api/states`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(denied.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('serves repeated public reads from a short-lived cache, with ETags', async () => {
    const first = await app.get('/api/companies?limit=7&offset=3');
    const second = await app.get('/api/companies?limit=7&offset=3');
    expect(first.headers.get('x-cache')).toBe('MISS');
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(second.headers.get('x-total-count')).toBe(first.headers.get('x-total-count'));
    expect(second.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await second.text()).toBe(await first.text());
    const etag = second.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    // node:http, not fetch: fetch adds Cache-Control: no-cache to conditional requests, as browsers' reload does.
    const revalidated = await new Promise<number>((resolve, reject) => {
      http
        .get(
          `${app.baseUrl}/api/companies?limit=7&offset=3`,
          { headers: { 'if-none-match': etag } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        )
        .on('error', reject);
    });
    expect(revalidated).toBe(304);
    // Errors are never cached.
    expect((await app.get('/api/companies?limit=0')).headers.get('x-cache')).toBeNull();
  });

  it('answers malformed JSON bodies with 400 JSON', async () => {
    const res = await fetch(`${app.baseUrl}/api/companies`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"broken": ',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'The request body is not valid JSON' });
  });
});
