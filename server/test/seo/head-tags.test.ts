/**
 * Every kind of page, rendered by the real app (the built directory: run `npm run build -w
 * @moveratlas/directory` first), carries the head of spec 1 and 9: one title, a description of at most 160
 * characters, an absolute canonical URL, Open Graph and Twitter tags, robots, US geo tags, the viewport, and
 * JSON-LD that parses and matches the schema.org types it uses (the zod schemas below: the properties we
 * write, required ones required).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testDatabases } from '../databases';
import { startTestApp, type TestApp } from '../test-app';

const ORIGIN = 'https://moveratlas.example';
const SITE_NAME = 'MoverAtlas';

// --- schema.org types, as zod schemas of the properties the directory writes ---------------------------

const CONTEXT = z.literal('https://schema.org');
const absolute = z.url({ protocol: /^https?$/ });
const ours = absolute.refine((url) => url.startsWith(`${ORIGIN}/`), 'not a URL of the site');
const reference = z.strictObject({ '@id': ours });

const PostalAddress = z.looseObject({
  '@type': z.literal('PostalAddress'),
  streetAddress: z.string().min(1).optional(),
  addressLocality: z.string().min(1),
  addressRegion: z.string().regex(/^[A-Z]{2}$/),
  postalCode: z
    .string()
    .regex(/^\d{5}$/)
    .optional(),
  addressCountry: z.literal('US'),
});

const Organization = z.looseObject({
  '@context': CONTEXT,
  '@type': z.literal('Organization'),
  '@id': z.literal(`${ORIGIN}/#organization`),
  name: z.literal(SITE_NAME),
  url: z.literal(`${ORIGIN}/`),
  logo: ours.optional(),
  email: z.email().optional(),
  telephone: z.string().min(7).optional(),
  address: PostalAddress.optional(),
  sameAs: z.array(absolute).optional(),
});

const WebSite = z.looseObject({
  '@context': CONTEXT,
  '@type': z.literal('WebSite'),
  '@id': z.literal(`${ORIGIN}/#website`),
  name: z.literal(SITE_NAME),
  url: z.literal(`${ORIGIN}/`),
  publisher: reference.optional(),
  potentialAction: z.looseObject({
    '@type': z.literal('SearchAction'),
    target: z.looseObject({
      '@type': z.literal('EntryPoint'),
      urlTemplate: z.string().startsWith(`${ORIGIN}/search?q=`).includes('{search_term_string}'),
    }),
    'query-input': z.literal('required name=search_term_string'),
  }),
});

/** WebPage and the subtypes pages use. */
const PAGE_TYPES = ['WebPage', 'CollectionPage', 'AboutPage', 'ContactPage', 'SearchResultsPage'];
const WebPage = z.looseObject({
  '@context': CONTEXT,
  '@type': z.enum(PAGE_TYPES),
  '@id': ours.optional(),
  name: z.string().min(1),
  url: ours,
  description: z.string().min(1).max(160).optional(),
  inLanguage: z.literal('en-US').optional(),
  isPartOf: z.strictObject({ '@id': z.literal(`${ORIGIN}/#website`) }).optional(),
  publisher: reference.optional(),
});

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}/);
const Article = z.looseObject({
  '@context': CONTEXT,
  '@type': z.literal('Article'),
  headline: z.string().min(1).max(110),
  description: z.string().min(1).optional(),
  datePublished: isoDate,
  dateModified: isoDate.optional(),
  author: z.looseObject({ '@type': z.enum(['Organization', 'Person']), name: z.string().min(1) }),
  publisher: reference,
  mainEntityOfPage: z.looseObject({ '@type': z.literal('WebPage'), '@id': ours }).optional(),
  url: ours,
});

const FAQPage = z.looseObject({
  '@context': CONTEXT,
  '@type': z.literal('FAQPage'),
  url: ours.optional(),
  mainEntity: z
    .array(
      z.looseObject({
        '@type': z.literal('Question'),
        name: z.string().min(1),
        acceptedAnswer: z.looseObject({ '@type': z.literal('Answer'), text: z.string().min(1) }),
      }),
    )
    .min(1),
});

const BreadcrumbList = z.looseObject({
  '@context': CONTEXT,
  '@type': z.literal('BreadcrumbList'),
  itemListElement: z
    .array(
      z.looseObject({
        '@type': z.literal('ListItem'),
        position: z.number().int().positive(),
        name: z.string().min(1),
        item: ours,
      }),
    )
    .min(1)
    .refine((items) => items.every((item, index) => item.position === index + 1), {
      message: 'positions must run 1..n',
    }),
});

const ItemList = z.looseObject({
  '@context': CONTEXT,
  '@type': z.literal('ItemList'),
  name: z.string().min(1).optional(),
  numberOfItems: z.number().int().nonnegative().optional(),
  itemListElement: z
    .array(
      z.looseObject({
        '@type': z.literal('ListItem'),
        position: z.number().int().positive(),
        url: ours,
        name: z.string().min(1).optional(),
      }),
    )
    .max(10),
});

