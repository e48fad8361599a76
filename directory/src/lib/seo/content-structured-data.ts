/** schema.org JSON-LD for editorial pages: WebPage, Article (blog posts, guides) and FAQPage. */
import type { ContentDocument, FaqEntry, SiteInfo } from '@moveratlas/contracts';
import { absoluteUrl, SHARE_IMAGE, type JsonLd } from './structured-data';

export function webPageJsonLd(
  site: SiteInfo,
  page: { title: string; description: string; path: string; type?: string },
): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': page.type ?? 'WebPage',
    name: page.title,
    description: page.description,
    url: absoluteUrl(site.origin, page.path),
    isPartOf: { '@id': absoluteUrl(site.origin, '/#website') },
    publisher: { '@id': absoluteUrl(site.origin, '/#organization') },
  };
}

export function articleJsonLd(site: SiteInfo, document: ContentDocument, path: string): JsonLd {
  const url = absoluteUrl(site.origin, path);
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: document.title,
    description: document.description,
    datePublished: document.date,
    dateModified: document.updated ?? document.date,
    author: { '@type': 'Organization', name: document.author },
    publisher: { '@id': absoluteUrl(site.origin, '/#organization') },
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    // Search engines show an article's result with a picture only when it names one.
    image: absoluteUrl(site.origin, SHARE_IMAGE.path),
    url,
    keywords: document.tags.join(', '),
    timeRequired: `PT${document.readingMinutes}M`,
  };
}

export function faqPageJsonLd(site: SiteInfo, entries: readonly FaqEntry[], path: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    url: absoluteUrl(site.origin, path),
    mainEntity: entries.map((entry) => ({
      '@type': 'Question',
      name: entry.question,
      acceptedAnswer: { '@type': 'Answer', text: entry.answerText },
    })),
  };
}
