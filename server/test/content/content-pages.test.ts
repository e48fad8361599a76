import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentDocumentSchema, ContentSummarySchema } from '@moveratlas/contracts';
import { testDatabases } from '../databases';
import { startTestApp, type TestApp } from '../test-app';

/** The JSON-LD blocks of a rendered page, parsed. */
function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];

describe.each(testDatabases())('content API and pages on $name', (database) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(database.config, { PUBLIC_URL: 'https://movers.test' });
  });
  afterAll(() => app.close());

  it('lists a collection as summaries, without the articles themselves', async () => {
    const res = await app.get('/api/content/blog');
    expect(res.status).toBe(200);
    const posts = (await res.json()) as unknown[];
    expect(posts.length).toBeGreaterThanOrEqual(10);
    for (const post of posts) {
      expect(() => ContentSummarySchema.strict().parse(post)).not.toThrow();
    }
  });

  it('answers one document with its HTML and related documents', async () => {
    const res = await app.get('/api/content/blog/moving-cost-guide');
    expect(res.status).toBe(200);
    const post = ContentDocumentSchema.parse(await res.json());
    expect(post.title).toMatch(/Moving Cost Guide/);
    expect(post.html).toContain('<h2 id="how-local-moves-are-priced">');
    expect(post.related.length).toBeGreaterThan(0);
  });

  it.each([
    ['/api/content/blog/no-such-post', 'No content "no-such-post" in "blog"'],
    ['/api/content/recipes', 'No content collection "recipes"'],
    ['/api/content/blog/..%2Fpages%2Fabout', 'No content "../pages/about" in "blog"'],
  ])('answers 404 for %s', async (path, message) => {
    const res = await app.get(path);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: message });
  });

  it('renders a blog post with Article JSON-LD and breadcrumbs', async () => {
    const res = await app.get('/blog/interstate-moving-regulations');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>Interstate Moving Regulations | MoverAtlas</title>');
    expect(canonicalOf(html)).toBe('https://movers.test/blog/interstate-moving-regulations');
    const blocks = jsonLd(html);
    const article = blocks.find((block) => block['@type'] === 'Article');
    expect(article).toMatchObject({
      headline: 'Interstate Moving Regulations: Your Rights When You Move Across State Lines',
      datePublished: '2026-05-22',
      dateModified: '2026-10-15',
      url: 'https://movers.test/blog/interstate-moving-regulations',
    });
    const breadcrumbs = blocks.find((block) => block['@type'] === 'BreadcrumbList');
    expect(breadcrumbs?.itemListElement).toHaveLength(3);
    expect(html).toContain('Your Rights and Responsibilities When You Move');
  });

  it('renders the FAQ with FAQPage JSON-LD of every question', async () => {
    const res = await app.get('/faq');
    expect(res.status).toBe(200);
    const faq = jsonLd(await res.text()).find((block) => block['@type'] === 'FAQPage');
    const questions = faq?.mainEntity as Array<{
      name: string;
      acceptedAnswer: { text: string };
    }>;
    expect(questions.length).toBeGreaterThanOrEqual(12);
    expect(questions[0]?.name).toBe('Is MoverAtlas a moving company?');
    expect(questions[0]?.acceptedAnswer.text).toMatch(/^No\./);
  });

  it('serves the about page at /about, where /about-us sends visitors with a 301 (one address per page)', async () => {
    const res = await app.get('/about');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>About MoverAtlas | MoverAtlas</title>');
    expect(canonicalOf(html)).toBe('https://movers.test/about');
    const alias = await fetch(`${app.baseUrl}/about-us`, { redirect: 'manual' });
    expect(alias.status).toBe(301);
    expect(alias.headers.get('location')).toBe('/about');
  });

  it.each([
    '/privacy-policy',
    '/terms-of-service',
    '/blog',
    '/guides',
    '/resources',
    '/calculator',
    '/contact',
    '/list-your-company',
    '/services/local-moving',
    '/services/piano-moving',
  ])('renders %s', async (path) => {
    const res = await app.get(path);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(canonicalOf(html)).toBe(`https://movers.test${path}`);
    expect(html).toMatch(/<meta name="description" content="[^"]{20,160}"/);
  });

  it.each([
    '/blog/no-such-post',
    '/services/teleporting',
    '/guides/no-such-guide',
    '/resources/nowhere',
  ])('answers 404 with the not-found page for %s', async (path) => {
    const res = await app.get(path);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Page Not Found');
  });
});