const MovingCompany = z.looseObject({
  '@context': CONTEXT,
  '@type': z.literal('MovingCompany'),
  '@id': ours.optional(),
  name: z.string().min(1),
  url: ours,
  address: PostalAddress,
  areaServed: z.string().regex(/^[^,]+, [A-Z]{2}$/),
  description: z.string().optional(),
  telephone: z.string().optional(),
  email: z.email().optional(),
  sameAs: z.array(absolute).optional(),
  logo: absolute.optional(),
  image: absolute.optional(),
  geo: z
    .looseObject({
      '@type': z.literal('GeoCoordinates'),
      latitude: z.number().min(-90).max(90),
      longitude: z.number().min(-180).max(180),
    })
    .optional(),
  aggregateRating: z
    .looseObject({
      '@type': z.literal('AggregateRating'),
      ratingValue: z.number().min(1).max(5),
      reviewCount: z.number().int().positive(),
      bestRating: z.literal(5).optional(),
      worstRating: z.literal(1).optional(),
    })
    .optional(),
});

const Service = z.looseObject({
  '@context': CONTEXT,
  '@type': z.literal('Service'),
  name: z.string().min(1),
  serviceType: z.string().min(1).optional(),
  areaServed: z.looseObject({ '@type': z.literal('Country'), name: z.literal('United States') }),
  provider: z.strictObject({ '@id': z.literal(`${ORIGIN}/#organization`) }),
  url: ours,
});

const SCHEMAS: Record<string, z.ZodType> = {
  Service,
  Organization,
  WebSite,
  ...Object.fromEntries(PAGE_TYPES.map((type) => [type, WebPage])),
  Article,
  FAQPage,
  BreadcrumbList,
  ItemList,
  MovingCompany,
};

type JsonLdBlock = { '@type': string } & Record<string, unknown>;

// --- reading a page ------------------------------------------------------------------------------------

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });

interface Head {
  titles: string[];
  meta: (key: string) => string[];
  canonical: string[];
  jsonLd: JsonLdBlock[];
}

function readHead(html: string): Head {
  const head = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? '';
  const metas = [...head.matchAll(/<meta\s([^>]*?)\/?>/g)].map((match) => {
    const attributes: Record<string, string> = {};
    for (const [, name, value] of match[1]!.matchAll(/([\w:.-]+)="([^"]*)"/g)) {
      attributes[name!] = decode(value!);
    }
    return attributes;
  });
  return {
    titles: [...head.matchAll(/<title>([\s\S]*?)<\/title>/g)].map((m) => decode(m[1]!)),
    meta: (key) =>
      metas.filter((m) => m.name === key || m.property === key).map((m) => m.content ?? ''),
    canonical: [...head.matchAll(/<link rel="canonical" href="([^"]*)"/g)].map((m) =>
      decode(m[1]!),
    ),
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as JsonLdBlock,
    ),
  };
}

// --- the pages -----------------------------------------------------------------------------------------

interface PageCase {
  label: string;
  path: string;
  /** The canonical path; default: the path itself. */
  canonical?: string;
  status?: number;
  noindex?: boolean;
  /** The JSON-LD type that describes the page itself. */
  pageType?: string;
  /** Lists carry an ItemList of companies. */
  list?: boolean;
  home?: boolean;
}

interface Fixtures {
  ratedCompany: string;
  unratedCompany: string;
}

const pages = (f: Fixtures): PageCase[] => [
  { label: 'home', path: '/', home: true, list: true },
  { label: 'state list', path: '/states' },
  { label: 'state', path: '/states/illinois', list: true },
  {
    label: 'state, second prefix',
    path: '/moving-companies/illinois',
    canonical: '/states/illinois',
    list: true,
  },
  { label: 'city', path: '/states/illinois/chicago', list: true },
  { label: 'company with reviews', path: `/company/${f.ratedCompany}` },
  { label: 'company without reviews', path: `/company/${f.unratedCompany}` },
  { label: 'directory', path: '/moving-companies', list: true },
  { label: 'directory page 2', path: '/moving-companies?page=2', list: true },
  { label: 'search form', path: '/search' },
  { label: 'search results', path: '/search?q=chicago', noindex: true },
  { label: 'blog list', path: '/blog' },
  { label: 'blog post', path: '/blog/packing-tips-for-moving', pageType: 'Article' },
  { label: 'faq', path: '/faq', pageType: 'FAQPage' },
  { label: 'about', path: '/about' },
  { label: 'about-us', path: '/about-us' },
  { label: 'privacy policy', path: '/privacy-policy' },
  { label: 'terms of service', path: '/terms-of-service' },
  { label: 'service', path: '/services/local-moving' },
  { label: 'guides', path: '/guides' },
  { label: 'guide', path: '/guides/first-time-movers-guide', pageType: 'Article' },
  { label: 'resources', path: '/resources' },
  { label: 'calculator', path: '/calculator' },
  { label: 'contact', path: '/contact' },
  { label: 'list your company', path: '/list-your-company' },
  { label: 'sitemap', path: '/sitemap' },
  { label: '404', path: '/no/such/page', status: 404, noindex: true },
  { label: 'error page', path: '/error', status: 500, noindex: true },
];

