/**
 * Which problems a crawl stopped by its page limit can call gone (issue 16: "a limited crawl leaves fixed
 * tasks open"). A crawl that saw the whole site knows every problem it did not find is gone. A limited one
 * knows it only for the pages it re-checked, and only when the verdict needs nothing from pages it never
 * reached:
 *
 * - a page's own problems (title, description, headings, structured data, speed…): the page was fetched;
 * - a broken link to a page: the page was fetched and now answers (below 400), whoever links to it;
 * - a redirected link: the page was fetched and now answers without redirecting;
 * - a page missing from the sitemap: the page was fetched and the sitemap, which every crawl reads whole
 *   first, lists it now.
 *
 * Duplicate titles and descriptions stay as they were: the page sharing one may be a page not reached.
 */
import type { SeoRuleId } from '@moveratlas/contracts';
import type { CrawlResult } from './crawler';

/** Rules whose verdict depends on the pages a crawl reached, not only on the page itself. */
export const SITE_WIDE_RULES: readonly string[] = [
  'title-duplicate',
  'description-duplicate',
  'not-in-sitemap',
  'broken-link',
  'redirected-link',
] satisfies SeoRuleId[];

export type RecheckedAndGone = (rule: string, url: string) => boolean;

/**
 * For a problem the crawl did not find: whether the crawl proves it gone (true) or cannot tell (false).
 */
export function recheckedAndGone(
  result: Pick<CrawlResult, 'checkedUrls' | 'pages' | 'listedInSitemap' | 'truncated'>,
): RecheckedAndGone {
  if (!result.truncated) return () => true;
  const status = new Map(result.pages.map((page) => [page.url, page.status]));
  return (rule, url) => {
    if (!result.checkedUrls.has(url)) return false;
    const answered = status.get(url);
    switch (rule) {
      case 'broken-link':
        return answered !== undefined && answered > 0 && answered < 400;
      case 'redirected-link':
        return answered !== undefined && answered > 0 && (answered < 300 || answered >= 400);
      case 'not-in-sitemap':
        return answered !== undefined && result.listedInSitemap.has(url);
      default:
        return !SITE_WIDE_RULES.includes(rule);
    }
  };
}
