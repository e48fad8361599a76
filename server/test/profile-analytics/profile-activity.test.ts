/**
 * Profile analytics over HTTP on every test database (issue 17, docs/decisions/033): the public profile's
 * beacons are counted per company, UTC day and kind, as the browser sends them (text/plain from sendBeacon,
 * application/json from fetch); robots are answered the same and not counted; an unknown company is a 404 and
 * a wrong body a 400 in plain words; the per-address limit holds; no cookie is set. Then the admin read
 * endpoint: every day of the range, zeros included, totals, its query checked, viewers allowed, the gate's
 * 401 and CSRF refusals; and a deleted company's counts go with it.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminCompanyActivitySchema, type AdminCompanyActivity } from '@moveratlas/contracts';
import { testDatabases } from '../databases';
import { startTestApp, type TestApp } from '../test-app';
import { loginAsAdmin, type AdminClient } from '../admin-session';
import { setAdminPassword } from '../../src/features/auth/admin-users';
import { countsOf, dayOf, insertCompany, sendBeacon } from './support';

const WORD = `zqactivity${randomInt(100_000, 999_999)}`;
const VIEWER = { username: `${WORD}-viewer`, password: 'lantern granite meadow 5521 activity' };
const DAY_MS = 86_400_000;
/** The API answers every address through the loopback "proxy": each test speaks from its own address. */
const TRUSTING = { TRUST_PROXY: '127.0.0.1' };
const address = () => `198.51.${randomInt(0, 255)}.${randomInt(1, 255)}`;

