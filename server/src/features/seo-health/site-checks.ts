/**
 * The checks that need the whole crawl rather than one page: broken and redirected links, sitemap
 * coverage (listed but failing, noindex, indexable but missing) and duplicate titles and descriptions.
 */
import type { SeoRuleId } from '@moveratlas/contracts';
import type { PageFacts } from './page-checks';
import type { Referrers } from './crawl-frontier';
import { examples, sameAddress } from './crawl-score';

export interface CheckedPage {
  url: string;
  /** 0 when the page did not answer. */
  status: number;
  location: string | null;
  error: string | null;
  facts: Omit<PageFacts, 'links'> | null;
}

export type AddFinding = (rule: SeoRuleId, url: string, message: string) => void;

export function siteWideChecks(
  pages: readonly CheckedPage[],
  inSitemap: ReadonlySet<string>,
  referrers: ReadonlyMap<string, Referrers>,
  add: AddFinding,
): void {
  const titles = new Map<string, string[]>();
  const descriptions = new Map<string, string[]>();
  for (const page of pages) {
    const listed = inSitemap.has(page.url);
    const linked = referrers.get(page.url);
    const from = linked ? `linked from ${examples(linked.examples, linked.count)}` : '';
    if (page.status === 0 || page.status >= 400) {
      const what = page.status === 0 ? `did not answer (${page.error})` : `answers ${page.status}`;
      if (linked) add('broken-link', page.url, `The page ${what}; ${from}`);
      if (listed) add('sitemap-url-error', page.url, `Listed in the sitemap, but the page ${what}`);
      if (!linked && !listed) add('http-error', page.url, `The page ${what}`);
      continue;
    }
    if (page.status >= 300 && page.status < 400) {
      const to = `redirects (${page.status}) to ${page.location ?? 'nowhere'}`;
      if (linked && page.url !== '/')
        add('redirected-link', page.url, `The address ${to}; ${from}`);
      if (listed) add('sitemap-url-error', page.url, `Listed in the sitemap, but it ${to}`);
      continue;
    }
    const facts = page.facts;
    if (!facts) continue;
    if (facts.noindex) {
      if (listed)
        add('noindex-in-sitemap', page.url, 'The page says noindex but the sitemap lists it');
      continue;
    }
    // Pages that name another address as canonical are that page's copies, not duplicates of it.
    const selfCanonical =
      facts.canonicalPath === null || sameAddress(facts.canonicalPath, page.url);
    if (!selfCanonical) continue;
    if (!listed && linked)
      add('not-in-sitemap', page.url, `Indexable and ${from}, but not in the sitemap`);
    if (facts.title) titles.set(facts.title, [...(titles.get(facts.title) ?? []), page.url]);
    if (facts.description)
      descriptions.set(facts.description, [
        ...(descriptions.get(facts.description) ?? []),
        page.url,
      ]);
  }
  duplicates(titles, 'title-duplicate', 'title', add);
  duplicates(descriptions, 'description-duplicate', 'meta description', add);
}

function duplicates(
  groups: Map<string, string[]>,
  rule: 'title-duplicate' | 'description-duplicate',
  what: string,
  add: AddFinding,
): void {
  for (const urls of groups.values()) {
    if (urls.length < 2) continue;
    for (const url of urls) {
      const others = urls.filter((u) => u !== url);
      add(
        rule,
        url,
        `Same ${what} as ${others.length} other page(s): ${examples(others.slice(0, 3), others.length)}`,
      );
    }
  }
}
