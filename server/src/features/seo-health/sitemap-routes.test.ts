import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/connection';
import { testDatabases } from '../../../test/databases';
import { MAX_URLS_PER_SITEMAP, sitemapRoutes } from './sitemap-routes';

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

describe.each(testDatabases())('sitemaps and robots.txt on $name', ({ config: database }) => {
  let db: Knex;
  let server: Server;
  let base: string;
  const get = (path: string) => fetch(base + path);

  beforeAll(async () => {
    db = openDatabase(database);
    const app = express();
    const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database };
    // A small page size shows the paging that 50,000 URLs per file would need a huge seed to reach.
    app.use(sitemapRoutes({ config, db }, { urlsPerSitemap: 500 }));
    server = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await db.destroy();
  });

  it('serves robots.txt allowing all but /admin, /api, claim pages and the movers’ area, with the sitemap address', async () => {
    const response = await get('/robots.txt');
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Allow: \/$/m);
    expect(text).toMatch(/^Disallow: \/admin$/m);
    expect(text).toMatch(/^Disallow: \/api$/m);
    expect(text).toMatch(/^Disallow: \/claim\/$/m);
    expect(text).toMatch(/^Disallow: \/pro$/m);
    expect(text).toContain(`\nSitemap: ${base}/sitemap.xml\n`);
  });

  it('indexes child sitemaps that cover every state, city with companies and company', async () => {
    const index = await get('/sitemap.xml');
    expect(index.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await index.text();
    expect(xml).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/,
    );
    const children = locs(xml);
    expect(children[0]).toBe(`${base}/sitemaps/pages.xml`);

    const urls: string[] = [];
    for (const child of children) {
      const response = await get(new URL(child).pathname);
      expect(response.status).toBe(200);
      const body = await response.text();
      expect(body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const found = locs(body);
      expect(found.length).toBeLessThanOrEqual(500);
      urls.push(...found);
    }
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls.every((u) => u.startsWith('http://127.0.0.1:'))).toBe(true);
    const paths = urls.map((u) => new URL(u).pathname);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/states/illinois',
        '/states/illinois/chicago',
        '/blog/moving-cost-guide',
        '/resources/new-state-checklist',
      ]),
    );

    const companies = (await db('companies')
      .where('is_in_list', true)
      .count({ n: '*' })
      .first()) as { n: number | string };
    expect(paths.filter((p) => p.startsWith('/company/'))).toHaveLength(Number(companies.n));
    expect(paths.filter((p) => /^\/states\/[^/]+$/.test(p))).toHaveLength(51);
    expect(MAX_URLS_PER_SITEMAP).toBe(50_000);
  });

  it('answers 404 past the last child sitemap', async () => {
    expect((await get('/sitemaps/companies-999.xml')).status).toBe(404);
  });
});
