/**
 * Issue 12, stored image paths acting with the admin's cookies: a logo or photo may only be a picture (a file
 * under /images/ or an https image address) through the admin API and the CSV import alike; a row stored
 * before that rule is drawn without its non-image paths; and the backup, which a GET used to start, is a
 * POST with the CSRF token.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompanyImportSchema, type Company } from '@moveratlas/contracts';
import { testDatabases } from '../databases';
import { startTestApp, type TestApp } from '../test-app';
import { loginAsAdmin, type AdminClient } from '../admin-session';

const WORD = `zqimg${randomInt(100_000, 999_999)}`;

/** Addresses an <img> would fetch with the admin's cookies, or that are no picture at all. */
const NOT_IMAGES = [
  '/api/logout',
  '/api/admin/database/backup',
  'javascript:alert(1)',
  '//evil.example/logo.png',
  '/images/x.php',
  '/images/../api/logout.png',
  '/images/%2e%2e/api/logout.png',
  '/images/logos/',
  'https://moveratlas.example/api/logout',
  'https://user:secret@cdn.example.com/logo.png',
  'http://cdn.example.com/logo.png',
];

const company = (overrides: Record<string, unknown>) => ({
  name: `${WORD} Picture Movers`,
  city: 'Austin',
  state: 'TX',
  ...overrides,
});

