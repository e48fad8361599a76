/** schema.org JSON-LD for every page: the organisation, the site with its search action, and breadcrumbs. */
import { CONTACT, SOCIAL_LINKS } from '../../config/site';
import type { SiteInfo } from '../../app/data-context';

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
