/** The routes suite: every public route answers 200 with a title and its own canonical address; unknown paths 404. */
import { randomUUID } from 'node:crypto';
import { cityPath, companyProfilePath, statePath } from '@moveratlas/contracts';
import { analyzePage, DEFAULT_THRESHOLDS, pagePathOf } from '../../seo-health';
import { expect, type QaSession } from '../qa-session';

/** Samples of the public routes (spec 2.1) that need no data; data routes are added from the API. */
const STATIC_ROUTES = [
  '/',
  '/states',
  '/moving-companies',
  '/blog',
  '/faq',
  '/about',
  '/privacy-policy',
  '/terms-of-service',
  '/guides',
  '/resources',
  '/calculator',
  '/contact',
  '/search?q=movers',
  '/sitemap',
  '/list-your-company',
  '/get-quotes',
];

export async function routesSuite(session: QaSession): Promise<void> {
  const { target, base, request, check, sample } = session;
  const routes = [...STATIC_ROUTES];
  if (sample.major) {
    routes.push(statePath(sample.major.stateSlug));
    routes.push(cityPath(sample.major.stateSlug, sample.major.citySlug));
  }
  if (sample.company) routes.push(companyProfilePath(sample.company.slug));
  if (sample.post) routes.push(`/blog/${sample.post.slug}`);
  for (const path of routes) {
    await check('routes', `${path} answers 200 with a title and its canonical`, path, async () => {
      const started = performance.now();
      const response = await request(path, { headers: { accept: 'text/html' } });
      const html = await response.text();
      const ms = Math.round(performance.now() - started);
      expect(response.status === 200, `Expected 200, got ${response.status}`);
      expect(
        /text\/html/.test(response.headers.get('content-type') ?? ''),
        `Expected an HTML page, got ${response.headers.get('content-type')}`,
      );
      const { facts } = analyzePage(html, {
        path,
        siteOrigin: target.siteOrigin,
        internalOrigins: new Set([target.siteOrigin, new URL(base).origin]),
        responseMs: ms,
        robotsHeader: null,
        thresholds: DEFAULT_THRESHOLDS,
      });
      expect(facts.title, 'The page has no title');
      // Its own address: the same path on the site origin (filtered and paged views keep their query).
      expect(facts.canonical !== null, 'The page has no canonical link');
      const canonical = URL.canParse(facts.canonical) ? new URL(facts.canonical) : undefined;
      expect(
        canonical?.origin === target.siteOrigin &&
          pagePathOf(canonical.pathname) === pagePathOf(path),
        `Canonical is ${facts.canonical}, expected ${target.siteOrigin}${pagePathOf(path)}`,
      );
      return `200 in ${ms} ms · “${facts.title}”`;
    });
  }
  // The data-dependent samples must exist for the checks above to mean anything.
  await check('routes', 'Sample state, city, company and post exist', null, async () => {
    const missing = [
      !sample.major && 'a major city (GET /api/cities/major)',
      !sample.company && 'a company (GET /api/companies)',
      !sample.post && 'a blog post (GET /api/content/blog)',
    ].filter(Boolean);
    expect(missing.length === 0, `Could not find ${missing.join(', ')}`);
    return `${sample.major!.name}, ${sample.company!.name}, “${sample.post!.title}”`;
  });
  const unknown = `/qa-no-such-page-${randomUUID().slice(0, 8)}`;
  await check('routes', 'An unknown path answers 404 and is not indexed', unknown, async () => {
    const response = await request(unknown, { headers: { accept: 'text/html' } });
    const html = await response.text();
    expect(response.status === 404, `Expected 404, got ${response.status}`);
    expect(/<meta name="robots" content="noindex/i.test(html), 'The 404 page is not noindex');
    return '404 with noindex';
  });
  for (const [path, type] of [
    ['/sitemap.xml', /xml/],
    ['/robots.txt', /text\/plain/],
  ] as const) {
    await check('routes', `${path} answers 200`, path, async () => {
      const response = await request(path);
      await response.body?.cancel();
      expect(response.status === 200, `Expected 200, got ${response.status}`);
      const contentType = response.headers.get('content-type') ?? '';
      expect(type.test(contentType), `Unexpected content type ${contentType}`);
      return contentType;
    });
  }
}