describe.each(testDatabases())('profile activity on $name', (database) => {
  let app: TestApp;
  let admin: AdminClient;
  let viewer: AdminClient;
  let companyId: number;
  const slug = `${WORD}-movers`;
  const addresses: string[] = [];
  const from = () => {
    const a = address();
    addresses.push(a);
    return a;
  };

  beforeAll(async () => {
    app = await startTestApp(database.config, TRUSTING);
    companyId = await insertCompany(app.db, slug);
    admin = await loginAsAdmin(app.baseUrl);
    await setAdminPassword(app.db, VIEWER.username, VIEWER.password);
    await app.db('admin_users').where({ username: VIEWER.username }).update({ role: 'viewer' });
    viewer = await loginAsAdmin(app.baseUrl, VIEWER);
  });

  afterAll(async () => {
    await app.db('companies').where('slug', 'like', `${WORD}%`).delete();
    await app.db('admin_users').where({ username: VIEWER.username }).delete();
    await app.db('audit_events').where({ actor_username: VIEWER.username }).delete();
    await app
      .db('rate_limit_hits')
      .whereIn(
        'key',
        addresses.map((a) => `profile-activity:${a}`),
      )
      .delete();
    await app.close();
  });

  it('counts each kind once per beacon on the company’s UTC day, as sendBeacon and fetch send them, and sets no cookie', async () => {
    const client = from();
    const sent = [
      // navigator.sendBeacon(url, string): JSON text as text/plain
      await sendBeacon(app.baseUrl, slug, { kind: 'view' }, { from: client }),
      await sendBeacon(app.baseUrl, slug, { kind: 'view' }, { from: client }),
      // fetch(url, { keepalive: true, headers: { 'Content-Type': 'application/json' } })
      await sendBeacon(
        app.baseUrl,
        slug,
        { kind: 'view' },
        { from: client, contentType: 'application/json' },
      ),
      await sendBeacon(app.baseUrl, slug, { kind: 'quote_click' }, { from: client }),
      await sendBeacon(app.baseUrl, slug, { kind: 'phone_click' }, { from: client }),
      await sendBeacon(app.baseUrl, slug, { kind: 'phone_click' }, { from: client }),
      await sendBeacon(app.baseUrl, slug, { kind: 'website_click' }, { from: client }),
    ];
    const before = Date.now();
    for (const res of sent) {
      expect(res.status, await res.clone().text()).toBe(204);
      expect(await res.text()).toBe('');
      expect(res.headers.getSetCookie()).toEqual([]);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    expect(await countsOf(app.db, companyId)).toEqual({
      view: 3,
      quote_click: 1,
      phone_click: 2,
      website_click: 1,
    });
    // One row per kind and day, holding a count: nothing about the visitor.
    const rows = (await app
      .db('company_daily_activity')
      .where({ company_id: companyId })
      .orderBy('kind')) as Array<Record<string, unknown>>;
    expect(rows.map((r) => Object.keys(r).sort())).toEqual(
      Array.from({ length: 4 }, () => ['company_id', 'count', 'day', 'kind']),
    );
    expect(new Set(rows.map((r) => r.day))).toEqual(new Set([dayOf(before)]));
  });

  it('answers robots 204 and counts nothing: crawlers by their user agent, and requests naming none', async () => {
    const bots = await insertCompany(app.db, `${WORD}-bots`);
    const client = from();
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36',
      'python-requests/2.31.0',
      '',
    ]) {
      const res = await sendBeacon(
        app.baseUrl,
        `${WORD}-bots`,
        { kind: 'view' },
        { agent, from: client },
      );
      expect(res.status, agent).toBe(204);
    }
    expect(await countsOf(app.db, bots)).toEqual({});
    // The same beacon from a browser is counted: it was the agent, not the request.
    expect(
      (await sendBeacon(app.baseUrl, `${WORD}-bots`, { kind: 'view' }, { from: client })).status,
    ).toBe(204);
    expect(await countsOf(app.db, bots)).toEqual({ view: 1 });
  });

  it('answers 404 in JSON for a company that has no public profile', async () => {
    await insertCompany(app.db, `${WORD}-unlisted`, { listed: false });
    for (const [target, error] of [
      [`${WORD}-nobody`, `No company with slug "${WORD}-nobody"`],
      [`${WORD}-unlisted`, `No company with slug "${WORD}-unlisted"`],
      ['Not%20A%20Slug', 'No company with slug "Not A Slug"'],
    ] as const) {
      const res = await sendBeacon(app.baseUrl, target, { kind: 'view' }, { from: from() });
      expect(res.status, target).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ error });
    }
  });

  it('refuses a wrong body with 400 and a message in plain words, and counts nothing', async () => {
    const before = await countsOf(app.db, companyId);
    for (const [body, error] of [
      [
        { kind: 'hover' },
        'The kind of activity must be one of: view, quote_click, phone_click, website_click',
      ],
      [{}, 'The kind of activity is required'],
      [{ kind: 'view', visitor: 'ada@example.com' }, 'Unknown field: visitor'],
      ['["view"]', 'The request body must be a JSON object'],
      ['kind=view', 'The request body is not valid JSON'],
    ] as const) {
      const res = await sendBeacon(app.baseUrl, slug, body, { from: from() });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toEqual({ error });
    }
    expect(await countsOf(app.db, companyId)).toEqual(before);
  });

  it('limits the reports per address like the other public writes (429, then nothing counted)', async () => {
    const limited = await startTestApp(database.config, { ...TRUSTING, RATE_LIMIT_SESSIONS: '3' });
    try {
      const company = await insertCompany(app.db, `${WORD}-limited`);
      const client = from();
      const statuses: number[] = [];
      let refusal: Response | undefined;
      for (let i = 0; i < 5; i++) {
        const res = await sendBeacon(
          limited.baseUrl,
          `${WORD}-limited`,
          { kind: 'view' },
          { from: client },
        );
        statuses.push(res.status);
        if (res.status === 429) refusal = res;
        else await res.arrayBuffer();
      }
      expect(statuses).toEqual([204, 204, 204, 429, 429]);
      expect(refusal!.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(((await refusal!.json()) as { error: string }).error).toMatch(
        /^Too many activity reports from this address; please try again in \d+ seconds$/,
      );
      expect(await countsOf(app.db, company)).toEqual({ view: 3 });
      // Another address has its own allowance.
      expect(
        (await sendBeacon(limited.baseUrl, `${WORD}-limited`, { kind: 'view' }, { from: from() }))
          .status,
      ).toBe(204);
    } finally {
      await limited.close();
    }
  });

  describe('the admin read endpoint', () => {
    const path = () => `/api/admin/companies/${companyId}/activity`;

    async function read(client: AdminClient, query = ''): Promise<AdminCompanyActivity> {
      const res = await client.request(`${path()}${query}`);
      const body = (await res.json()) as unknown;
      expect(res.status, JSON.stringify(body)).toBe(200);
      return AdminCompanyActivitySchema.parse(body);
    }

    it('answers every day of the last 30, oldest first, zeros included, with the totals', async () => {
      const now = Date.now();
      // Days before today, written as the counter writes them: three days ago is in range, 40 is not.
      await app.db('company_daily_activity').insert([
        { company_id: companyId, day: dayOf(now - 3 * DAY_MS), kind: 'view', count: 11 },
        { company_id: companyId, day: dayOf(now - 3 * DAY_MS), kind: 'quote_click', count: 2 },
        { company_id: companyId, day: dayOf(now - 40 * DAY_MS), kind: 'view', count: 500 },
      ]);
      const activity = await read(admin);
      const today = dayOf(Date.now());
      expect(activity.companyId).toBe(companyId);
      expect(activity.byDay).toHaveLength(30);
      expect(activity.to).toBe(today);
      expect(activity.from).toBe(dayOf(Date.parse(`${today}T00:00:00Z`) - 29 * DAY_MS));
      expect(activity.byDay[0]!.day).toBe(activity.from);
      expect(activity.byDay.at(-1)).toEqual({
        day: today,
        counts: { view: 3, quote_click: 1, phone_click: 2, website_click: 1 },
      });
      expect(activity.byDay.find((d) => d.day === dayOf(now - 3 * DAY_MS))!.counts).toEqual({
        view: 11,
        quote_click: 2,
        phone_click: 0,
        website_click: 0,
      });
      const days = activity.byDay.map((d) => d.day);
      expect([...days].sort()).toEqual(days);
      expect(new Set(days).size).toBe(30);
      expect(activity.totals).toEqual({
        view: 14,
        quote_click: 3,
        phone_click: 2,
        website_click: 1,
      });
      // Shorter ranges: today alone.
      const one = await read(admin, '?days=1');
      expect(one.byDay).toEqual([
        { day: today, counts: { view: 3, quote_click: 1, phone_click: 2, website_click: 1 } },
      ]);
    });

    it('is read by viewers too, and answers a company without activity with zeros', async () => {
      const quiet = await insertCompany(app.db, `${WORD}-quiet`);
      const res = await viewer.request(`/api/admin/companies/${quiet}/activity?days=7`);
      expect(res.status).toBe(200);
      const activity = AdminCompanyActivitySchema.parse(await res.json());
      expect(activity.byDay).toHaveLength(7);
      expect(activity.totals).toEqual({
        view: 0,
        quote_click: 0,
        phone_click: 0,
        website_click: 0,
      });
      expect(activity.byDay.every((d) => Object.values(d.counts).every((n) => n === 0))).toBe(true);
    });

    it('refuses a wrong query or id in plain words, and an unknown company with 404', async () => {
      for (const [query, error] of [
        ['?days=0', 'Days must be between 1 and 366'],
        ['?days=400', 'Days must be between 1 and 366'],
        ['?days=week', 'Days must be a whole number'],
        ['?from=2026-01-01', 'Unknown query parameter: from'],
      ] as const) {
        const res = await admin.request(`${path()}${query}`);
        expect(res.status, query).toBe(400);
        expect(await res.json()).toEqual({ error });
      }
      const wrongId = await admin.request('/api/admin/companies/abc/activity');
      expect(wrongId.status).toBe(400);
      expect(await wrongId.json()).toEqual({
        error: 'The company id must be a positive whole number',
      });
      const missing = await admin.request('/api/admin/companies/2000000000/activity');
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ error: 'No company with id 2000000000' });
    });

    it('is behind the admin gate: 401 without a session; a write there is refused without CSRF and by the policy', async () => {
      const anonymous = await fetch(`${app.baseUrl}${path()}`);
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toEqual({ error: expect.any(String) });
      // A session but no CSRF token: the gate refuses any write before it reaches a route.
      const noCsrf = await fetch(`${app.baseUrl}${path()}`, {
        method: 'POST',
        headers: { Cookie: admin.cookie, 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect(noCsrf.status).toBe(403);
      // With it: the address takes no writes, for any role.
      const write = await admin.request(path(), { method: 'POST', body: '{}' });
      expect(write.status).toBe(403);
      expect(await write.json()).toEqual({ error: 'This address is not open to any role' });
    });
  });

  it('forgets a company’s counts with the company', async () => {
    const gone = await insertCompany(app.db, `${WORD}-gone-${randomUUID().slice(0, 6)}`);
    const goneSlug = (
      (await app.db('companies').where({ id: gone }).first('slug')) as { slug: string }
    ).slug;
    expect(
      (await sendBeacon(app.baseUrl, goneSlug, { kind: 'view' }, { from: from() })).status,
    ).toBe(204);
    expect(await countsOf(app.db, gone)).toEqual({ view: 1 });
    const res = await admin.request(`/api/admin/companies/${gone}`, { method: 'DELETE' });
    expect(res.status, await res.clone().text()).toBe(204);
    expect(await app.db('company_daily_activity').where({ company_id: gone })).toEqual([]);
  });
});
