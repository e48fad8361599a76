/**
 * No lost work in the admin (docs/decisions/028), over HTTP on every test database: a save based on an old
 * version answers 409 with the company as saved now and the fields that differ, and writes nothing (also
 * when two server processes race from one version: exactly one wins); the table's toggles, a partner and the
 * site settings are checked the same way; two "Create company" requests with one Idempotency-Key — sent at
 * once to two server processes — make one company; and a changed slug keeps the old address working with a
 * 301, for the page and the API, while no other company may take it.
 *
 * Everything this file creates carries a word of this run, and the settings and partner it changes are put
 * back afterwards, for the test files that follow on the same databases.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminCompanyDetailSchema,
  AdminPartnerSchema,
  SiteSettingsResponseSchema,
  type AdminCompanyDetail,
  type CompanyInputValues,
  type StaleWriteBody,
} from '@moveratlas/contracts';
import { testDatabases } from '../databases';
import { startTestApp, type TestApp } from '../test-app';
import { loginAsAdmin, type AdminClient } from '../admin-session';

const WORD = `lwk${randomInt(100_000, 999_999)}`;

const form = (overrides: Partial<CompanyInputValues> = {}): CompanyInputValues => ({
  name: `${WORD} Careful Movers`,
  description: 'Local moves in Austin.',
  phone: '512 555 0143',
  city: 'Austin',
  state: 'TX',
  services: ['local-moving'],
  is_featured: false,
  is_in_list: true,
  ...overrides,
});

describe.each(testDatabases())('no lost work in the admin on $name', (database) => {
  /** Two server processes on one database, as behind a load balancer. */
  let app: TestApp;
  let other: TestApp;
  let admin: AdminClient;
  let otherAdmin: AdminClient;

  const send = (client: AdminClient, method: string, path: string, body?: unknown, headers = {}) =>
    client.request(path, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const json = async <T>(res: Response, status: number): Promise<T> => {
    const body = (await res.json()) as T;
    expect(res.status, JSON.stringify(body)).toBe(status);
    return body;
  };
  const detail = async (id: number) =>
    AdminCompanyDetailSchema.parse(
      await json(await admin.request(`/api/admin/companies/${id}`), 200),
    );
  const create = async (overrides: Partial<CompanyInputValues> = {}) =>
    json<{ id: number; slug: string }>(
      await send(admin, 'POST', '/api/admin/companies', form(overrides)),
      201,
    );
  const companyRow = (id: number) =>
    app.db('companies').where('id', id).first('name', 'phone', 'version', 'updated_at') as Promise<{
      name: string;
      phone: string | null;
      version: number | string;
      updated_at: unknown;
    }>;

  beforeAll(async () => {
    app = await startTestApp(database.config);
    other = await startTestApp(database.config);
    admin = await loginAsAdmin(app.baseUrl);
    otherAdmin = await loginAsAdmin(other.baseUrl);
  });

  afterAll(async () => {
    const ids = (await app
      .db('companies')
      .where('name', 'like', `${WORD}%`)
      .pluck('id')) as number[];
    if (ids.length > 0) await app.db('companies').whereIn('id', ids).delete();
    await app.db('company_create_requests').where('idempotency_key', 'like', `${WORD}%`).delete();
    await app.db('site_settings').delete();
    await app
      .db('partners')
      .where('site_id', 'demo-partner')
      .update({
        name: 'Demo partner page',
        allowed_origins: JSON.stringify(['http://localhost:4000']),
      });
    await other.close();
    await app.close();
  });

  describe('company saves carry the version they were based on', () => {
    it('answers the version with the company and raises it at every save', async () => {
      const { id } = await create();
      const first = await detail(id);
      expect(first.version).toBe(1);
      expect(first.formerSlugs).toEqual([]);
      const saved = AdminCompanyDetailSchema.parse(
        await json(
          await send(admin, 'PUT', `/api/admin/companies/${id}`, {
            ...form({ phone: '512 555 0144' }),
            version: 1,
          }),
          200,
        ),
      );
      expect(saved.version).toBe(2);
      expect(saved.values.phone).toBe('(512) 555-0144');
    });

    it('refuses a save without a version', async () => {
      const { id } = await create({ name: `${WORD} Versionless Vans` });
      const res = await send(admin, 'PUT', `/api/admin/companies/${id}`, form());
      expect(await json(res, 400)).toEqual({
        error: 'The record’s version is required: reload it and save again',
      });
    });

    it('answers a stale save 409 with what changed, and writes nothing of it', async () => {
      const { id } = await create({ name: `${WORD} Two Tabs Moving` });
      // Ana and Ben open the company at version 1; Ana saves a new phone number first.
      await json(
        await send(admin, 'PUT', `/api/admin/companies/${id}`, {
          ...form({ name: `${WORD} Two Tabs Moving`, phone: '512 555 0150' }),
          version: 1,
        }),
        200,
      );
      const afterAna = await companyRow(id);
      // Ben, still on version 1, renames it and leaves the phone as he loaded it.
      const stale = await json<StaleWriteBody<AdminCompanyDetail>>(
        await send(otherAdmin, 'PUT', `/api/admin/companies/${id}`, {
          ...form({ name: `${WORD} Two Tabs Movers LLC`, phone: '512 555 0143' }),
          version: 1,
        }),
        409,
      );
      expect(stale.error).toBe(
        'Someone else saved this company while you were editing it, so your changes were not saved. 2 fields differ from what you sent: choose which values to keep and save again.',
      );
      const current = AdminCompanyDetailSchema.parse(stale.current);
      expect(current.version).toBe(2);
      expect(current.values.phone).toBe('(512) 555-0150');
      expect(stale.changed).toEqual([
        {
          field: 'name',
          label: 'Name',
          yours: `${WORD} Two Tabs Movers LLC`,
          theirs: `${WORD} Two Tabs Moving`,
        },
        { field: 'phone', label: 'Phone', yours: '(512) 555-0143', theirs: '(512) 555-0150' },
      ]);
      // Nothing of Ben's save was written: Ana's row is exactly as she left it.
      expect(await companyRow(id)).toEqual(afterAna);
      // Saved again on the new version, Ben's merge goes through.
      const merged = AdminCompanyDetailSchema.parse(
        await json(
          await send(otherAdmin, 'PUT', `/api/admin/companies/${id}`, {
            ...form({ name: `${WORD} Two Tabs Movers LLC`, phone: '512 555 0150' }),
            version: 2,
          }),
          200,
        ),
      );
      expect(merged.values).toMatchObject({
        name: `${WORD} Two Tabs Movers LLC`,
        phone: '(512) 555-0150',
      });
      expect(merged.version).toBe(3);
    });

    it('lets exactly one of two saves racing from one version through two server processes win', async () => {
      const { id } = await create({ name: `${WORD} Racing Relocations` });
      const names = Array.from({ length: 6 }, (_, i) => `${WORD} Racing Relocations ${i}`);
      const answers = await Promise.all(
        names.map((name, i) =>
          send(i % 2 === 0 ? admin : otherAdmin, 'PUT', `/api/admin/companies/${id}`, {
            ...form({ name }),
            version: 1,
          }),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(names.length - 1);
      const winner = names[statuses.indexOf(200)]!;
      const row = await companyRow(id);
      expect(row.name).toBe(winner);
      expect(Number(row.version)).toBe(2);
    });

    it('checks the table toggles against the version the table showed', async () => {
      const { id } = await create({ name: `${WORD} Toggle Trucks` });
      const featured = AdminCompanyDetailSchema.parse(
        await json(
          await send(admin, 'PATCH', `/api/admin/companies/${id}`, {
            is_featured: true,
            version: 1,
          }),
          200,
        ),
      );
      expect(featured).toMatchObject({ version: 2, values: { is_featured: true } });
      const stale = await json<StaleWriteBody<AdminCompanyDetail>>(
        await send(otherAdmin, 'PATCH', `/api/admin/companies/${id}`, {
          is_featured: false,
          version: 1,
        }),
        409,
      );
      expect(stale.changed).toEqual([
        { field: 'is_featured', label: 'Featured', yours: false, theirs: true },
      ]);
      expect(Number((await companyRow(id)).version)).toBe(2);
      expect((await detail(id)).values.is_featured).toBe(true);
      const missing = await send(admin, 'PATCH', '/api/admin/companies/99999999', {
        is_featured: true,
        version: 1,
      });
      expect(missing.status).toBe(404);
    });
  });

  describe('one company per Create, however often it is sent', () => {
    it('makes one company of two requests with one key sent at once to two server processes', async () => {
      const key = `${WORD}-${randomUUID()}`;
      const name = `${WORD} Double Click Movers`;
      const [a, b] = await Promise.all([
        send(admin, 'POST', '/api/admin/companies', form({ name }), { 'Idempotency-Key': key }),
        send(otherAdmin, 'POST', '/api/admin/companies', form({ name }), {
          'Idempotency-Key': key,
        }),
      ]);
      const first = await json<{ id: number; slug: string }>(a, 201);
      const second = await json<{ id: number; slug: string }>(b, 201);
      expect(second).toEqual(first);
      expect([a.headers.get('Idempotent-Replayed'), b.headers.get('Idempotent-Replayed')]).toEqual(
        expect.arrayContaining(['true', null]),
      );
      const rows = (await app.db('companies').where('name', name).pluck('id')) as number[];
      expect(rows.map(Number)).toEqual([first.id]);

      // A third try later answers the same company, and still creates none.
      const again = await send(admin, 'POST', '/api/admin/companies', form({ name }), {
        'Idempotency-Key': key,
      });
      expect(await json(again, 201)).toEqual(first);
      expect(again.headers.get('Idempotent-Replayed')).toBe('true');
      const counted = (await app.db('companies').where('name', name).count({ n: '*' }).first()) as {
        n: number | string;
      };
      expect(Number(counted.n)).toBe(1);
    });

    it('creates again with another key, and refuses a malformed key', async () => {
      const name = `${WORD} Two Forms Moving`;
      const one = await json<{ id: number }>(
        await send(admin, 'POST', '/api/admin/companies', form({ name }), {
          'Idempotency-Key': `${WORD}-${randomUUID()}`,
        }),
        201,
      );
      const two = await json<{ id: number }>(
        await send(admin, 'POST', '/api/admin/companies', form({ name }), {
          'Idempotency-Key': `${WORD}-${randomUUID()}`,
        }),
        201,
      );
      expect(two.id).not.toBe(one.id);
      const bad = await send(admin, 'POST', '/api/admin/companies', form({ name }), {
        'Idempotency-Key': 'short',
      });
      expect(await json(bad, 400)).toEqual({
        error: 'Idempotency-Key must be 8 to 100 letters, digits, - or _',
      });
    });

    it('keeps a refused create from using up its key', async () => {
      const key = `${WORD}-${randomUUID()}`;
      const refused = await send(
        admin,
        'POST',
        '/api/admin/companies',
        form({ name: `${WORD} Nowhere Movers`, city: 'Atlantis' }),
        { 'Idempotency-Key': key },
      );
      expect(refused.status).toBe(400);
      const fixed = await send(
        admin,
        'POST',
        '/api/admin/companies',
        form({ name: `${WORD} Nowhere Movers` }),
        { 'Idempotency-Key': key },
      );
      expect(fixed.status).toBe(201);
      expect(fixed.headers.get('Idempotent-Replayed')).toBeNull();
    });
  });

  describe('a changed slug keeps its old address', () => {
    it('answers the old page and API addresses 301 to the new ones, and lists the old slug', async () => {
      const { id, slug } = await create({ name: `${WORD} Renamed Removals` });
      const renamed = `${WORD}-new-name-removals`;
      const saved = AdminCompanyDetailSchema.parse(
        await json(
          await send(admin, 'PUT', `/api/admin/companies/${id}`, {
            ...form({ name: `${WORD} Renamed Removals`, slug: renamed }),
            version: 1,
          }),
          200,
        ),
      );
      expect(saved.values.slug).toBe(renamed);
      expect(saved.formerSlugs.map((f) => f.slug)).toEqual([slug]);

      const api = await fetch(`${app.baseUrl}/api/companies/${slug}`, { redirect: 'manual' });
      expect(api.status).toBe(301);
      expect(api.headers.get('location')).toBe(`/api/companies/${renamed}`);
      expect(api.headers.get('cache-control')).toMatch(/max-age=0/);
      // fetch follows it, as the profile page's client does.
      const followed = await app.get(`/api/companies/${slug}`);
      expect(((await followed.json()) as { slug: string }).slug).toBe(renamed);

      const reviews = await fetch(`${app.baseUrl}/api/companies/${slug}/reviews?page=1`, {
        redirect: 'manual',
      });
      expect(reviews.status).toBe(301);
      expect(reviews.headers.get('location')).toBe(`/api/companies/${renamed}/reviews?page=1`);

      const page = await fetch(`${app.baseUrl}/company/${slug}`, { redirect: 'manual' });
      expect(page.status).toBe(301);
      expect(page.headers.get('location')).toBe(`/company/${renamed}`);
      expect((await app.get(`/company/${renamed}`)).status).toBe(200);
      expect((await app.get(`/api/companies/${WORD}-never-was-a-slug`)).status).toBe(404);
    });

    it('keeps an old slug for its company: another may not take it, the company may take it back', async () => {
      const { id, slug } = await create({ name: `${WORD} Old Address Hauling` });
      const renamed = `${WORD}-old-address-hauling-2`;
      await json(
        await send(admin, 'PUT', `/api/admin/companies/${id}`, {
          ...form({ name: `${WORD} Old Address Hauling`, slug: renamed }),
          version: 1,
        }),
        200,
      );
      const taken = await send(
        admin,
        'POST',
        '/api/admin/companies',
        form({ name: `${WORD} Newcomer Hauling`, slug }),
      );
      expect(await json(taken, 409)).toEqual({
        error: `Slug "${slug}" was the address of ${WORD} Old Address Hauling before, and its old links still lead there: choose another`,
      });
      // A new company named like it gets another slug made for it, not the old one.
      const named = await create({ name: `${WORD} Old Address Hauling`, city: 'Houston' });
      expect(named.slug).not.toBe(slug);

      const back = AdminCompanyDetailSchema.parse(
        await json(
          await send(admin, 'PUT', `/api/admin/companies/${id}`, {
            ...form({ name: `${WORD} Old Address Hauling`, slug }),
            version: 2,
          }),
          200,
        ),
      );
      expect(back.values.slug).toBe(slug);
      expect(back.formerSlugs.map((f) => f.slug)).toEqual([renamed]);
      expect((await app.get(`/api/companies/${slug}`)).status).toBe(200);
      const old = await fetch(`${app.baseUrl}/api/companies/${renamed}`, { redirect: 'manual' });
      expect(old.headers.get('location')).toBe(`/api/companies/${slug}`);
    });
  });

  describe('the other record forms', () => {
    it('answers a stale partner edit 409 with what changed, and writes nothing', async () => {
      const loaded = AdminPartnerSchema.parse(
        await json(await admin.request('/api/admin/settings/partners/demo-partner'), 200),
      );
      const saved = AdminPartnerSchema.parse(
        await json(
          await send(admin, 'PATCH', '/api/admin/settings/partners/demo-partner', {
            name: `${WORD} Demo partner`,
            version: loaded.version,
          }),
          200,
        ),
      );
      expect(saved.version).toBe(loaded.version + 1);
      const stale = await json<StaleWriteBody<unknown>>(
        await send(otherAdmin, 'PATCH', '/api/admin/settings/partners/demo-partner', {
          name: `${WORD} Other name`,
          allowedOrigins: loaded.allowedOrigins,
          version: loaded.version,
        }),
        409,
      );
      expect(stale.changed).toEqual([
        {
          field: 'name',
          label: 'Name',
          yours: `${WORD} Other name`,
          theirs: `${WORD} Demo partner`,
        },
      ]);
      expect(AdminPartnerSchema.parse(stale.current)).toEqual(saved);
      expect(await app.db('partners').where('site_id', 'demo-partner').first('name')).toEqual({
        name: `${WORD} Demo partner`,
      });
    });

    it('answers a stale site settings save 409 with what changed, and writes nothing', async () => {
      const loaded = SiteSettingsResponseSchema.parse(
        await json(await admin.request('/api/admin/settings/site'), 200),
      );
      const values = {
        siteName: `${WORD} Atlas`,
        supportEmail: 'help@atlas.example',
        supportPhone: '(415) 555-0199',
        leadBackendUrl: '',
      };
      const saved = SiteSettingsResponseSchema.parse(
        await json(
          await send(admin, 'PUT', '/api/admin/settings/site', {
            ...values,
            version: loaded.version,
          }),
          200,
        ),
      );
      expect(saved.version).toBe(loaded.version + 1);
      const stale = await json<StaleWriteBody<unknown>>(
        await send(otherAdmin, 'PUT', '/api/admin/settings/site', {
          ...values,
          siteName: `${WORD} Other`,
          supportEmail: 'other@atlas.example',
          version: loaded.version,
        }),
        409,
      );
      expect(stale.changed.map((c) => [c.field, c.label, c.yours, c.theirs])).toEqual([
        ['siteName', 'Site name', `${WORD} Other`, `${WORD} Atlas`],
        ['supportEmail', 'Support e-mail', 'other@atlas.example', 'help@atlas.example'],
      ]);
      expect(SiteSettingsResponseSchema.parse(stale.current).version).toBe(saved.version);
      const stored = SiteSettingsResponseSchema.parse(
        await json(await otherAdmin.request('/api/admin/settings/site'), 200),
      );
      expect(stored.settings.siteName).toBe(`${WORD} Atlas`);
    });
  });
});
