/**
 * The sitemap and the pages agree (issue 15): what the sitemap lists answers 200, indexable, at its own
 * canonical address; what it leaves out is not offered to search engines either — an unlisted company has no
 * profile (404), and a city without a listed mover is kept out of the index (noindex, follow). Rendered by the
 * real app (`npm run build -w @moveratlas/directory` first), on each database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { testDatabases } from '../../test/databases';

const ORIGIN = 'https://movers.example';
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
const robotsOf = (html: string) => /<meta name="robots" content="([^"]+)"\/>/.exec(html)?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];

describe.each(testDatabases())('sitemap and pages on $name', ({ config }) => {
  let app: TestApp;
  /** Every path the sitemaps list. */
  let listed: Set<string>;

  beforeAll(async () => {
    app = await startTestApp(config, { PUBLIC_URL: ORIGIN });
    listed = new Set();
    for (const child of locs(await (await app.get('/sitemap.xml')).text())) {
      const xml = await (await app.get(new URL(child).pathname)).text();
      for (const loc of locs(xml)) listed.add(new URL(loc).pathname);
    }
  });
  afterAll(() => app.close());

  it('gives every unlisted company no profile and no place in the sitemap', async () => {
    const unlisted = (await app
      .db('companies')
      .where('is_in_list', false)
      .orderBy('id')
      .pluck('slug')) as string[];
    expect(unlisted.length).toBeGreaterThan(0);
    for (const slug of unlisted) {
      expect(listed.has(`/company/${slug}`), slug).toBe(false);
      const response = await app.get(`/company/${slug}`);
      expect(response.status, slug).toBe(404);
      expect(robotsOf(await response.text()), slug).toBe('noindex');
    }
    const companies = [...listed].filter((path) => path.startsWith('/company/'));
    const listedCount = (await app
      .db('companies')
      .where('is_in_list', true)
      .count({ n: '*' })
      .first()) as { n: number | string };
    expect(companies).toHaveLength(Number(listedCount.n));
  });

  it('keeps the pages of cities without a listed mover out of the index, as out of the sitemap', async () => {
    // A city whose only companies are unlisted, and one with no company at all.
    const onlyUnlisted = (await app
      .db({ ci: 'cities' })
      .join({ s: 'states' }, 's.id', 'ci.state_id')
      .whereExists(app.db({ c: 'companies' }).select(app.db.raw('1')).whereRaw('c.city_id = ci.id'))
      .whereNotExists(
        app
          .db({ c: 'companies' })
          .select(app.db.raw('1'))
          .whereRaw('c.city_id = ci.id')
          .where('c.is_in_list', true),
      )
      .orderBy('ci.id')
      .first('s.slug as state', 'ci.slug as city')) as { state: string; city: string };
    const empty = (await app
      .db({ ci: 'cities' })
      .join({ s: 'states' }, 's.id', 'ci.state_id')
      .whereNotExists(
        app.db({ c: 'companies' }).select(app.db.raw('1')).whereRaw('c.city_id = ci.id'),
      )
      .orderBy('ci.id')
      .first('s.slug as state', 'ci.slug as city')) as { state: string; city: string };
    for (const { state, city } of [onlyUnlisted, empty]) {
      const path = `/states/${state}/${city}`;
      expect(listed.has(path), path).toBe(false);
      const response = await app.get(path);
      // Still a page for a visitor who looks the place up: it points to movers nearby.
      expect(response.status, path).toBe(200);
      expect(robotsOf(await response.text()), path).toBe('noindex, follow');
    }
  });

  it('answers what the sitemap lists with an indexable page at that very address', async () => {
    const paths = [...listed];
    const every = (prefix: RegExp, step: number) =>
      paths.filter((path) => prefix.test(path)).filter((_, i) => i % step === 0);
    // Every kind of page: all static and content pages and states, and a spread of cities and companies.
    const sample = [
      ...paths.filter((path) => !/^\/(company|states)\//.test(path)),
      ...every(/^\/states\/[^/]+$/, 1),
      ...every(/^\/states\/[^/]+\/[^/]+$/, 80),
      ...every(/^\/company\//, 160),
    ];
    expect(sample.length).toBeGreaterThan(100);
    for (const path of sample) {
      const response = await app.get(path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(robotsOf(html), path).toBe('index, follow');
      expect(canonicalOf(html), path).toBe(`${ORIGIN}${path === '/' ? '/' : path}`);
    }
  });
});
