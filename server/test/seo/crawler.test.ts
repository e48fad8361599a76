/**
 * The SEO crawler against a tiny fixture site served by this test: with four planted problems (a missing
 * title, a description shared by two pages, a broken link, a JSON-LD block that does not parse) it finds
 * exactly those, and nothing on the clean version of the same site. Stored crawls turn findings into tasks
 * that are fixed when their problem goes and reopen when it returns; an ignored task stays ignored. Last, a
 * crawl of the real test app, whose findings are printed for the record.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { SEO_RULES, type SeoFinding } from '@moveratlas/contracts';
import { openDatabase } from '../../src/db/connection';
import { crawlSite, type CrawlResult } from '../../src/features/seo-health/crawler';
import {
  findingKey,
  finishCrawl,
  startCrawl,
  urlHash,
} from '../../src/features/seo-health/crawl-store';
import { testDatabases } from '../databases';
import { startTestApp } from '../test-app';

/** Sixty words of body text: well above the thin-page threshold the tests use. */
const BODY = Array.from(
  { length: 6 },
  (_, i) =>
    `Paragraph ${i + 1} explains how careful movers plan every step of a household move, from packing fragile dishes to loading the truck safely.`,
).join(' ');

interface FixturePage {
  title: string | null;
  description: string;
  jsonLd: string;
  links: string[];
}

function fixturePages(planted: boolean): Record<string, FixturePage> {
  const organization = JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: 'Fixture Movers',
    url: 'https://fixture.example/',
  });
  const page = (n: string, links: string[]): FixturePage => ({
    title: `Fixture page ${n} about moving`,
    description: `Fixture page ${n}: a clean description of this page that is long enough to pass the length rule.`,
    jsonLd: organization,
    links,
  });
  const pages: Record<string, FixturePage> = {
    '/': page('home', ['/a', '/b', '/c', '/d', '/private/area']),
    '/a': page('A', ['/', '/b']),
    '/b': page('B', ['/', '/c']),
    '/c': page('C', ['/', '/d']),
    '/d': page('D', ['/', '/a']),
  };
  if (planted) {
    pages['/a']!.title = null;
    const shared =
      'A description that two different pages share word for word, which search engines dislike.';
    pages['/b']!.description = shared;
    pages['/c']!.description = shared;
    pages['/d']!.jsonLd = '{"@context": "https://schema.org", "@type": "WebPage", name: oops}';
    pages['/']!.links.push('/missing');
  }
  return pages;
}

