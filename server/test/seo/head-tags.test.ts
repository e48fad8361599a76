/**
 * Every route type of the directory, rendered by the real app (the built directory: run `npm run build -w
 * @moveratlas/directory` first), carries the head of spec 1, 3 and 9: one title, a description of at most
 * 160 characters, keywords, an absolute canonical URL, Open Graph and Twitter tags, robots, US geo tags and
 * the viewport; and JSON-LD where every block matches its schema.org type (schema-org.ts): Organization and
 * WebSite with its SearchAction on every page, exactly one WebPage (or subtype) or Article describing the
 * page, a BreadcrumbList matching the visible trail, an ItemList of at most ten companies the page links to
 * on lists, and a MovingCompany per company profile.
 */
import http from 'node:http';
import type { ContentSummary } from '@moveratlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../databases';
import { startTestApp, type TestApp } from '../test-app';
import { readPage, type PageHead } from './page-head';
import { PAGE_TYPES, schemaOrgTypes, type JsonLdBlock } from './schema-org';

const ORIGIN = 'https://moveratlas.example';
const SITE_NAME = 'MoverAtlas';
const schemaOrg = schemaOrgTypes(ORIGIN, SITE_NAME);

/** The blocks that describe the page itself: exactly one per page. */
const PAGE_LEVEL_TYPES = [...PAGE_TYPES, 'FAQPage', 'Article'];

interface PageCase {
  label: string;
  path: string;
  /** The canonical path; default: the path itself. */
  canonical?: string;
  status?: number;
  noindex?: boolean;
  /** The JSON-LD type that describes the page itself; default: WebPage or one of its subtypes. */
  pageType?: string;
  /** Lists carry an ItemList of the companies they show. */
  list?: boolean;
  home?: boolean;
  /** The geo.region of a local page. */
  region?: string;
}

interface Fixtures {
  ratedCompany: string;
  unratedCompany: string;
  /** The slugs of each content collection, from the content API. */
  content: Record<'blog' | 'guides' | 'resources' | 'services', string[]>;
}

const pages = (f: Fixtures): PageCase[] => [
  { label: 'home', path: '/', home: true, list: true },
  { label: 'state list', path: '/states' },
  { label: 'state', path: '/states/illinois', list: true, region: 'US-IL' },
  { label: 'state, page 2', path: '/states/illinois?page=2', list: true, region: 'US-IL' },
  {
    label: 'state, filtered and sorted',
    path: '/states/california?service=local-moving&sort=rating',
    list: true,
    region: 'US-CA',
  },
  {
    label: 'state, same filters in another order',
    path: '/states/california?sort=rating&service=local-moving',
    canonical: '/states/california?service=local-moving&sort=rating',
    list: true,
  },
  {
    label: 'state, second prefix',
    path: '/moving-companies/illinois',
    canonical: '/states/illinois',
    list: true,
  },
  { label: 'city', path: '/states/illinois/chicago', list: true, region: 'US-IL' },
  { label: 'city, page 2', path: '/states/illinois/chicago?page=2', list: true },
  {
    label: 'city, second prefix',
    path: '/moving-companies/illinois/chicago',
    canonical: '/states/illinois/chicago',
    list: true,
  },
  { label: 'company with reviews', path: `/company/${f.ratedCompany}` },
  { label: 'company without reviews', path: `/company/${f.unratedCompany}` },
  { label: 'directory', path: '/moving-companies', list: true },
  { label: 'directory page 2', path: '/moving-companies?page=2', list: true },
  { label: 'directory of a state', path: '/moving-companies?state=texas', list: true },
  { label: 'search form', path: '/search' },
  { label: 'search results', path: '/search?q=chica' },
  {
    label: 'search results, one group, page 2',
    path: '/search?q=new&type=companies&page=2',
  },
  { label: 'blog list', path: '/blog' },
  ...f.content.blog.map((slug) => ({
    label: `blog post ${slug}`,
    path: `/blog/${slug}`,
    pageType: 'Article',
  })),
  { label: 'faq', path: '/faq', pageType: 'FAQPage' },
  { label: 'about', path: '/about', pageType: 'AboutPage' },
  // /about-us answers 301 to /about (one address per page): it is the about page's head.
  { label: 'about-us', path: '/about-us', canonical: '/about', pageType: 'AboutPage' },
  { label: 'privacy policy', path: '/privacy-policy' },
  { label: 'terms of service', path: '/terms-of-service' },
  ...f.content.services.map((slug) => ({ label: `service ${slug}`, path: `/services/${slug}` })),
  { label: 'guides', path: '/guides', pageType: 'CollectionPage' },
  ...f.content.guides.map((slug) => ({
    label: `guide ${slug}`,
    path: `/guides/${slug}`,
    pageType: 'Article',
  })),
  { label: 'resources', path: '/resources', pageType: 'CollectionPage' },
  ...f.content.resources.map((slug) => ({
    label: `resource ${slug}`,
    path: `/resources/${slug}`,
    pageType: 'Article',
  })),
  { label: 'calculator', path: '/calculator' },
  {
    label: 'calculator with an estimate',
    path: '/calculator?size=2-3br&fromZip=60601&toZip=80202',
    canonical: '/calculator',
  },
  { label: 'contact', path: '/contact', pageType: 'ContactPage' },
  { label: 'list your company', path: '/list-your-company' },
  { label: 'get quotes', path: '/get-quotes' },
  {
    label: 'get quotes, prefilled',
    path: '/get-quotes?size=4br&fromZip=60601',
    canonical: '/get-quotes',
  },
  { label: 'sitemap', path: '/sitemap' },
  { label: '404', path: '/no/such/page', status: 404, noindex: true },
  { label: '404 of a company', path: '/company/no-such-company', status: 404, noindex: true },
  {
    label: '404 of a list page past the end',
    path: '/states/illinois?page=999',
    canonical: '/states/illinois',
    status: 404,
    noindex: true,
  },
  { label: 'error page', path: '/error', status: 500, noindex: true },
  {
    label: 'error page, 503',
    path: '/error?status=503',
    canonical: '/error',
    status: 503,
    noindex: true,
  },
];

