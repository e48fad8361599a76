/** schema.org JSON-LD for every page: the organization, the site with its search action, and breadcrumbs. */
import { companyProfilePath } from '@moveratlas/contracts';
import { CONTACT, SOCIAL_LINKS } from '../../config/site';
import type { Review, SiteInfo } from '@moveratlas/contracts';

/**
 * The picture a shared link or an article shows (1200×630, directory/public/images/social): no site name on
 * it, so a name changed on the Settings screen never disagrees with it.
 */
export const SHARE_IMAGE = { path: '/images/social/share-card.png', width: 1200, height: 630 };

export type JsonLd = Record<string, unknown>;

export interface Crumb {
  label: string;
  /** Site path; the last crumb (the current page) may omit it. */
  to?: string;
}

export const absoluteUrl = (origin: string, path: string): string => `${origin}${path}`;

export function organizationJsonLd(site: SiteInfo): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': absoluteUrl(site.origin, '/#organization'),
    name: site.siteName,
    url: absoluteUrl(site.origin, '/'),
    logo: absoluteUrl(site.origin, '/favicon.svg'),
    email: CONTACT.email,
    telephone: CONTACT.phoneHref.replace('tel:', ''),
    address: {
      '@type': 'PostalAddress',
      streetAddress: CONTACT.street,
      addressLocality: CONTACT.locality,
      addressRegion: CONTACT.region,
      postalCode: CONTACT.postalCode,
      addressCountry: 'US',
    },
    sameAs: SOCIAL_LINKS.map((link) => link.href),
  };
}

export function websiteJsonLd(site: SiteInfo): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    '@id': absoluteUrl(site.origin, '/#website'),
    name: site.siteName,
    url: absoluteUrl(site.origin, '/'),
    publisher: { '@id': absoluteUrl(site.origin, '/#organization') },
    potentialAction: {
      '@type': 'SearchAction',
      target: {
        '@type': 'EntryPoint',
        urlTemplate: absoluteUrl(site.origin, '/search?q={search_term_string}'),
      },
      'query-input': 'required name=search_term_string',
    },
  };
}

export function breadcrumbJsonLd(
  site: SiteInfo,
  crumbs: readonly Crumb[],
  currentPath: string,
): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.label,
      item: absoluteUrl(site.origin, crumb.to ?? currentPath),
    })),
  };
}

/**
 * JSON for a <script type="application/ld+json"> (or application/json) block. Such blocks are data, not
 * executed, so the CSP allows them; escaping "<" keeps "</script>" and "<!--" in the data from ending the block.
 */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** WebPage for the page itself (every page carries one, spec 1). */
export function webPageJsonLd(
  site: SiteInfo,
  page: { name: string; description: string; path: string },
): JsonLd {
  const url = absoluteUrl(site.origin, page.path);
  return {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    '@id': `${url}#webpage`,
    url,
    name: page.name,
    description: page.description,
    inLanguage: 'en-US',
    isPartOf: { '@id': absoluteUrl(site.origin, '/#website') },
  };
}

/** The fields of a company the MovingCompany data reads (Company and search results both fit). */
export interface CompanyForJsonLd {
  name: string;
  slug: string;
  description?: string | null;
  website?: string | null;
  phone?: string | null;
  email?: string | null;
  logo?: string | null;
  street?: string | null;
  zipCode?: string | null;
  city: { name: string };
  state: { name: string; abbreviation: string };
  lat?: number | null;
  lng?: number | null;
  rating: number | null;
  reviewCount: number;
  photoUrls?: string[];
}

/**
 * A review the page shows, as schema.org reads one (issue 19): what it is about (`itemReviewed`, the company by
 * its @id, with its name and address so the item stands on its own), who wrote it, when, and its stars.
 */
export function reviewJsonLd(
  company: { id: string; name: string; url: string },
  review: Pick<Review, 'rating' | 'title' | 'text' | 'authorFirstName' | 'date'>,
): JsonLd {
  return {
    '@type': 'Review',
    itemReviewed: {
      '@type': 'MovingCompany',
      '@id': company.id,
      name: company.name,
      url: company.url,
    },
    author: { '@type': 'Person', name: review.authorFirstName },
    datePublished: review.date,
    name: review.title,
    reviewBody: review.text,
    reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
  };
}

/**
 * MovingCompany (spec 3): address with country US, an AggregateRating only when both the rating and the
 * review count exist, and areaServed "city, ST". `reviews` are the ones the page shows: the profile reads
 * only published reviews, and the company's rating and count are recomputed from exactly those (issue 19).
 */
export function movingCompanyJsonLd(
  site: SiteInfo,
  company: CompanyForJsonLd,
  reviews: readonly Review[] = [],
): JsonLd {
  const url = absoluteUrl(site.origin, companyProfilePath(company.slug));
  const id = `${url}#company`;
  const data: JsonLd = {
    '@context': 'https://schema.org',
    '@type': 'MovingCompany',
    '@id': id,
    name: company.name,
    url,
    address: {
      '@type': 'PostalAddress',
      ...(company.street ? { streetAddress: company.street } : {}),
      addressLocality: company.city.name,
      addressRegion: company.state.abbreviation,
      ...(company.zipCode ? { postalCode: company.zipCode } : {}),
      addressCountry: 'US',
    },
    areaServed: `${company.city.name}, ${company.state.abbreviation}`,
  };
  if (company.description) data.description = company.description;
  if (company.phone) data.telephone = company.phone;
  if (company.email) data.email = company.email;
  if (company.website) data.sameAs = [company.website];
  if (company.logo) {
    const logo = company.logo.startsWith('/')
      ? absoluteUrl(site.origin, company.logo)
      : company.logo;
    data.logo = logo;
    data.image = logo;
  }
  if (company.lat != null && company.lng != null) {
    data.geo = { '@type': 'GeoCoordinates', latitude: company.lat, longitude: company.lng };
  }
  if (company.rating != null && company.reviewCount > 0) {
    data.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: company.rating,
      reviewCount: company.reviewCount,
      bestRating: 5,
      worstRating: 1,
    };
  }
  if (reviews.length > 0) {
    data.review = reviews.map((review) => reviewJsonLd({ id, name: company.name, url }, review));
  }
  return data;
}

/** Lists carry at most ten companies in their structured data (spec 9). */
export const ITEM_LIST_LIMIT = 10;

export function companyItemListJsonLd(
  site: SiteInfo,
  name: string,
  companies: readonly CompanyForJsonLd[],
  startPosition = 1,
): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    numberOfItems: Math.min(companies.length, ITEM_LIST_LIMIT),
    itemListElement: companies.slice(0, ITEM_LIST_LIMIT).map((company, index) => ({
      '@type': 'ListItem',
      position: startPosition + index,
      url: absoluteUrl(site.origin, companyProfilePath(company.slug)),
      name: company.name,
    })),
  };
}