describe.each(testDatabases())('image fields on $name', (database) => {
  let app: TestApp;
  let admin: AdminClient;
  const importIds: number[] = [];

  const ours = async () =>
    (await app.db('companies').where('slug', 'like', `${WORD}%`).pluck('slug')) as string[];

  beforeAll(async () => {
    // No cache: a row changed behind the API's back must show at once.
    app = await startTestApp(database.config, { API_CACHE_SECONDS: '0' });
    admin = await loginAsAdmin(app.baseUrl);
  });
  afterAll(async () => {
    await app.db('companies').where('slug', 'like', `${WORD}%`).delete();
    if (importIds.length > 0) await app.db('company_imports').whereIn('id', importIds).delete();
    await app.close();
  });

  it.each(NOT_IMAGES)(
    'the admin API refuses %s as a logo and as a photo, storing nothing',
    async (bad) => {
      for (const [field, value, message] of [
        ['logo', bad, /^Logo must be an https:\/\/ image address/],
        [
          'photo_urls',
          ['/images/photos/1.svg', bad],
          /^Photos: ".*" is not an https:\/\/ image address/,
        ],
      ] as const) {
        const res = await admin.request('/api/admin/companies', {
          method: 'POST',
          body: JSON.stringify(company({ [field]: value })),
        });
        const body = (await res.json()) as { error: string };
        expect(res.status, `${field} ${bad}`).toBe(400);
        expect(body.error).toMatch(message);
      }
      expect(await ours()).toEqual([]);
    },
  );

  it('the admin API still takes pictures: a site image and an https image address', async () => {
    const res = await admin.request('/api/admin/companies', {
      method: 'POST',
      body: JSON.stringify(
        company({
          slug: `${WORD}-pictures`,
          logo: '/images/logos/3.svg',
          photo_urls: ['/images/photos/2.svg', 'https://cdn.example.com/crew/truck.JPG?w=640'],
        }),
      ),
    });
    expect(res.status).toBe(201);
    const row = (await app
      .db('companies')
      .where({ slug: `${WORD}-pictures` })
      .first('logo', 'photo_urls')) as { logo: string; photo_urls: string };
    expect(row.logo).toBe('/images/logos/3.svg');
    expect(JSON.parse(row.photo_urls)).toEqual([
      '/images/photos/2.svg',
      'https://cdn.example.com/crew/truck.JPG?w=640',
    ]);
    await app
      .db('companies')
      .where({ slug: `${WORD}-pictures` })
      .delete();
  });

  it('the CSV import rejects the same addresses in its dry run', async () => {
    const rows = [
      ['slug', 'name', 'city', 'state', 'logo', 'photo_urls'],
      [
        `${WORD}-good`,
        `${WORD} Good`,
        'Austin',
        'TX',
        '/images/logos/2.svg',
        '/images/photos/3.svg',
      ],
      [`${WORD}-logout`, `${WORD} Logout`, 'Austin', 'TX', '/api/logout', ''],
      [
        `${WORD}-backup`,
        `${WORD} Backup`,
        'Austin',
        'TX',
        '',
        '/images/photos/1.svg|/api/admin/database/backup',
      ],
      [`${WORD}-php`, `${WORD} Php`, 'Austin', 'TX', '/images/x.php', ''],
      [`${WORD}-js`, `${WORD} Js`, 'Austin', 'TX', 'javascript:alert(1)', ''],
      [`${WORD}-evil`, `${WORD} Evil`, 'Austin', 'TX', '', '//evil.example/a.png'],
    ];
    const body = rows.map((cells) => cells.join(',')).join('\r\n') + '\r\n';
    const res = await admin.request('/api/admin/upload?filename=images.csv', {
      method: 'POST',
      headers: { 'Content-Type': 'text/csv' },
      body: Buffer.from(body, 'utf8'),
    });
    const json = (await res.json()) as unknown;
    expect(res.status, JSON.stringify(json)).toBe(201);
    const report = CompanyImportSchema.parse(json);
    importIds.push(report.id);
    expect(report.dryRun).toEqual({ rows: 6, created: 1, updated: 0, unchanged: 0, rejected: 5 });
    expect(report.rejected.map((r) => [r.line, r.column])).toEqual([
      [3, 'logo'],
      [4, 'photo_urls'],
      [5, 'logo'],
      [6, 'logo'],
      [7, 'photo_urls'],
    ]);
    expect(await ours()).toEqual([]);
  });

  describe('a row stored before the rule', () => {
    let target: { id: number; slug: string; logo: string | null; photo_urls: string | null };

    beforeAll(async () => {
      target = (await app
        .db('companies')
        .where({ is_in_list: true })
        .whereNotNull('logo')
        .orderBy('id')
        .first('id', 'slug', 'logo', 'photo_urls')) as typeof target;
      await app
        .db('companies')
        .where({ id: target.id })
        .update({
          logo: '/api/logout',
          photo_urls: JSON.stringify([
            '/api/admin/database/backup',
            '/images/photos/2.svg',
            '/api/logout',
          ]),
        });
    });
    afterAll(async () => {
      await app
        .db('companies')
        .where({ id: target.id })
        .update({ logo: target.logo, photo_urls: target.photo_urls });
    });

    it('is answered by the API without its non-image addresses', async () => {
      const res = await app.get(`/api/companies/${target.slug}`);
      expect(res.status).toBe(200);
      const answer = (await res.json()) as Company;
      expect(answer.logo).toBeNull();
      expect(answer.photoUrls).toEqual(['/images/photos/2.svg']);
    });

    it('renders a profile with no <img> of a stored non-image path', async () => {
      const res = await app.get(`/company/${target.slug}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      const sources = [...html.matchAll(/<img\b[^>]*\bsrc="([^"]*)"/g)].map((m) => m[1]!);
      expect(sources).toContain('/images/photos/2.svg');
      expect(sources.filter((src) => src.startsWith('/api/'))).toEqual([]);
      expect(html).not.toContain('/api/logout');
      expect(html).not.toContain('/api/admin/database/backup');
    });
  });

  describe('the backup download', () => {
    it('is never started by a GET: 405 with Allow: POST', async () => {
      const res = await admin.request('/api/admin/database/backup');
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      expect(await res.json()).toEqual({
        error: 'Download a backup with POST and the CSRF token, not a link',
      });
    });

    it('needs the CSRF token on its POST', async () => {
      const res = await fetch(`${app.baseUrl}/api/admin/database/backup`, {
        method: 'POST',
        headers: { cookie: admin.cookie },
      });
      expect(res.status).toBe(403);
    });

    it('answers the file to a POST with the CSRF token', async () => {
      const res = await admin.request('/api/admin/database/backup', { method: 'POST' });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toMatch(
        /^attachment; filename="moveratlas-[\d-]+\.(sqlite|sql)"$/,
      );
      const start =
        database.name === 'sqlite' ? 'SQLite format 3\u0000' : '-- MoverAtlas logical backup';
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.subarray(0, start.length).toString('latin1')).toBe(start);
    });
  });
});