const byType = (blocks: JsonLdBlock[], type: string) => blocks.filter((b) => b['@type'] === type);

/** Everything wrong with one page's head, as readable lines. */
function headIssues(page: PageCase, head: PageHead): string[] {
  const issues: string[] = [];
  const check = (ok: boolean, what: string) => {
    if (!ok) issues.push(what);
  };
  const one = (key: string): string | undefined => {
    const values = head.meta(key);
    check(values.length === 1, `${key}: ${values.length} tags`);
    return values[0];
  };

  check(head.titles.length === 1, `${head.titles.length} titles`);
  const title = head.titles[0] ?? '';
  const titlePattern = page.home
    ? new RegExp(`^.{10,}${SITE_NAME}$`)
    : new RegExp(`^\\S.* \\| ${SITE_NAME}$`);
  check(titlePattern.test(title), `title "${title}"`);

  const description = one('description') ?? '';
  check(description.length > 20 && description.length <= 160, `description "${description}"`);
  // Spec 9, with issue 15: over 160 characters, cut at a word within 157 and an ellipsis.
  if (description.endsWith('...')) check(description.length <= 160, 'truncated description');
  const keywords = one('keywords') ?? '';
  check(keywords.split(',').filter((k) => k.trim() !== '').length > 0, 'keywords');

  const canonical = `${ORIGIN}${page.canonical ?? page.path}`;
  check(
    head.canonical.length === 1 && head.canonical[0] === canonical,
    `canonical ${head.canonical.join(' ')}`,
  );
  check(one('og:title') === title, 'og:title');
  check(one('og:description') === description, 'og:description');
  check(one('og:url') === canonical, 'og:url');
  check(['website', 'article'].includes(one('og:type') ?? ''), 'og:type');
  check(one('og:site_name') === SITE_NAME, 'og:site_name');
  check(one('og:locale') === 'en_US', 'og:locale');
  check(one('twitter:card') === 'summary_large_image', 'twitter:card');
  // The share picture, at our own origin, and a file the site serves (checked once below).
  check(one('og:image') === `${ORIGIN}/images/social/share-card.png`, 'og:image');
  check(one('twitter:image') === one('og:image'), 'twitter:image');
  check(one('twitter:title') === title, 'twitter:title');
  check(one('twitter:description') === description, 'twitter:description');
  // Search, list pages beyond the first and filtered views stay out of the index; their links are followed.
  const followedOnly =
    page.path.startsWith('/search') || (page.list === true && page.path.includes('?'));
  const robots = page.noindex ? 'noindex' : followedOnly ? 'noindex, follow' : 'index, follow';
  check(one('robots') === robots, 'robots');
  const region = one('geo.region') ?? '';
  check(/^US(-[A-Z]{2})?$/.test(region), `geo.region ${region}`);
  if (page.region) check(region === page.region, `geo.region ${region}, not ${page.region}`);
  check((one('geo.placename') ?? '') !== '', 'geo.placename');
  check(one('viewport') === 'width=device-width, initial-scale=1, maximum-scale=5', 'viewport');

  // Every block matches its schema.org type.
  for (const block of head.jsonLd) issues.push(...schemaOrg.issuesOf(block));
  check(byType(head.jsonLd, 'Organization').length === 1, 'one Organization');
  check(byType(head.jsonLd, 'WebSite').length === 1, 'one WebSite');
  const pageLevel = head.jsonLd.filter((block) => PAGE_LEVEL_TYPES.includes(block['@type']));
  check(
    pageLevel.length === 1,
    `one block describes the page, not ${pageLevel.map((b) => b['@type']).join(', ') || 'none'}`,
  );
  if (page.pageType) check(pageLevel[0]?.['@type'] === page.pageType, `page type ${page.pageType}`);
  else check(PAGE_TYPES.includes(pageLevel[0]?.['@type'] ?? ''), 'page type WebPage');

  // The BreadcrumbList repeats the visible trail, starting at home; an error page (404, 500) is no place in
  // the site's hierarchy and gives search engines none, which would name its own address as a page.
  const trails = byType(head.jsonLd, 'BreadcrumbList');
  if (page.home) check(trails.length === 0 && head.breadcrumbs.length === 0, 'no breadcrumbs');
  else if (page.status !== undefined && page.status >= 400)
    check(trails.length === 0, `${trails.length} BreadcrumbLists on an error page`);
  else {
    check(trails.length === 1, `${trails.length} BreadcrumbLists`);
    const items = (trails[0]?.itemListElement ?? []) as Array<{ name: string; item: string }>;
    check(items[0]?.item === `${ORIGIN}/`, 'breadcrumbs start at home');
    check(
      JSON.stringify(items.map((item) => item.name)) === JSON.stringify(head.breadcrumbs),
      `breadcrumbs ${items.map((i) => i.name).join(' / ')} ≠ visible ${head.breadcrumbs.join(' / ')}`,
    );
  }

  // Lists name (at most ten of) the companies the page shows.
  const lists = byType(head.jsonLd, 'ItemList');
  if (page.list) check(lists.length === 1, `${lists.length} ItemLists`);
  for (const list of lists) {
    for (const item of list.itemListElement as Array<{ url: string }>) {
      check(
        head.links.has(item.url.slice(ORIGIN.length)),
        `ItemList names ${item.url}, not linked`,
      );
    }
  }
  return issues;
}

