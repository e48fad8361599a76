/**
 * The schema.org types the directory writes as JSON-LD, as zod schemas: the properties we write, the
 * required ones required, each value in the shape schema.org (and Google's rich results) expect. A block
 * of a type not listed here is an error too: every type the site uses must have a schema.
 */
import { z } from 'zod';

/** WebPage and the subtypes pages may use. */
export const PAGE_TYPES = [
  'WebPage',
  'CollectionPage',
  'AboutPage',
  'ContactPage',
  'SearchResultsPage',
];

export type JsonLdBlock = { '@type': string } & Record<string, unknown>;

/** The schemas for a site at `origin` named `siteName`: its own URLs must be absolute and on `origin`. */
export function schemaOrgTypes(origin: string, siteName: string) {
  const context = z.literal('https://schema.org');
  const absolute = z.url({ protocol: /^https?$/ });
  const ours = absolute.refine((url) => url.startsWith(`${origin}/`), 'not a URL of the site');
  const reference = z.strictObject({ '@id': ours });
  const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}/);

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
    '@context': context,
    '@type': z.literal('Organization'),
    '@id': z.literal(`${origin}/#organization`),
    name: z.literal(siteName),
    url: z.literal(`${origin}/`),
    logo: ours.optional(),
    email: z.email().optional(),
    telephone: z.string().min(7).optional(),
    address: PostalAddress.optional(),
    sameAs: z.array(absolute).optional(),
  });

  const WebSite = z.looseObject({
    '@context': context,
    '@type': z.literal('WebSite'),
    '@id': z.literal(`${origin}/#website`),
    name: z.literal(siteName),
    url: z.literal(`${origin}/`),
    publisher: reference.optional(),
    potentialAction: z.looseObject({
      '@type': z.literal('SearchAction'),
      target: z.looseObject({
        '@type': z.literal('EntryPoint'),
        urlTemplate: z.literal(`${origin}/search?q={search_term_string}`),
      }),
      'query-input': z.literal('required name=search_term_string'),
    }),
  });

  const WebPage = z.looseObject({
    '@context': context,
    '@type': z.enum(PAGE_TYPES),
    '@id': ours.optional(),
    name: z.string().min(1),
    url: ours,
    description: z.string().min(1).max(160).optional(),
    inLanguage: z.literal('en-US').optional(),
    isPartOf: z.strictObject({ '@id': z.literal(`${origin}/#website`) }).optional(),
    publisher: reference.optional(),
  });

  const Article = z.looseObject({
    '@context': context,
    '@type': z.literal('Article'),
    headline: z.string().min(1).max(110),
    description: z.string().min(1).optional(),
    datePublished: isoDate,
    dateModified: isoDate.optional(),
    author: z.looseObject({
      '@type': z.enum(['Organization', 'Person']),
      name: z.string().min(1),
    }),
    publisher: reference,
    mainEntityOfPage: z.looseObject({ '@type': z.literal('WebPage'), '@id': ours }).optional(),
    url: ours,
    // Required for an article's rich result (issue 15: validators found none).
    image: ours,
  });

  const FAQPage = z.looseObject({
    '@context': context,
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

  const consecutive = (items: ReadonlyArray<{ position: number }>) =>
    items.every((item, index) => index === 0 || item.position === items[index - 1]!.position + 1);

  const BreadcrumbList = z.looseObject({
    '@context': context,
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

  /** Lists carry at most ten items (spec 9), numbered without gaps. */
  const ItemList = z
    .looseObject({
      '@context': context,
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
        .min(1)
        .max(10)
        .refine(consecutive, { message: 'positions must follow one another' }),
    })
    .refine(
      (list) =>
        list.numberOfItems === undefined || list.numberOfItems === list.itemListElement.length,
      { message: 'numberOfItems must count itemListElement' },
    );

  /** A review the profile shows (issue 19): of the company whose page it is, by @id, with its writer and stars. */
  const Review = z.looseObject({
    '@type': z.literal('Review'),
    itemReviewed: z.looseObject({
      '@type': z.literal('MovingCompany'),
      '@id': ours,
      name: z.string().min(1),
      url: ours.optional(),
    }),
    author: z.looseObject({ '@type': z.literal('Person'), name: z.string().min(1) }),
    datePublished: isoDate,
    name: z.string().min(1).optional(),
    reviewBody: z.string().min(1).optional(),
    reviewRating: z.looseObject({
      '@type': z.literal('Rating'),
      ratingValue: z.number().int().min(1).max(5),
      bestRating: z.literal(5).optional(),
      worstRating: z.literal(1).optional(),
    }),
  });

  const MovingCompany = z.looseObject({
    '@context': context,
    '@type': z.literal('MovingCompany'),
    '@id': ours.optional(),
    name: z.string().min(1),
    url: ours,
    address: PostalAddress,
    // Spec 3: the service area is "city, ST".
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
    // Spec 3: only with both a rating and a review count.
    aggregateRating: z
      .looseObject({
        '@type': z.literal('AggregateRating'),
        ratingValue: z.number().min(1).max(5),
        reviewCount: z.number().int().positive(),
        bestRating: z.literal(5).optional(),
        worstRating: z.literal(1).optional(),
      })
      .optional(),
    // The reviews the page shows (a page of ten at most), each naming this company as what it reviews.
    review: z.array(Review).min(1).max(10).optional(),
  });

  const Service = z.looseObject({
    '@context': context,
    '@type': z.literal('Service'),
    name: z.string().min(1),
    serviceType: z.string().min(1).optional(),
    areaServed: z.looseObject({ '@type': z.literal('Country'), name: z.literal('United States') }),
    provider: z.strictObject({ '@id': z.literal(`${origin}/#organization`) }),
    url: ours,
  });

  const byType: Record<string, z.ZodType> = {
    Organization,
    WebSite,
    ...Object.fromEntries(PAGE_TYPES.map((type) => [type, WebPage])),
    Article,
    FAQPage,
    BreadcrumbList,
    ItemList,
    MovingCompany,
    Service,
  };

  /** What is wrong with one JSON-LD block, as readable lines; empty when it is valid. */
  function issuesOf(block: JsonLdBlock): string[] {
    const schema = byType[block['@type']];
    if (!schema) return [`unexpected JSON-LD type ${String(block['@type'])}`];
    const result = schema.safeParse(block);
    return result.success
      ? []
      : result.error.issues.map(
          (issue) => `${block['@type']}.${issue.path.join('.')}: ${issue.message}`,
        );
  }

  return { Organization, WebSite, WebPage, BreadcrumbList, ItemList, MovingCompany, issuesOf };
}