function renderPage(origin: string, path: string, page: FixturePage): string {
  const links = page.links.map((href) => `<li><a href="${href}">Go to ${href}</a></li>`).join('');
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
${page.title === null ? '' : `<title>${page.title}</title>`}
<meta name="description" content="${page.description}">
<meta name="robots" content="index, follow">
<link rel="canonical" href="${origin}${path}">
<script type="application/ld+json">${page.jsonLd}</script>
</head><body><header><a href="/">Home</a></header><main>
<h1>Heading of ${path}</h1><h2>Details</h2><p>${BODY}</p>
<img src="/photo.jpg" alt="A moving truck"><ul>${links}</ul></main></body></html>`;
}

/** The fixture site; `planted` switches the problems on and off between crawls. */
async function startFixtureSite() {
  const state = { planted: true, requests: [] as string[] };
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    state.requests.push(path);
    const origin = `http://${req.headers.host}`;
    const pages = fixturePages(state.planted);
    if (path === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      return res.end(`User-agent: *\nDisallow: /private\n\nSitemap: ${origin}/sitemap.xml\n`);
    }
    if (path === '/sitemap.xml') {
      const urls = Object.keys(pages)
        .map((p) => `<url><loc>${origin}${p}</loc></url>`)
        .join('');
      res.writeHead(200, { 'content-type': 'application/xml' });
      return res.end(
        `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`,
      );
    }
    const page = pages[path];
    if (!page) {
      res.writeHead(404, { 'content-type': 'text/html' });
      return res.end('<!DOCTYPE html><title>Not found</title><h1>Not found</h1>');
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(renderPage(origin, path, page));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const crawl = (base: string) =>
  crawlSite({
    base,
    pageLimit: 100,
    concurrency: 4,
    // A loaded test machine must not make a page "slow"; the words threshold fits the fixture.
    thresholds: { slowMs: 30_000, thinWords: 40 },
  });

const summary = (findings: readonly SeoFinding[]) =>
  findings.map((f) => `${f.rule} ${f.url}`).sort();

const PLANTED = [
  'broken-link /missing',
  'description-duplicate /b',
  'description-duplicate /c',
  'structured-data-invalid /d',
  'title-missing /a',
];

describe('the SEO crawler on a fixture site', () => {
  let site: Awaited<ReturnType<typeof startFixtureSite>>;
  beforeAll(async () => {
    site = await startFixtureSite();
  });
  afterAll(async () => {
    await site.close();
  });

  it('finds exactly the planted problems', async () => {
    site.state.planted = true;
    const result = await crawl(site.base);
    expect(summary(result.findings)).toEqual(PLANTED);
    const broken = result.findings.find((f) => f.rule === 'broken-link')!;
    expect(broken.message).toBe('The page answers 404; linked from /');
    expect(broken.severity).toBe(SEO_RULES['broken-link'].severity);
    expect(result.findings.find((f) => f.rule === 'structured-data-invalid')!.message).toMatch(
      /^JSON-LD block 1 does not parse: /,
    );
    expect(result.pages.map((p) => p.url).sort()).toEqual([
      '/',
      '/a',
      '/b',
      '/c',
      '/d',
      '/missing',
    ]);
    expect(result.sitemapUrls).toBe(5);
    expect(result.truncated).toBe(false);
    expect(result.score).toBeLessThan(100);
  });

  it('finds nothing on the clean site, and never fetches what robots.txt disallows', async () => {
    site.state.planted = false;
    site.state.requests.length = 0;
    const result = await crawl(site.base);
    expect(result.findings).toEqual([]);
    expect(result.score).toBe(100);
    expect(site.state.requests.some((path) => path.startsWith('/private'))).toBe(false);
    expect(site.state.requests).toContain('/robots.txt');
  });

  it('stops at the page limit and says so', async () => {
    const result = await crawlSite({ base: site.base, pageLimit: 2, concurrency: 4 });
    expect(result.pages).toHaveLength(2);
    expect(result.truncated).toBe(true);
  });

  describe.each(testDatabases())('stored crawls and tasks on $name', ({ config }) => {
    let db: Knex;
    beforeAll(async () => {
      db = openDatabase(config);
      // These tables are the crawler's own: start each run from none.
      await db('seo_findings').delete();
      await db('seo_tasks').delete();
      await db('seo_crawls').delete();
    });
    afterAll(async () => {
      await db.destroy();
    });

    async function storedCrawl(planted: boolean) {
      site.state.planted = planted;
      const result: CrawlResult = await crawl(site.base);
      const crawlId = await startCrawl(db, { jobId: null, pageLimit: 100 });
      const changes = await finishCrawl(db, crawlId, result);
      return { crawlId, changes };
    }
    const tasks = async () =>
      Object.fromEntries(
        (
          (await db('seo_tasks').select('rule', 'url', 'status', 'reopened_count')) as Array<{
            rule: string;
            url: string;
            status: string;
            reopened_count: number;
          }>
        ).map((t) => [`${t.rule} ${t.url}`, `${t.status}/${Number(t.reopened_count)}`]),
      );
    const changesOf = async (crawlId: number) =>
      (
        (await db('seo_findings')
          .where({ crawl_id: crawlId })
          .select('rule', 'url', 'change_type')) as Array<{
          rule: string;
          url: string;
          change_type: string;
        }>
      )
        .map((f) => `${f.change_type} ${f.rule} ${f.url}`)
        .sort();

    it('turns findings into tasks, fixes them when they go and reopens them when they return', async () => {
      const first = await storedCrawl(true);
      expect(first.changes).toMatchObject({ created: 5, reopened: 0, fixed: 0, newFindings: 5 });
      expect(await tasks()).toEqual(Object.fromEntries(PLANTED.map((k) => [k, 'open/0'])));
      const crawlRow = await db('seo_crawls').where({ id: first.crawlId }).first();
      expect(crawlRow).toMatchObject({ status: 'finished', pages_crawled: 6 });
      expect(Number(crawlRow.errors)).toBe(3);
      expect(Number(crawlRow.warnings)).toBe(2);

      // An admin works on one task and ignores another.
      await db('seo_tasks').where({ rule: 'title-missing' }).update({ status: 'in_progress' });
      await db('seo_tasks')
        .where({ rule: 'description-duplicate', url: '/b' })
        .update({ status: 'ignored' });

      const second = await storedCrawl(false);
      expect(second.changes).toMatchObject({ created: 0, reopened: 0, fixed: 4 });
      expect(second.changes.resolvedFindings).toBe(5);
      expect(await changesOf(second.crawlId)).toEqual(PLANTED.map((k) => `resolved ${k}`));
      expect(await tasks()).toEqual({
        'broken-link /missing': 'fixed/0',
        'description-duplicate /b': 'ignored/0',
        'description-duplicate /c': 'fixed/0',
        'structured-data-invalid /d': 'fixed/0',
        'title-missing /a': 'fixed/0',
      });

      const third = await storedCrawl(true);
      expect(third.changes).toMatchObject({ created: 0, reopened: 4, fixed: 0, newFindings: 5 });
      expect(await changesOf(third.crawlId)).toEqual(PLANTED.map((k) => `new ${k}`));
      expect(await tasks()).toEqual({
        'broken-link /missing': 'open/1',
        'description-duplicate /b': 'ignored/0',
        'description-duplicate /c': 'open/1',
        'structured-data-invalid /d': 'open/1',
        'title-missing /a': 'open/1',
      });

      // The same problems once more: persisting, nothing reopened twice.
      const fourth = await storedCrawl(true);
      expect(fourth.changes).toMatchObject({ created: 0, reopened: 0, fixed: 0, newFindings: 0 });
      expect(await changesOf(fourth.crawlId)).toEqual(PLANTED.map((k) => `persisting ${k}`));
    });

    it('after a crawl stopped by its page limit, fixes what it re-checked and found gone, and only that', async () => {
      await db('seo_findings').delete();
      await db('seo_tasks').delete();
      await db('seo_crawls').delete();
      const first = await storedCrawl(true);
      expect(Object.values(await tasks())).toEqual(PLANTED.map(() => 'open/0'));
      // Problems of rules that look beyond one page, as an earlier crawl would have left them: /b used to
      // answer 404 to a link, /a and /c were missing from the sitemap.
      const earlier = (rule: string, url: string) => ({
        task_key: findingKey(rule, url),
        url_hash: urlHash(url),
        rule,
        severity: SEO_RULES[rule as keyof typeof SEO_RULES].severity,
        url,
        message: 'Found by an earlier crawl',
        status: 'open',
        first_seen_crawl_id: first.crawlId,
        last_seen_crawl_id: first.crawlId,
        created_at: Date.now(),
        updated_at: Date.now(),
      });
      await db('seo_tasks').insert([
        earlier('broken-link', '/b'),
        earlier('not-in-sitemap', '/a'),
        earlier('not-in-sitemap', '/c'),
      ]);

      // The problems are mended; a crawl of three pages, one request at a time, re-checks / then the
      // sitemap's /a and /b, in that order (the two queues are taken in turn).
      site.state.planted = false;
      const result = await crawlSite({
        base: site.base,
        pageLimit: 3,
        concurrency: 1,
        thresholds: { slowMs: 30_000, thinWords: 40 },
      });
      expect(result.truncated).toBe(true);
      expect(result.pages.map((p) => p.url)).toEqual(['/', '/a', '/b']);
      const crawlId = await startCrawl(db, { jobId: null, pageLimit: 3 });
      const changes = await finishCrawl(db, crawlId, result);

      expect(await tasks()).toEqual({
        // Re-checked, and its title is back.
        'title-missing /a': 'fixed/0',
        // A duplicate depends on other pages: /c, which shared the description, was not reached.
        'description-duplicate /b': 'open/0',
        'description-duplicate /c': 'open/0',
        // Not reached: nothing is known about them.
        'structured-data-invalid /d': 'open/0',
        'broken-link /missing': 'open/0',
        // Re-checked: /b answers now, and the sitemap (read whole) lists /a.
        'broken-link /b': 'fixed/0',
        'not-in-sitemap /a': 'fixed/0',
        'not-in-sitemap /c': 'open/0',
      });
      expect(changes).toMatchObject({ created: 0, reopened: 0, fixed: 3 });
      expect(await changesOf(crawlId)).toEqual(['resolved title-missing /a']);
    });
  });
});

describe('the SEO crawler on the test app', () => {
  const [database] = testDatabases();

  it('crawls the seeded site and reports what it finds', { timeout: 300_000 }, async () => {
    const app = await startTestApp(database!.config);
    try {
      const result = await crawlSite({ base: app.baseUrl, pageLimit: 150, concurrency: 4 });
      const byRule = new Map<string, SeoFinding[]>();
      for (const finding of result.findings)
        byRule.set(finding.rule, [...(byRule.get(finding.rule) ?? []), finding]);
      console.info(
        `SEO crawl of the test app: ${result.pages.length} pages in ${result.durationMs} ms ` +
          `(average ${result.avgResponseMs} ms), ${result.sitemapUrls} sitemap addresses, ` +
          `score ${result.score}, ${result.findings.length} findings`,
      );
      for (const [rule, findings] of byRule)
        console.info(
          `  ${rule} (${findings.length}): ${findings
            .slice(0, 3)
            .map((f) => `${f.url} — ${f.message}`)
            .join(' | ')}`,
        );
      expect(result.pages).toHaveLength(150);
      expect(result.sitemapUrls).toBeGreaterThan(2000);
      // What would be real breakage: every page loads, every link and sitemap entry works, and every
      // JSON-LD block parses with what its type needs.
      for (const rule of [
        'http-error',
        'broken-link',
        'sitemap-url-error',
        'sitemap-unreadable',
        'structured-data-invalid',
        'structured-data-incomplete',
        'title-missing',
        'description-missing',
        'canonical-missing',
        'canonical-invalid',
        'noindex-in-sitemap',
        'h1-count',
      ])
        expect(byRule.get(rule) ?? [], rule).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