const byType = (blocks: JsonLdBlock[], type: string) => blocks.filter((b) => b['@type'] === type);

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
    fixtures = { ratedCompany: rated.slug, unratedCompany: unrated.slug };
  });
  afterAll(() => app.close());

  const load = async (page: PageCase) => {
    const response = await app.get(page.path);
    expect(response.status, page.path).toBe(page.status ?? 200);
    return readHead(await response.text());
  };

  it('renders every kind of page with the full head', async () => {
    for (const page of pages(fixtures)) {
      const head = await load(page);
      const at = `${page.label} (${page.path})`;

      expect(head.titles, at).toHaveLength(1);
      const title = head.titles[0]!;
      if (page.home)
        expect(title, at).toMatch(
          new RegExp(`^.{10,}${SITE_NAME}$|^${SITE_NAME}$|\\| ${SITE_NAME}$`),
        );
      else expect(title, at).toMatch(new RegExp(`^\\S.* \\| ${SITE_NAME}$`));

      const [description, ...extraDescriptions] = head.meta('description');
      expect(extraDescriptions, at).toEqual([]);
      expect(description?.length ?? 0, at).toBeGreaterThan(20);
      expect(description!.length, at).toBeLessThanOrEqual(160);

      const canonical = `${ORIGIN}${page.canonical ?? page.path}`;
      expect(head.canonical, at).toEqual([canonical]);
      expect(head.meta('og:title'), at).toEqual([title]);
      expect(head.meta('og:description'), at).toEqual([description]);
      expect(head.meta('og:url'), at).toEqual([canonical]);
      expect(head.meta('og:type'), at).toHaveLength(1);
      expect(head.meta('twitter:card'), at).toEqual(['summary']);
      expect(head.meta('robots'), at).toEqual([page.noindex ? 'noindex' : 'index, follow']);
      expect(head.meta('geo.region')[0], at).toMatch(/^US(-[A-Z]{2})?$/);
      expect(head.meta('viewport'), at).toEqual([
        'width=device-width, initial-scale=1, maximum-scale=5',
      ]);

      // Every block is one of the schema.org types above and matches its schema.
      for (const block of head.jsonLd) {
        const schema = SCHEMAS[block['@type']];
        expect(schema, `${at}: unexpected JSON-LD type ${block['@type']}`).toBeDefined();
        const result = schema!.safeParse(block);
        expect(result.success ? [] : result.error.issues, `${at}: ${block['@type']}`).toEqual([]);
      }
      const types = head.jsonLd.map((block) => block['@type']);
      expect(byType(head.jsonLd, 'Organization'), at).toHaveLength(1);
      expect(byType(head.jsonLd, 'WebSite'), at).toHaveLength(1);
      const pageTypes = page.pageType ? [page.pageType] : PAGE_TYPES;
      expect(
        types.some((type) => pageTypes.includes(type)),
        `${at}: ${types.join(', ')}`,
      ).toBe(true);
      const breadcrumbs = byType(head.jsonLd, 'BreadcrumbList');
      if (page.home) expect(breadcrumbs, at).toHaveLength(0);
      else {
        expect(breadcrumbs, at).toHaveLength(1);
        const items = breadcrumbs[0]!.itemListElement as Array<{ item: string }>;
        expect(items[0]!.item, at).toBe(`${ORIGIN}/`);
      }
      if (page.list) expect(byType(head.jsonLd, 'ItemList').length, at).toBeGreaterThan(0);
    }
  });

  it('describes a company as a MovingCompany, rated only when it has both a rating and reviews', async () => {
    const [rated, unrated] = await Promise.all(
      [fixtures.ratedCompany, fixtures.unratedCompany].map(async (slug) => {
        const head = await load({ label: slug, path: `/company/${slug}` });
        const companies = byType(head.jsonLd, 'MovingCompany');
        expect(companies).toHaveLength(1);
        return MovingCompany.parse(companies[0]);
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
    expect(rated!.areaServed).toBe(`${row.city}, ${row.state}`);
    expect(rated!.aggregateRating).toMatchObject({
      ratingValue: Number(row.rating),
      reviewCount: Number(row.review_count),
    });
    expect(unrated!.aggregateRating).toBeUndefined();
    expect(unrated!.address.addressCountry).toBe('US');
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
    const items = ItemList.parse(list).itemListElement;
    expect(items).toHaveLength(10);
    const positions = items.map((item) => item.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });
});
