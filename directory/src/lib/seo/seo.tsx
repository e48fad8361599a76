/**
 * The head of every page: title, description, keywords, canonical address, Open Graph and Twitter tags,
 * robots, US geo tags, and JSON-LD (organization, site search, breadcrumbs, and any page data).
 * Render exactly one per page: React 19 hoists these tags into <head> and does not de-duplicate them.
 * They are plain elements: react-helmet-async 3 would only hand the same elements to React 19's hoisting
 * (its React19Dispatcher), for 6 KB of script on every page (decision 006).
 */
import { useLocation } from 'react-router-dom';
import { canonicalPagePath, pageTitle, truncateDescription } from '@moveratlas/contracts';
import { useSite } from '../site';
import {
  absoluteUrl,
  breadcrumbJsonLd,
  organizationJsonLd,
  serializeForScript,
  SHARE_IMAGE,
  websiteJsonLd,
  type Crumb,
  webPageJsonLd,
  type JsonLd,
} from './structured-data';

export interface SeoProps {
  /** The page's own title; the site name is appended. Leave empty on the home page. */
  title: string;
  description: string;
  keywords?: readonly string[];
  /** Kept out of search results: error and not-found pages. */
  noindex?: boolean;
  /**
   * With noindex: crawlers still follow the page's links (list pages beyond the first, filtered and sorted
   * views, search): every company, city and state they lead to is indexed through its own address.
   */
  followLinks?: boolean;
  /** The visible breadcrumb trail, repeated as a BreadcrumbList. */
  breadcrumbs?: readonly Crumb[];
  /** Extra structured data about the page itself. */
  jsonLd?: readonly JsonLd[];
  /** Overrides the canonical path (default: the current path's one form, without the query). */
  canonicalPath?: string;
  /** Local geo tags: region as "US-IL", the place name, and a position. Default: the whole US. */
  geo?: { region?: string; placename?: string; position?: { lat: number; lng: number } };
  /** Pages that describe themselves otherwise (an Article) may leave out the default WebPage data. */
  webPage?: boolean;
}

/** The page's one address (contracts' canonicalPagePath): every other form of it answers 301 there. */
export const canonicalPathOf = (pathname: string): string => canonicalPagePath(pathname);

export function Seo({
  title,
  description,
  keywords,
  noindex = false,
  followLinks = false,
  breadcrumbs,
  jsonLd = [],
  canonicalPath,
  geo,
  webPage = true,
}: SeoProps) {
  const site = useSite();
  const { pathname } = useLocation();
  const path = canonicalPath ?? canonicalPathOf(pathname);
  const canonical = absoluteUrl(site.origin, path);
  const fullTitle = title === '' ? site.siteName : pageTitle(title, site.siteName);
  const summary = truncateDescription(description);
  const robots = noindex ? (followLinks ? 'noindex, follow' : 'noindex') : 'index, follow';
  const structured: JsonLd[] = [organizationJsonLd(site), websiteJsonLd(site)];
  if (webPage)
    structured.push(webPageJsonLd(site, { name: fullTitle, description: summary, path }));
  const position = geo?.position;
  if (breadcrumbs && breadcrumbs.length > 0)
    structured.push(breadcrumbJsonLd(site, breadcrumbs, path));
  structured.push(...jsonLd);

  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={summary} />
      {keywords && keywords.length > 0 ? (
        <meta name="keywords" content={keywords.join(', ')} />
      ) : null}
      <meta name="robots" content={robots} />
      <link rel="canonical" href={canonical} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={site.siteName} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={summary} />
      <meta property="og:url" content={canonical} />
      <meta property="og:locale" content="en_US" />
      <meta property="og:image" content={absoluteUrl(site.origin, SHARE_IMAGE.path)} />
      <meta property="og:image:width" content={String(SHARE_IMAGE.width)} />
      <meta property="og:image:height" content={String(SHARE_IMAGE.height)} />
      <meta property="og:image:alt" content="Find and compare moving companies" />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:image" content={absoluteUrl(site.origin, SHARE_IMAGE.path)} />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={summary} />
      <meta name="geo.region" content={geo?.region ?? 'US'} />
      <meta name="geo.placename" content={geo?.placename ?? 'United States'} />
      {position ? <meta name="geo.position" content={`${position.lat};${position.lng}`} /> : null}
      {position ? <meta name="ICBM" content={`${position.lat}, ${position.lng}`} /> : null}
      {structured.map((data, index) => (
        <script
          key={index}
          type="application/ld+json"
          dangerouslySetInnerHTML={{ __html: serializeForScript(data) }}
        />
      ))}
    </>
  );
}