describe.each(testDatabases())('head tags and structured data on $name', ({ config }) => {
  let app: TestApp;
  let fixtures: Fixtures;

  beforeAll(async () => {
    app = await startTestApp(config, { PUBLIC_URL: ORIGIN });
    const listed = () => app.db('companies').where('is_in_list', true).orderBy('id');
    const rated = (await listed()
      .whereNotNull('rating')
      .where('review_count', '>', 0)
      .first('slug')) as { slug: string };
    const unrated = (await listed()
      .where((q) => q.whereNull('rating').orWhere('review_count', 0))
      .first('slug')) as { slug: string } | undefined;
    if (!unrated) throw new Error('The test seed has no company without reviews');
    const slugs = async (collection: string) => {
      const response = await app.get(`/api/content/${collection}`);
      expect(response.status, `/api/content/${collection}`).toBe(200);
      return ((await response.json()) as ContentSummary[]).map((item) => item.slug);
    };
    fixtures = {
      ratedCompany: rated.slug,
      unratedCompany: unrated.slug,
      content: {
        blog: await slugs('blog'),
        guides: await slugs('guides'),
        resources: await slugs('resources'),
        services: await slugs('services'),
      },
    };
  });
  afterAll(() => app.close());

  const load = async (page: PageCase) => {
    const response = await app.get(page.path);
    expect(response.status, page.path).toBe(page.status ?? 200);
    return readPage(await response.text());
  };

  it('walks every route type: each page has the full head and valid structured data', async () => {
    expect(fixtures.content.blog.length).toBeGreaterThanOrEqual(10);
    for (const collection of ['guides', 'resources', 'services'] as const) {
      expect(fixtures.content[collection].length, collection).toBeGreaterThan(0);
    }
    const found: string[] = [];
    for (const page of pages(fixtures)) {
      const head = await load(page);
      for (const issue of headIssues(page, head))
        found.push(`${page.label} (${page.path}): ${issue}`);
    }
    expect(found).toEqual([]);
  });

  it('serves the share picture every page names', async () => {
    const response = await app.get('/images/social/share-card.png');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await response.arrayBuffer());
    // A PNG of 1200×630: the width and height stand in its IHDR chunk.
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  it('describes a company as a MovingCompany, rated only when it has both a rating and reviews', async () => {
    const [rated, unrated] = await Promise.all(
      [fixtures.ratedCompany, fixtures.unratedCompany].map(async (slug) => {
        const head = await load({ label: slug, path: `/company/${slug}` });
        const companies = byType(head.jsonLd, 'MovingCompany');
        expect(companies).toHaveLength(1);
        const company = schemaOrg.MovingCompany.parse(companies[0]);
        expect(company.url).toBe(`${ORIGIN}/company/${slug}`);
        expect(head.h1).toEqual([company.name]);
        return company;
      }),
    );
    const row = (await app
      .db({ c: 'companies' })
      .join({ ci: 'cities' }, 'ci.id', 'c.city_id')
      .join({ s: 'states' }, 's.id', 'c.state_id')
      .where('c.slug', fixtures.ratedCompany)
      .first('c.rating', 'c.review_count', 'ci.name as city', 's.abbreviation as state')) as {
      rating: number;
      review_count: number;
      city: string;
      state: string;
    };
    expect(rated!.address.addressCountry).toBe('US');
    expect(rated!.address.addressRegion).toBe(row.state);
    expect(rated!.areaServed).toBe(`${row.city}, ${row.state}`);
    expect(rated!.aggregateRating).toMatchObject({
      ratingValue: Number(row.rating),
      reviewCount: Number(row.review_count),
    });
    // The reviews the page shows, each a Review of this company by its @id (issue 19).
    expect(rated!.review).toHaveLength(Math.min(10, Number(row.review_count)));
    for (const review of rated!.review ?? [])
      expect(review.itemReviewed['@id']).toBe(rated!['@id']);
    expect(unrated!.aggregateRating).toBeUndefined();
    expect(unrated!.review).toBeUndefined();
    expect(unrated!.address.addressCountry).toBe('US');
  });

  it('leaves out the AggregateRating when a company has a rating but no reviews, or reviews but no rating', async () => {
    const listed = (await app
      .db('companies')
      .where('is_in_list', true)
      // Companies no other test opened: a page served before may come from the page cache.
      .orderBy('id', 'desc')
      .limit(2)
      .select('id', 'slug', 'rating', 'review_count')) as Array<{
      id: number;
      slug: string;
      rating: number | null;
      review_count: number;
    }>;
    const [first, second] = listed;
    try {
      await app.db('companies').where('id', first!.id).update({ rating: 4.5, review_count: 0 });
      await app.db('companies').where('id', second!.id).update({ rating: null, review_count: 12 });
      for (const company of [first!, second!]) {
        const head = await load({ label: company.slug, path: `/company/${company.slug}` });
        const [data] = byType(head.jsonLd, 'MovingCompany');
        expect(schemaOrg.issuesOf(data!)).toEqual([]);
        expect(data!.aggregateRating, company.slug).toBeUndefined();
      }
    } finally {
      for (const company of listed) {
        await app
          .db('companies')
          .where('id', company.id)
          .update({ rating: company.rating, review_count: company.review_count });
      }
    }
  });

  it('cuts a description over 160 characters at the end of a word, with an ellipsis', async () => {
    const row = (await app
      .db('companies')
      .where('is_in_list', true)
      .whereRaw('LENGTH(description) > 170')
      .orderBy('id')
      .first('slug', 'description')) as { slug: string; description: string } | undefined;
    if (!row) throw new Error('The test seed has no company with a long description');
    const head = await load({ label: row.slug, path: `/company/${row.slug}` });
    const [description] = head.meta('description');
    // At most 160 characters, ending on a whole word of the description before the ellipsis.
    expect(description!.length).toBeLessThanOrEqual(160);
    expect(description!.endsWith('...')).toBe(true);
    const kept = description!.slice(0, -3);
    expect(row.description.startsWith(kept)).toBe(true);
    expect(kept.length).toBeGreaterThanOrEqual(100);
    expect(row.description[kept.length]).toMatch(/[\s,;:.!?-]/);
    expect(head.meta('og:description')).toEqual([description]);
  });

  it('numbers breadcrumbs 1..n with absolute URLs, ending at the page itself', async () => {
    const head = await load({ label: 'city', path: '/moving-companies/illinois/chicago' });
    const [breadcrumbs] = byType(head.jsonLd, 'BreadcrumbList');
    expect(breadcrumbs!.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${ORIGIN}/` },
      { '@type': 'ListItem', position: 2, name: 'States', item: `${ORIGIN}/states` },
      { '@type': 'ListItem', position: 3, name: 'Illinois', item: `${ORIGIN}/states/illinois` },
      {
        '@type': 'ListItem',
        position: 4,
        name: 'Chicago',
        item: `${ORIGIN}/states/illinois/chicago`,
      },
    ]);
  });

  it('lists at most ten companies in an ItemList, numbered from the page’s first', async () => {
    const head = await load({ label: 'directory page 2', path: '/moving-companies?page=2' });
    const [list] = byType(head.jsonLd, 'ItemList');
    const items = schemaOrg.ItemList.parse(list).itemListElement;
    expect(items).toHaveLength(10);
    const positions = items.map((item) => item.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });
});

describe.each(testDatabases())('canonical addresses without PUBLIC_URL on $name', ({ config }) => {
  let app: TestApp;
  beforeAll(async () => {
    // Only allowed host names reach a page (issue 12); this one is, by ALLOWED_HOSTS.
    app = await startTestApp(config, { ALLOWED_HOSTS: 'movers.example.test' });
  });
  afterAll(() => app.close());

  /** GET with a Host header of our choosing (fetch may not set one). */
  const getWithHost = (path: string, host: string) =>
    new Promise<{ status: number; html: string }>((resolve, reject) => {
      const target = new URL(path, app.baseUrl);
      const request = http.get(
        { hostname: target.hostname, port: target.port, path, headers: { host } },
        (response) => {
          let html = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (html += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, html }));
        },
      );
      request.on('error', reject);
    });

  it('builds the canonical and the JSON-LD URLs from the request’s host', async () => {
    const { status, html } = await getWithHost('/states/illinois', 'movers.example.test:8080');
    expect(status).toBe(200);
    const head = readPage(html);
    const origin = 'http://movers.example.test:8080';
    expect(head.canonical).toEqual([`${origin}/states/illinois`]);
    const local = schemaOrgTypes(origin, SITE_NAME);
    for (const block of head.jsonLd) expect(local.issuesOf(block)).toEqual([]);
  });

  it('never writes a host it cannot trust into the page: it refuses the request', async () => {
    for (const host of ['evil.example"><script>x</script>', 'evil.example']) {
      const { status, html } = await getWithHost('/states', host);
      expect(status).toBe(400);
      expect(html).not.toContain('evil.example');
    }
  });
});
