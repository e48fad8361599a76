/**
 * The SEO crawler, page checks, sitemaps and structured data, and their admin screen.
 * What the rest of the server may use of this resource; everything else in the folder is its own
 * (eslint holds the line: docs/decisions/015-one-folder-per-resource.md).
 */
export { activeScriptJob } from './admin/queries';
export { adminSeoHealthRoutes } from './admin/routes';
export { seoCrawlScript } from './crawl-script';
export { crawlSite } from './crawler';
export { analyzePage, DEFAULT_THRESHOLDS, pagePathOf } from './page-checks';
export { configuredSiteTarget, type SiteTarget } from './site-target';
export { MAX_URLS_PER_SITEMAP, sitemapRoutes } from './sitemap-routes';
