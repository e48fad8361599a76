/**
 * The admin settings screen over HTTP, on every test database: site settings and their validation, the lead
 * backend URL steering the outbox's forwarding, partners whose origins take effect in CORS at once, and the
 * admin-user rules (password policy, never yourself, never the last admin, a password change that signs out
 * the admin's other sessions).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminPartnerSchema,
  AdminUserListSchema,
  PartnerListSchema,
  FIXED_TITLE_PAGES,
  SiteSettingsResponseSchema,
  type AdminPartner,
} from '@moveratlas/contracts';
import type { DatabaseConfig as ServerDatabaseConfig } from '../../src/config';
import { openDatabase } from '../../src/db/connection';
import { migrate } from '../../src/db/prepare';
import { setAdminPassword } from '../../src/features/auth/admin-users';
import { testDatabases, TEST_ADMIN } from '../databases';
import { loginAsAdmin, type AdminClient } from '../admin-session';
import { startTestApp } from '../test-app';
import { FakeCloudFunctions } from '../leads/fake-cloud-functions';
import { leadForm, removeLeads, startLeadApp, waitFor, type LeadApp } from '../leads/support';

const PREFIX = 'settings-test';

async function body<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** A database with the schema and nothing else, for the rules that need "only these admins". */
async function scratchDatabase(
  database: ServerDatabaseConfig,
): Promise<{ config: ServerDatabaseConfig; drop(): Promise<void> }> {
  if (database.client === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'moveratlas-admins-'));
    return {
      config: { client: 'sqlite', filename: path.join(dir, 'admins.sqlite') },
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const url = new URL(database.url);
  const name = `${url.pathname.slice(1)}_admins`;
  const server = await mysql.createConnection({ uri: database.url });
  await server.query(`DROP DATABASE IF EXISTS \`${name}\``);
  await server.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4`);
  url.pathname = `/${name}`;
  return {
    config: { client: 'mysql', url: url.toString() },
    async drop() {
      await server.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await server.end();
    },
  };
}

describe.each(testDatabases())('admin settings API on $name', (database) => {
  const upstream = new FakeCloudFunctions();
  let app: LeadApp;
  let admin: AdminClient;
  const leadUuids: string[] = [];

  const cleanUp = async (db: Knex) => {
    await db('site_settings').delete();
    await db('partners').where('site_id', 'like', `${PREFIX}-%`).delete();
    await db('admin_users').where('username', 'like', `${PREFIX}-%`).delete();
    await db('login_throttle').where('key', 'like', `%${PREFIX}-%`).delete();
  };

  beforeAll(async () => {
    await upstream.start();
    // No LEAD_BACKEND_URL: leads stay in our own database until the setting names a backend.
    app = await startLeadApp(database.config, {}, { worker: true });
    await cleanUp(app.db);
    admin = await loginAsAdmin(app.baseUrl);
  });
  afterAll(async () => {
    await cleanUp(app.db);
    await removeLeads(app.db, leadUuids);
    await app.close();
    await upstream.stop();
  });

  /** A save from the form as loaded now: with the settings' current version (decision 028). */
  const putSite = async (values: Record<string, unknown>) => {
    const loaded = (await (await admin.request('/api/admin/settings/site')).json()) as {
      version: number;
    };
    return admin.request('/api/admin/settings/site', {
      method: 'PUT',
      body: JSON.stringify({ ...values, version: loaded.version }),
    });
  };
  const validSite = {
    siteName: 'Atlas Movers Hub',
    supportEmail: 'help@atlas-movers.example',
    supportPhone: '(415) 555-0199',
    leadBackendUrl: '',
  };

  it('refuses the settings endpoints without a session, and writes without the CSRF token', async () => {
    for (const path of ['site', 'partners', 'admin-users']) {
      const res = await app.get(`/api/admin/settings/${path}`);
      expect(res.status, path).toBe(401);
    }
    const forged = await fetch(`${app.baseUrl}/api/admin/settings/site`, {
      method: 'PUT',
      headers: { Cookie: admin.cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify(validSite),
    });
    expect(forged.status).toBe(403);
    const stored = (await app.db('site_settings').count({ n: '*' }).first()) as {
      n: number | string;
    };
    expect(Number(stored.n)).toBe(0);
  });

  it('answers the defaults, then stores validated settings and says who changed them', async () => {
    const initial = SiteSettingsResponseSchema.parse(
      await body(await admin.request('/api/admin/settings/site')),
    );
    expect(initial).toEqual({
      settings: {
        siteName: 'MoverAtlas',
        supportEmail: 'support@moveratlas.example',
        supportPhone: '3125550100',
        leadBackendUrl: null,
      },
      defaults: initial.settings,
      leadBackendOverridden: false,
      updatedAt: null,
      updatedBy: null,
      titleWarning: null,
      version: 0,
    });

    const res = await putSite({ ...validSite, siteName: '  Atlas Movers Hub  ' });
    expect(res.status).toBe(200);
    const saved = SiteSettingsResponseSchema.parse(await body(res));
    expect(saved.settings).toEqual({
      siteName: 'Atlas Movers Hub',
      supportEmail: 'help@atlas-movers.example',
      supportPhone: '4155550199',
      leadBackendUrl: null,
    });
    expect(saved.updatedBy).toBe(TEST_ADMIN.username);
    expect(Math.abs(Date.parse(saved.updatedAt!) - Date.now())).toBeLessThan(120_000);
    expect(saved.defaults.siteName).toBe('MoverAtlas');
    const again = SiteSettingsResponseSchema.parse(
      await body(await admin.request('/api/admin/settings/site')),
    );
    expect(again.settings).toEqual(saved.settings);
  });

  // Renders thirteen pages: on a busy two-core machine more than the default 30 s.
  it(
    'accepts a site name that pushes page titles past 60 characters, and says so with the longest title',
    { timeout: 180_000 },
    async () => {
      const siteName = 'The Nationwide Moving Company Directory';
      const res = await putSite({ ...validSite, siteName });
      expect(res.status).toBe(200);
      const saved = SiteSettingsResponseSchema.parse(await body(res));
      expect(saved.settings.siteName).toBe(siteName);
      expect(saved.titleWarning).toEqual({
        longestTitle: `Compare Moving Companies & Get Free Quotes | ${siteName}`,
        length: 84,
        // "Contact Us", "Sitemap" and "Moving Guides" still fit.
        pagesOver: 10,
        pages: FIXED_TITLE_PAGES.length,
        limit: 60,
      });
      // The pages say what the warning says: each fixed title, with the new name, as the server renders it.
      for (const page of FIXED_TITLE_PAGES) {
        const html = await (await app.get(page.path)).text();
        const title = /<title>([^<]*)<\/title>/.exec(html)?.[1]?.replaceAll('&amp;', '&');
        expect(title, page.path).toBe(`${page.title} | ${siteName}`);
      }
      // A short name makes no warning.
      const short = SiteSettingsResponseSchema.parse(
        await body(await putSite({ ...validSite, siteName: 'Atlas' })),
      );
      expect(short.titleWarning).toBeNull();
    },
  );

  it.each([
    [{ supportEmail: 'not-an-email' }, 'Support e-mail must be a valid e-mail address'],
    [{ supportEmail: '' }, 'Support e-mail is required'],
    [{ supportPhone: '555-0199' }, 'Support phone must have exactly 10 digits'],
    [{ supportPhone: 'call us' }, 'Support phone may contain only digits, spaces and ( ) . + -'],
    [{ siteName: 'A' }, 'Site name must be at least 2 characters'],
    [{ siteName: 'x'.repeat(81) }, 'Site name must be at most 80 characters'],
    [
      { leadBackendUrl: 'ftp://functions.example' },
      'Lead backend URL must start with https:// or http://',
    ],
    [
      { leadBackendUrl: 'functions.example' },
      'Lead backend URL must be a full URL such as https://functions.example',
    ],
    [
      { leadBackendUrl: 'https://user:pw@functions.example' },
      'Lead backend URL must not contain credentials, a query string or a fragment',
    ],
    [
      { leadBackendUrl: 'https://functions.example/?key=1' },
      'Lead backend URL must not contain credentials, a query string or a fragment',
    ],
    [{ colour: 'blue' }, 'Unknown field: colour'],
  ])('answers 400 for %j', async (change, message) => {
    const before = await app.db('site_settings').orderBy('name').select('name', 'value');
    const res = await putSite({ ...validSite, ...change });
    expect(res.status).toBe(400);
    expect(await body(res)).toEqual({ error: message });
    expect(await app.db('site_settings').orderBy('name').select('name', 'value')).toEqual(before);
  });

  it('forwards leads to the lead backend URL the setting names, and back to our own database when cleared', async () => {
    const submit = async () => {
      const fields = leadForm();
      leadUuids.push(fields.lead_uuid!);
      const res = await app.postForm('/api/proxy/send_lead', fields);
      expect(res.status).toBe(200);
      return { uuid: fields.lead_uuid!, publicId: await res.text() };
    };
    const deliveredRow = async (uuid: string) => {
      await waitFor(
        async () =>
          (
            (await app.db('leads').where({ lead_uuid: uuid }).first('delivery_status')) as {
              delivery_status: string;
            }
          ).delivery_status === 'delivered',
        15_000,
        `delivery of ${uuid}`,
      );
      return (await app.db('leads').where({ lead_uuid: uuid }).first()) as {
        backend_lead_id: string | null;
      };
    };

    const set = await putSite({ ...validSite, leadBackendUrl: `${upstream.url}/` });
    const answer = SiteSettingsResponseSchema.parse(await body(set));
    expect(answer.settings.leadBackendUrl).toBe(upstream.url);
    expect(answer.leadBackendOverridden).toBe(true);
    const remote = await submit();
    const remoteRow = await deliveredRow(remote.uuid);
    expect(upstream.acceptedLeads.get(remote.uuid)).toBe(1);
    expect(Number(remoteRow.backend_lead_id)).toBeGreaterThanOrEqual(1000);

    const cleared = SiteSettingsResponseSchema.parse(await body(await putSite(validSite)));
    expect(cleared.settings.leadBackendUrl).toBeNull();
    expect(cleared.leadBackendOverridden).toBe(false);
    const local = await submit();
    const localRow = await deliveredRow(local.uuid);
    // The built-in backend answers our own public id, and the fake never hears of the lead.
    expect(localRow.backend_lead_id).toBe(local.publicId);
    expect(upstream.attempts('/send_lead', local.uuid)).toBe(0);
  });

  describe('partners', () => {
    const preflight = (origin: string) =>
      fetch(`${app.baseUrl}/api/proxy/session_send_bq`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
    const allowOrigin = async (origin: string) =>
      (await preflight(origin)).headers.get('access-control-allow-origin');
    const createPartner = (partner: Record<string, unknown>) =>
      admin.request('/api/admin/settings/partners', {
        method: 'POST',
        body: JSON.stringify(partner),
      });
    /** An edit from the dialog as opened now: with the partner's current version (decision 028). */
    const patchPartner = async (siteId: string, change: Record<string, unknown>) => {
      const loaded = await admin.request(`/api/admin/settings/partners/${siteId}`);
      const version = loaded.ok ? ((await loaded.json()) as { version: number }).version : 1;
      return admin.request(`/api/admin/settings/partners/${siteId}`, {
        method: 'PATCH',
        body: JSON.stringify({ ...change, version }),
      });
    };

    it('lists partners a page at a time, sorted and filtered on the server', async () => {
      const all = PartnerListSchema.parse(
        await body(await admin.request('/api/admin/settings/partners?limit=100')),
      );
      expect(all.partners.map((p) => p.siteId)).toEqual(
        expect.arrayContaining(['demo-partner', 'moveratlas-directory']),
      );
      expect(all.partners.find((p) => p.siteId === 'moveratlas-directory')).toMatchObject({
        isOwnSite: true,
        allowedOrigins: [],
      });
      const page = await admin.request('/api/admin/settings/partners?limit=1&sort=name&order=desc');
      const first = PartnerListSchema.parse(await body(page));
      expect(first.partners).toHaveLength(1);
      expect(first.total).toBe(all.total);
      expect(page.headers.get('x-total-count')).toBe(String(all.total));
      const names = all.partners.map((p) => p.name).sort((a, b) => b.localeCompare(a));
      expect(first.partners[0]!.name).toBe(names[0]);
      const demo = PartnerListSchema.parse(
        await body(await admin.request('/api/admin/settings/partners?q=localhost%3A4000')),
      );
      expect(demo.partners.map((p) => p.siteId)).toEqual(['demo-partner']);
      const bad = await admin.request('/api/admin/settings/partners?sort=origin');
      expect(bad.status).toBe(400);
      expect(await body(bad)).toEqual({ error: 'Sort must be one of: siteId, name, updatedAt' });
    });

    it('creates a partner with normalised origins, and its origins pass CORS at once', async () => {
      expect(await allowOrigin('https://shop.partner-one.example')).toBeNull();
      const res = await createPartner({
        siteId: `${PREFIX}-one`,
        name: 'Partner One',
        allowedOrigins: [
          'HTTPS://Shop.Partner-One.example/',
          'http://localhost:8443',
          'https://shop.partner-one.example',
        ],
      });
      expect(res.status).toBe(201);
      const created = AdminPartnerSchema.parse(await body(res));
      expect(created).toMatchObject({
        siteId: `${PREFIX}-one`,
        name: 'Partner One',
        allowedOrigins: ['https://shop.partner-one.example', 'http://localhost:8443'],
        active: true,
        isOwnSite: false,
      });
      expect(await allowOrigin('https://shop.partner-one.example')).toBe(
        'https://shop.partner-one.example',
      );
      expect(await allowOrigin('http://localhost:8443')).toBe('http://localhost:8443');

      const duplicate = await createPartner({
        siteId: `${PREFIX}-one`,
        name: 'Again',
        allowedOrigins: [],
      });
      expect(duplicate.status).toBe(409);
      expect(await body(duplicate)).toEqual({
        error: `A partner with site id "${PREFIX}-one" already exists`,
      });
    });

    it('adds an origin, deactivates and reactivates a partner, each taking effect in CORS at once', async () => {
      const siteId = `${PREFIX}-two`;
      expect(
        (await createPartner({ siteId, name: 'Partner Two', allowedOrigins: [] })).status,
      ).toBe(201);
      expect(await allowOrigin('https://two.example:8080')).toBeNull();

      const added = await patchPartner(siteId, { allowedOrigins: ['https://two.example:8080'] });
      expect(added.status).toBe(200);
      expect(((await body(added)) as AdminPartner).allowedOrigins).toEqual([
        'https://two.example:8080',
      ]);
      expect(await allowOrigin('https://two.example:8080')).toBe('https://two.example:8080');
      // Another port is another origin.
      expect(await allowOrigin('https://two.example')).toBeNull();

      const off = await patchPartner(siteId, { active: false });
      expect(((await body(off)) as AdminPartner).active).toBe(false);
      expect(await allowOrigin('https://two.example:8080')).toBeNull();
      const inactive = PartnerListSchema.parse(
        await body(await admin.request(`/api/admin/settings/partners?active=false&q=${PREFIX}`)),
      );
      expect(inactive.partners.map((p) => p.siteId)).toEqual([siteId]);

      await patchPartner(siteId, { active: true, name: 'Partner Two (renamed)' });
      expect(await allowOrigin('https://two.example:8080')).toBe('https://two.example:8080');
      const row = (await app.db('partners').where({ site_id: siteId }).first()) as {
        name: string;
        allowed_origins: string;
      };
      expect(row.name).toBe('Partner Two (renamed)');
      expect(JSON.parse(row.allowed_origins)).toEqual(['https://two.example:8080']);
    });

    it.each([
      [
        { allowedOrigins: ['https://partner.example/path'] },
        /"https:\/\/partner\.example\/path" is not an origin/,
      ],
      [{ allowedOrigins: ['partner.example'] }, /"partner\.example" is not an origin/],
      [{ allowedOrigins: ['ftp://partner.example'] }, /is not an origin/],
      [{ allowedOrigins: ['https://partner.example?x=1'] }, /is not an origin/],
      [{ allowedOrigins: ['https://user@partner.example'] }, /is not an origin/],
      [
        { allowedOrigins: 'https://partner.example' },
        /^Allowed origins must be a list of origins$/,
      ],
      [{ siteId: 'Bad Site' }, /^Site ID must be lowercase letters, digits and single hyphens$/],
      [{ name: '' }, /^Name is required$/],
      [{ active: 'yes' }, /^Active must be true or false$/],
    ])('refuses a partner with %j (400)', async (change, message) => {
      const res = await createPartner({
        siteId: `${PREFIX}-refused`,
        name: 'Refused',
        allowedOrigins: [],
        ...change,
      });
      expect(res.status).toBe(400);
      expect((await body<{ error: string }>(res)).error).toMatch(message);
      expect(
        await app
          .db('partners')
          .where({ site_id: `${PREFIX}-refused` })
          .first(),
      ).toBeUndefined();
    });

    it('refuses to deactivate the directory itself, and answers 404 for unknown partners', async () => {
      const own = await patchPartner('moveratlas-directory', { active: false });
      expect(own.status).toBe(409);
      expect(await body(own)).toEqual({
        error: 'The directory’s own site cannot be deactivated',
      });
      const missing = await patchPartner(`${PREFIX}-nobody`, { active: false });
      expect(missing.status).toBe(404);
      const empty = await patchPartner('demo-partner', {});
      expect(empty.status).toBe(400);
      expect(await body(empty)).toEqual({
        error:
          'Nothing to change: send a new name, allowed origins or whether the partner is active',
      });
    });
  });

  describe('admin users', () => {
    const create = (username: string, password: string) =>
      admin.request('/api/admin/settings/admin-users', {
        method: 'POST',
        body: JSON.stringify({ username, password }),
      });

    it('lists the admins with their live sessions and marks the caller', async () => {
      const res = await admin.request('/api/admin/settings/admin-users?q=test-admin');
      const list = AdminUserListSchema.parse(await body(res));
      const me = list.users.find((u) => u.username === TEST_ADMIN.username)!;
      expect(me.isYou).toBe(true);
      expect(me.activeSessions).toBeGreaterThanOrEqual(1);
      expect(Date.parse(me.lastSeenAt!)).toBeGreaterThan(Date.now() - 3_600_000);
      expect((await admin.request('/api/admin/settings/admin-users?sort=password')).status).toBe(
        400,
      );
    });

    it('creates admins only with a password that meets the policy and a free username', async () => {
      const weak: Array<[string, string]> = [
        ['short-pass1', 'Password must be at least 12 characters'],
        ['password123456', 'Password is too common or predictable; choose another'],
        [`xx-${PREFIX}-ops-99`, 'Password must not contain the username'],
      ];
      for (const [password, message] of weak) {
        const res = await create(`${PREFIX}-ops`, password);
        expect(res.status, password).toBe(400);
        expect(await body(res)).toEqual({ error: message });
      }
      const badName = await create('has space', 'plum-orbit-kettle-42');
      expect(badName.status).toBe(400);
      expect(await body(badName)).toEqual({
        error: 'Username may contain only letters, digits and . _ @ -',
      });

      const res = await create(`${PREFIX}-ops`, 'plum-orbit-kettle-42');
      expect(res.status).toBe(201);
      expect(await body(res)).toMatchObject({
        username: `${PREFIX}-ops`,
        id: expect.any(Number),
      });
      const clash = await create(`${PREFIX}-OPS`, 'another-long-secret-7');
      expect(clash.status).toBe(409);
      expect(await body(clash)).toEqual({
        error: `An admin named "${PREFIX}-OPS" already exists`,
      });
      // The new admin signs in with that password.
      await loginAsAdmin(app.baseUrl, {
        username: `${PREFIX}-ops`,
        password: 'plum-orbit-kettle-42',
      });
    });

    it('never deletes the caller, deletes another admin and ends its sessions', async () => {
      const username = `${PREFIX}-temp`;
      expect((await create(username, 'temporary-secret-881')).status).toBe(201);
      const temp = await loginAsAdmin(app.baseUrl, {
        username,
        password: 'temporary-secret-881',
      });
      const me = AdminUserListSchema.parse(
        await body(await admin.request('/api/admin/settings/admin-users?q=test-admin')),
      ).users.find((u) => u.isYou)!;
      const self = await admin.request(`/api/admin/settings/admin-users/${me.id}`, {
        method: 'DELETE',
      });
      expect(self.status).toBe(409);
      expect(await body(self)).toEqual({
        error: 'You cannot delete your own account; ask another admin to do it',
      });

      const row = (await app.db('admin_users').where({ username }).first('id')) as { id: number };
      const res = await admin.request(`/api/admin/settings/admin-users/${row.id}`, {
        method: 'DELETE',
      });
      expect(res.status).toBe(204);
      expect(await app.db('admin_users').where({ username }).first()).toBeUndefined();
      expect((await temp.request('/api/admin/settings/site')).status).toBe(401);
      const again = await admin.request(`/api/admin/settings/admin-users/${row.id}`, {
        method: 'DELETE',
      });
      expect(again.status).toBe(404);
      expect(
        (await admin.request('/api/admin/settings/admin-users/abc', { method: 'DELETE' })).status,
      ).toBe(400);
    });

    it('changes the own password only with the current one, and signs out the other sessions', async () => {
      const username = `${PREFIX}-pw`;
      const oldPassword = 'first-long-secret-31';
      const newPassword = 'second-long-secret-47';
      expect((await create(username, oldPassword)).status).toBe(201);
      const here = await loginAsAdmin(app.baseUrl, { username, password: oldPassword });
      const elsewhere = await loginAsAdmin(app.baseUrl, { username, password: oldPassword });
      const change = (values: Record<string, unknown>) =>
        here.request('/api/admin/settings/password', {
          method: 'POST',
          body: JSON.stringify(values),
        });

      const wrong = await change({ currentPassword: 'not-my-password', newPassword });
      expect(wrong.status).toBe(400);
      expect(await body(wrong)).toEqual({ error: 'The current password is not correct' });
      const common = await change({ currentPassword: oldPassword, newPassword: 'qwertyuiop123' });
      expect(await body(common)).toEqual({
        error: 'New password is too common or predictable; choose another',
      });
      const same = await change({ currentPassword: oldPassword, newPassword: oldPassword });
      expect(await body(same)).toEqual({
        error: 'New password must differ from the current password',
      });
      expect((await elsewhere.request('/api/admin/settings/site')).status).toBe(200);

      const ok = await change({ currentPassword: oldPassword, newPassword });
      expect(ok.status).toBe(200);
      expect(await body(ok)).toEqual({ ok: true, endedSessions: 1 });
      expect((await elsewhere.request('/api/admin/settings/site')).status).toBe(401);
      expect((await here.request('/api/admin/settings/site')).status).toBe(200);
      await expect(loginAsAdmin(app.baseUrl, { username, password: oldPassword })).rejects.toThrow(
        /login failed: 401/,
      );
      await loginAsAdmin(app.baseUrl, { username, password: newPassword });
    });
  });

  it('never leaves the site without an admin, even when two delete each other at once', async () => {
    const scratch = await scratchDatabase(database.config);
    const db = openDatabase(scratch.config);
    try {
      await migrate(db);
      await setAdminPassword(db, 'alpha-admin', 'alpha-long-secret-1');
      await setAdminPassword(db, 'bravo-admin', 'bravo-long-secret-2');
    } finally {
      await db.destroy();
    }
    const lone = await startTestApp(scratch.config);
    try {
      const alpha = await loginAsAdmin(lone.baseUrl, {
        username: 'alpha-admin',
        password: 'alpha-long-secret-1',
      });
      const bravo = await loginAsAdmin(lone.baseUrl, {
        username: 'bravo-admin',
        password: 'bravo-long-secret-2',
      });
      const idOf = async (username: string) =>
        ((await lone.db('admin_users').where({ username }).first('id')) as { id: number }).id;
      const [alphaId, bravoId] = [await idOf('alpha-admin'), await idOf('bravo-admin')];
      const answers = await Promise.all([
        alpha.request(`/api/admin/settings/admin-users/${bravoId}`, { method: 'DELETE' }),
        bravo.request(`/api/admin/settings/admin-users/${alphaId}`, { method: 'DELETE' }),
      ]);
      const statuses = answers.map((a) => a.status).sort();
      // One delete wins; the other finds its own account gone (401) or itself the last admin (409).
      expect(statuses[0]).toBe(204);
      expect([401, 409]).toContain(statuses[1]);
      const left = (await lone.db('admin_users').count({ n: '*' }).first()) as {
        n: number | string;
      };
      expect(Number(left.n)).toBe(1);
    } finally {
      await lone.close();
      await scratch.drop();
    }
  });
});
