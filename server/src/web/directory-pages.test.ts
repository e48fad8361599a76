/**
 * The directory's data-driven pages rendered by the real app (the built directory bundle, run
 * `npm run build -w @moveratlas/directory` first): canonical redirects, 404s, head tags and JSON-LD.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BEST_RATED_MIN_REVIEWS, REVIEWS_PER_PAGE, SERVICES } from '@moveratlas/contracts';
import { startTestApp, type TestApp } from '../../test/test-app';
import { testDatabases } from '../../test/databases';

const ORIGIN = 'https://movers.example';

const noRedirect = (app: TestApp, path: string) =>
  fetch(app.baseUrl + path, { redirect: 'manual' });

function canonicalOf(html: string): string | undefined {
  return /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
}

function jsonLdTypes(html: string): string[] {
  const types: string[] = [];
  for (const match of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
    const data = JSON.parse(match[1]!) as { '@type': string };
    types.push(data['@type']);
  }
  return types;
}

describe.each(testDatabases())('directory pages on $name', ({ config }) => {
  let app: TestApp;
  let companySlug: string;

  beforeAll(async () => {
    app = await startTestApp(config, { PUBLIC_URL: ORIGIN });
    const row = (await app
      .db('companies')
      .where('is_in_list', true)
      .orderBy('id')
      .first('slug')) as { slug: string };
    companySlug = row.slug;
  });
  afterAll(async () => {
    await app.close();
  });

  it.each([
    ['/states/IL', '/states/illinois'],
    ['/states/Illinois', '/states/illinois'],
    ['/states/new_york', '/states/new-york'],
    ['/moving-companies/il', '/states/illinois'],
    ['/moving-companies/illinois', '/states/illinois'],
    ['/states/IL/chicago', '/states/illinois/chicago'],
    ['/moving-companies/New%20York/new-york?page=2', '/states/new-york/new-york?page=2'],
    ['/states/illinois/Chicago', '/states/illinois/chicago'],
    // One hop from any form of the address (issue 15).
    ['/States/Texas/', '/states/texas'],
    ['//states/texas', '/states/texas'],
    ['/states/illinois/', '/states/illinois'],
    ['/FAQ', '/faq'],
    ['/About', '/about'],
    ['/about-us', '/about'],
    ['/Moving-Companies/?page=2', '/moving-companies?page=2'],
  ])('redirects %s to its one address %s with a 301', async (from, to) => {
    const response = await noRedirect(app, from);
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(to);
  });

  it.each([
    '/states/atlantis',
    '/moving-companies/atlantis',
    '/states/illinois/no-such-city-here',
    '/moving-companies/illinois/no-such-city-here',
    '/company/no-such-company',
    '/states/illinois?page=9999',
    '/states/illinois?sort=cheapest',
    '/moving-companies?page=0',
  ])('answers %s with the 404 page and status 404', async (path) => {
    const response = await app.get(path);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('Page Not Found');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });

  it.each(['/no/such/page', '/company/no-such-company', '/states/illinois?page=9999'])(
    'offers Go Back on the 404 of %s only as a link to the page of this site that led there (issue 15)',
    async (path) => {
      const goBack = /<a [^>]*href="([^"]*)"[^>]*>(?:(?!<\/a>).)*Go Back<\/a>/s;
      const fetchWith = (referer?: string) =>
        fetch(app.baseUrl + path, referer ? { headers: { Referer: referer } } : {});

      const fromHere = await fetchWith(`${ORIGIN}/states/texas/houston?sort=rating`);
      expect(fromHere.status).toBe(404);
      const html = await fromHere.text();
      expect(goBack.exec(html)?.[1]).toBe('/states/texas/houston?sort=rating');
      expect(html).toContain('"cameFrom":"/states/texas/houston?sort=rating"');
      // Landed on directly, or from another site: nowhere on this site to go back to, so no Go Back.
      for (const referer of [
        undefined,
        'https://elsewhere.example/states/texas',
        `${ORIGIN}//evil.example/`,
      ]) {
        const page = await (await fetchWith(referer)).text();
        expect(page, String(referer)).toContain('Back to Home');
        expect(page, String(referer)).not.toContain('Go Back');
        expect(page, String(referer)).not.toContain('cameFrom');
      }
    },
  );

  it('never lets the Referer into a page that is not a 404', async () => {
    const response = await fetch(`${app.baseUrl}/states/illinois`, {
      headers: { Referer: `${ORIGIN}/states/texas` },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).not.toContain('cameFrom');
  });

  it.each([
    ['/states/illinois', 'index, follow'],
    ['/states/illinois?page=2', 'noindex, follow'],
    ['/states/illinois?sort=rating', 'noindex, follow'],
    ['/states/illinois/chicago', 'index, follow'],
    ['/states/illinois/chicago?service=piano-moving', 'noindex, follow'],
    ['/moving-companies', 'index, follow'],
    ['/moving-companies?page=2', 'noindex, follow'],
    ['/moving-companies?state=IL', 'noindex, follow'],
    ['/blog', 'index, follow'],
    ['/blog?tag=packing', 'noindex, follow'],
    ['/search', 'noindex, follow'],
  ])(
    'keeps list variants out of the index with their links followed: %s → %s',
    async (path, robots) => {
      const response = await app.get(path);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(`<meta name="robots" content="${robots}"/>`);
    },
  );

  it('renders a state page at /states/…, the address /moving-companies/… also leads to', async () => {
    for (const path of ['/states/illinois', '/moving-companies/illinois']) {
      const response = await app.get(path);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain('<title>Moving Companies in Illinois | MoverAtlas</title>');
      expect(canonicalOf(html)).toBe(`${ORIGIN}/states/illinois`);
      expect(jsonLdTypes(html)).toEqual(
        expect.arrayContaining([
          'Organization',
          'WebSite',
          'WebPage',
          'BreadcrumbList',
          'ItemList',
        ]),
      );
      expect(html).toContain('Rating distribution');
      expect(html).toContain('<meta name="geo.region" content="US-IL"/>');
    }
  });

  it('gives each page of a list its own canonical URL, filters included', async () => {
    const html = await (await app.get('/states/illinois?page=2&sort=rating')).text();
    expect(canonicalOf(html)).toBe(`${ORIGIN}/states/illinois?sort=rating&amp;page=2`);
    const directory = await (await app.get('/moving-companies?page=2')).text();
    expect(canonicalOf(directory)).toBe(`${ORIGIN}/moving-companies?page=2`);
    expect(jsonLdTypes(directory)).toContain('ItemList');
  });

  it('renders a city page with breadcrumbs to /states/{state}/{city}', async () => {
    const response = await app.get('/moving-companies/illinois/chicago');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(canonicalOf(html)).toBe(`${ORIGIN}/states/illinois/chicago`);
    expect(jsonLdTypes(html)).toEqual(expect.arrayContaining(['BreadcrumbList', 'ItemList']));
    expect(html).toContain(`"item":"${ORIGIN}/states/illinois/chicago"`);
    expect(html).toContain(`"item":"${ORIGIN}/states/illinois"`);
  });

  it('renders a company profile with MovingCompany data', async () => {
    const response = await app.get(`/company/${companySlug}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(canonicalOf(html)).toBe(`${ORIGIN}/company/${companySlug}`);
    expect(jsonLdTypes(html)).toContain('MovingCompany');
    expect(html).toContain('"addressCountry":"US"');
    expect(html).toContain(`href="/get-quotes?company=${companySlug}"`);
  });

  it('puts a tap-to-call link and the e-mail above the profile’s first section (issue 15)', async () => {
    const row = (await app
      .db('companies')
      .where('is_in_list', true)
      .whereNotNull('phone')
      .whereNotNull('email')
      .orderBy('id')
      .first('slug', 'phone', 'email')) as { slug: string; phone: string; email: string };
    const html = await (await app.get(`/company/${row.slug}`)).text();
    const digits = row.phone.replace(/\D/g, '').slice(-10);
    const call = html.indexOf(`href="tel:+1${digits}"`);
    const mail = html.indexOf(`href="mailto:${row.email}"`);
    const about = html.indexOf('id="about-heading"');
    expect(call).toBeGreaterThan(html.indexOf('<h1'));
    expect(call).toBeLessThan(about);
    expect(mail).toBeGreaterThan(call);
    expect(mail).toBeLessThan(about);
  });

  it('pages a profile’s reviews with plain links, every review reachable, later pages out of the index', async () => {
    const busiest = (await app
      .db('companies')
      .where('is_in_list', true)
      .orderBy([
        { column: 'review_count', order: 'desc' },
        { column: 'id', order: 'asc' },
      ])
      .first('id', 'slug')) as { id: number; slug: string };
    const published = (await app
      .db('reviews')
      .where({ company_id: busiest.id, status: 'published' })
      .pluck('id')) as number[];
    expect(published.length).toBeGreaterThan(50);

    // Follow "Older reviews" from the profile, as a visitor without scripts would.
    const seen: number[] = [];
    let path: string | undefined = `/company/${busiest.slug}`;
    const visited: string[] = [];
    while (path) {
      visited.push(path);
      const response = await app.get(path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      // The distribution of every review stays on every page.
      expect(html, path).toContain('Rating distribution');
      seen.push(...[...html.matchAll(/<h3 id="review-(\d+)"/g)].map((m) => Number(m[1])));
      if (path.includes('?reviews=')) {
        expect(html).toContain('<meta name="robots" content="noindex, follow"/>');
        expect(canonicalOf(html)).toBe(`${ORIGIN}${path}`);
      } else {
        expect(html).toContain('<meta name="robots" content="index, follow"/>');
        expect(canonicalOf(html)).toBe(`${ORIGIN}/company/${busiest.slug}`);
      }
      const older = /<a[^>]*href="([^"#]+)#reviews"[^>]*>Older reviews/.exec(html)?.[1];
      path = older?.replace(/&amp;/g, '&');
    }
    expect(visited.length).toBe(Math.ceil(published.length / REVIEWS_PER_PAGE));
    expect(visited.at(-1)).toBe(`/company/${busiest.slug}?reviews=${visited.length}`);
    expect(seen.sort((a, b) => a - b)).toEqual([...published].sort((a, b) => a - b));

    for (const missing of [`?reviews=${visited.length + 1}`, '?reviews=0', '?reviews=two']) {
      const response = await app.get(`/company/${busiest.slug}${missing}`);
      expect(response.status, missing).toBe(404);
      expect(await response.text()).toContain('Page Not Found');
    }
  });

  it('offers the four best rated other movers of the same city, never the company itself', async () => {
    const chicago = (await app
      .db('companies as c')
      .join('cities as ci', 'ci.id', 'c.city_id')
      .where({ 'ci.slug': 'chicago', 'c.is_in_list': true })
      .select('c.slug', 'c.review_count')) as Array<{ slug: string; review_count: number }>;
    const slugs = new Set(chicago.map((c) => c.slug));
    const reviews = new Map(chicago.map((c) => [c.slug, Number(c.review_count)]));
    expect(slugs.size).toBeGreaterThan(5);
    const own = chicago[0]!.slug;
    const html = await (await app.get(`/company/${own}`)).text();
    const section = html.slice(html.indexOf('id="other-movers-heading"'));
    expect(section).toMatch(
      /^id="other-movers-heading"[^>]*>Compare Other Movers in (<!-- -->)?Chicago</,
    );
    const linked = [
      ...section.slice(0, section.indexOf('</section>')).matchAll(/href="\/company\/([^"]+)"/g),
    ].map((m) => m[1]!);
    expect(linked).toHaveLength(4);
    expect(linked).not.toContain(own);
    for (const slug of linked) expect(slugs.has(slug)).toBe(true);
    // Called best rated, so each has the reviews to deserve it (issue 15).
    expect(section).toContain('The best rated movers in Chicago, IL besides');
    for (const slug of linked)
      expect(reviews.get(slug), slug).toBeGreaterThanOrEqual(BEST_RATED_MIN_REVIEWS);
    // The profile's title fits in search results (long names drop "Movers in", then the place).
    const title = /<title>([^<]*)<\/title>/
      .exec(html)![1]!
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
    expect(title.length).toBeLessThanOrEqual(60);
  });

  it('renders the home page with the map, featured companies and no inline styles', async () => {
    const response = await app.get('/');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('aria-label="Browse Illinois Movers"');
    expect(html).toContain('href="/states/illinois"');
    // Without scripts every state of the map is a tab stop; scripts make the map one (issue 15).
    const mapLinks = html.match(/<a [^>]*aria-label="Browse [^"]+ Movers"[^>]*>/g) ?? [];
    expect(mapLinks).toHaveLength(51);
    for (const link of mapLinks) expect(link).not.toContain('tabindex');
    // Today's handful of featured companies, and the way to all of them (issue 15).
    const featured = html.slice(html.indexOf('id="featured-heading"'));
    const cards = featured.slice(0, featured.indexOf('</section>')).match(/<article/g) ?? [];
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.length).toBeLessThanOrEqual(6);
    expect(featured).toMatch(
      /href="\/moving-companies\?featured=true"[^>]*>See all (<!-- -->)?\d+(<!-- -->)? featured movers</,
    );
    expect(html).not.toMatch(/\sstyle="/);
    // The editorial guide, from its Markdown, with its links to the checklist and the interstate rules.
    const guide = html.slice(html.indexOf('id="guide-heading"'));
    expect(guide).toMatch(/^id="guide-heading"[^>]*>How to Plan a Move Without the Stress</);
    const guideLinks = [
      ...guide.slice(0, guide.indexOf('</section>')).matchAll(/href="([^"]+)"/g),
    ].map((m) => m[1]);
    expect(guideLinks).toEqual(
      expect.arrayContaining([
        '/blog/complete-moving-checklist',
        '/blog/interstate-moving-regulations',
      ]),
    );
  });

  it('answers /search with grouped results, kept out of the index, and pages one group', async () => {
    const response = await app.get('/search?q=chica');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Results for “chica”');
    expect(html).toContain('href="/states/illinois/chicago"');
    expect(html).toContain('<meta name="robots" content="noindex, follow"/>');
    const cities = await app.get('/search?q=a&type=cities&page=2');
    expect(cities.status).toBe(200);
    expect(canonicalOf(await cities.text())).toBe(
      `${ORIGIN}/search?q=a&amp;type=cities&amp;page=2`,
    );
    expect((await app.get('/search?q=a&type=planets')).status).toBe(404);
  });

  it('takes a search that names a place to its page (issue 15)', async () => {
    for (const [q, path] of [
      ['chicago', '/states/illinois/chicago'],
      ['Houston, TX', '/states/texas/houston'],
      ['movers in texas', '/states/texas'],
    ]) {
      const response = await noRedirect(app, `/search?q=${encodeURIComponent(q!)}`);
      expect(response.status, q).toBe(302);
      expect(response.headers.get('location'), q).toBe(path);
    }
  });

  it('renders the HTML site map with every state, service and article', async () => {
    const response = await app.get('/sitemap');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('href="/states/wyoming"');
    expect(html).toContain('href="/blog"');
    for (const service of SERVICES) expect(html).toContain(`href="/services/${service.id}"`);
    for (const article of [
      '/blog/long-distance-moving-tips',
      '/guides/moving-with-kids',
      '/resources/voter-registration-after-moving',
    ])
      expect(html).toContain(`href="${article}"`);
    // Headings are named by ids without spaces (aria-labelledby reads a space as a second id).
    expect(html).toContain('aria-labelledby="sitemap-find-movers"');
    expect(html).toContain('id="sitemap-find-movers"');
    expect(jsonLdTypes(html)).toEqual(expect.arrayContaining(['WebPage', 'BreadcrumbList']));
  });
});
