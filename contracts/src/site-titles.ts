/**
 * What a site name does to page titles (issue 16: "a site name that pushes every title past 60 characters is
 * accepted silently"). Titles read "Page | Site name" and search results cut them past TITLE_MAX_LENGTH.
 * Pages whose words depend on a record (a company, a city) shorten themselves to fit (fittingTitle); the
 * pages below have fixed words, so a long site name pushes them past the limit. Zod-free: the Settings
 * screen checks as the admin types, the server says it again in its answer.
 */
import { pageTitle, TITLE_MAX_LENGTH } from './format';

/**
 * The site's pages with fixed titles, by address. server/test/admin/site-name-titles.test.ts reads each
 * page's <title> from the server, so this list cannot drift from what the pages say.
 */
export const FIXED_TITLE_PAGES: ReadonlyArray<{ path: string; title: string }> = [
  { path: '/', title: 'Compare Moving Companies & Get Free Quotes' },
  { path: '/states', title: 'Moving Companies by State' },
  { path: '/moving-companies', title: 'Moving Companies Directory' },
  { path: '/get-quotes', title: 'Get Free Moving Quotes' },
  { path: '/search', title: 'Search Moving Companies' },
  { path: '/calculator', title: 'Moving Cost Calculator' },
  { path: '/check-a-mover', title: 'Check a Mover’s USDOT and MC Numbers' },
  { path: '/list-your-company', title: 'List Your Moving Company' },
  { path: '/resources', title: 'Location Resources for Your Move' },
  { path: '/blog', title: 'Moving Tips & Advice Blog' },
  { path: '/guides', title: 'Moving Guides' },
  { path: '/contact', title: 'Contact Us' },
  { path: '/sitemap', title: 'Sitemap' },
];

export interface SiteNameTitleCheck {
  /** The longest page title the site name makes, e.g. "Compare Moving Companies … | Site name". */
  longestTitle: string;
  length: number;
  /** How many of the fixed-title pages pass the limit, of how many. */
  pagesOver: number;
  pages: number;
  limit: number;
}

/** Null when every fixed page title fits in TITLE_MAX_LENGTH with this site name; else the longest one. */
export function siteNameTitleCheck(siteName: string): SiteNameTitleCheck | null {
  const titles = FIXED_TITLE_PAGES.map((page) => pageTitle(page.title, siteName.trim()));
  const over = titles.filter((title) => title.length > TITLE_MAX_LENGTH);
  if (over.length === 0) return null;
  const longestTitle = over.reduce((a, b) => (b.length > a.length ? b : a));
  return {
    longestTitle,
    length: longestTitle.length,
    pagesOver: over.length,
    pages: titles.length,
    limit: TITLE_MAX_LENGTH,
  };
}
