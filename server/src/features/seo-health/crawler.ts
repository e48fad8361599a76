/**
 * The SEO crawler: walks the site over HTTP as a search engine would — robots.txt, the sitemaps, then every
 * page they list and every same-origin link the pages hold — with a few requests at a time and a page limit,
 * checks each page (page-checks.ts), then the checks that need the whole site: duplicate titles and
 * descriptions, broken and redirected links, and sitemap coverage. It stores nothing: crawl-store.ts does.
 *
 * Pages are fetched from `base` (this server over loopback, see site-target.ts) while addresses are judged
 * against `siteOrigin` (PUBLIC_URL when set), so a crawl inside the server checks exactly what is served.
 */
import robotsParser from 'robots-parser';
import {
  SEO_RULES,
  trimTrailingSlashes,
  type SeoFinding,
  type SeoRuleId,
} from '@moveratlas/contracts';
import {
  analyzePage,
  DEFAULT_THRESHOLDS,
  internalTarget,
  pagePathOf,
  type PageFacts,
  type SeoThresholds,
} from './page-checks';
import { readSitemaps } from './sitemaps';

export const CRAWLER_USER_AGENT = 'MoverAtlas-SEO-Health/1.0';

export interface CrawlOptions {
  /** Where requests go, e.g. http://127.0.0.1:3000. */
  base: string;
  /** The origin the site's addresses use (canonical links, sitemaps); the base's origin by default. */
  siteOrigin?: string;
  /** Pages fetched at most (sitemap files not counted). */
  pageLimit: number;
  /** Requests in flight at once. */
  concurrency: number;
  thresholds?: Partial<SeoThresholds>;
  /** Per request. */
  requestTimeoutMs?: number;
  signal?: AbortSignal;
  /** After each page. */
  onProgress?: (progress: CrawlProgress) => void | Promise<void>;
}

export interface CrawlProgress {
  pagesCrawled: number;
  /** Pages the crawl expects to fetch: what it knows of, up to the limit. */
  expected: number;
  url: string;
  status: number;
}

export interface CrawledPage {
  url: string;
  /** 0 when the page did not answer. */
  status: number;
  responseMs: number;
  location: string | null;
  error: string | null;
}

export interface CrawlResult {
  findings: SeoFinding[];
  pages: CrawledPage[];
  /** Every address whose state the crawl knows (pages fetched, sitemap files, addresses robots.txt blocks). */
  checkedUrls: Set<string>;
  sitemapUrls: number;
  truncated: boolean;
  /** 0–100: each page starts at 100 and loses 25 per kind of error, 10 per warning, 2 per notice. */
  score: number;
  avgResponseMs: number | null;
  durationMs: number;
}

interface PageRecord extends CrawledPage {
  facts: Omit<PageFacts, 'links'> | null;
}

const SEVERITY_PENALTY = { error: 25, warning: 10, notice: 2 } as const;

/** The site score of a set of findings over the pages checked (see CrawlResult.score). */
export function crawlScore(findings: readonly SeoFinding[], urls: Iterable<string>): number {
  const rulesByUrl = new Map<string, Set<SeoRuleId>>();
  for (const url of urls) rulesByUrl.set(url, new Set());
  for (const finding of findings) {
    let rules = rulesByUrl.get(finding.url);
    if (!rules) rulesByUrl.set(finding.url, (rules = new Set()));
    rules.add(finding.rule);
  }
  if (rulesByUrl.size === 0) return 100;
  let total = 0;
  for (const rules of rulesByUrl.values()) {
    let penalty = 0;
    for (const rule of rules) penalty += SEVERITY_PENALTY[SEO_RULES[rule].severity];
    total += Math.max(0, 100 - penalty);
  }
  return Math.round(total / rulesByUrl.size);
}

/** One finding per rule and page (a task is one problem of one page): several become one message. */
export function mergeFindings(findings: readonly SeoFinding[]): SeoFinding[] {
  const byKey = new Map<string, SeoFinding>();
  for (const finding of findings) {
    const key = `${finding.rule} ${finding.url}`;
    const earlier = byKey.get(key);
    if (earlier) earlier.message = `${earlier.message} · ${finding.message}`.slice(0, 1000);
    else byKey.set(key, { ...finding });
  }
  return [...byKey.values()];
}

/** Same page address: path without trailing slash, and the same query. */
export function sameAddress(a: string, b: string): boolean {
  const query = (s: string) => (s.includes('?') ? s.slice(s.indexOf('?')) : '');
  return pagePathOf(a) === pagePathOf(b) && query(a) === query(b);
}

const examples = (urls: readonly string[], total: number) =>
  `${urls.join(', ')}${total > urls.length ? ` and ${total - urls.length} more` : ''}`;

interface Robots {
  isDisallowed(url: string, ua?: string): boolean | undefined;
  getSitemaps(): string[];
}

export async function crawlSite(options: CrawlOptions): Promise<CrawlResult> {
  const started = performance.now();
  const base = trimTrailingSlashes(options.base);
  const baseOrigin = new URL(base).origin;
  const siteOrigin = options.siteOrigin ?? baseOrigin;
  const internalOrigins = new Set([siteOrigin, baseOrigin]);
  const thresholds = { ...DEFAULT_THRESHOLDS, ...options.thresholds };
  const timeoutMs = options.requestTimeoutMs ?? 30_000;
  const { signal } = options;

  const request = (path: string, accept: string) =>
    fetch(base + path, {
      redirect: 'manual',
      headers: {
        'user-agent': CRAWLER_USER_AGENT,
        accept,
        // Loopback: compressing every page would only cost the server CPU.
        'accept-encoding': 'identity',
      },
      signal: signal
        ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)])
        : AbortSignal.timeout(timeoutMs),
    });
  const fetchText = async (path: string) => {
    const response = await request(path, 'application/xml,text/plain,*/*');
    return { status: response.status, text: await response.text() };
  };

  const findings: SeoFinding[] = [];
  const add = (rule: SeoRuleId, url: string, message: string) =>
    findings.push({ rule, severity: SEO_RULES[rule].severity, url, message });
  const checkedUrls = new Set<string>();

  // robots.txt first: its Disallow rules bound the crawl, and it may name more sitemaps.
  let robots: Robots | undefined;
  try {
    const answer = await fetchText('/robots.txt');
    if (answer.status === 200)
      robots = robotsParser(`${siteOrigin}/robots.txt`, answer.text) as Robots;
  } catch (error) {
    if (signal?.aborted) throw error;
  }
  const disallowed = (path: string) =>
    robots?.isDisallowed(siteOrigin + path, CRAWLER_USER_AGENT) === true;

  const sitemapStarts = ['/sitemap.xml'];
  for (const loc of robots?.getSitemaps() ?? []) {
    const target = internalTarget(loc, siteOrigin, internalOrigins);
    if (target !== undefined && !sitemapStarts.includes(target)) sitemapStarts.push(target);
  }
  const sitemaps = await readSitemaps(
    fetchText,
    sitemapStarts,
    siteOrigin,
    internalOrigins,
    signal,
  );
  for (const file of sitemaps.files) checkedUrls.add(file);
  for (const problem of sitemaps.problems) {
    checkedUrls.add(problem.url);
    add('sitemap-unreadable', problem.url, problem.message);
  }
  const inSitemap = new Set(sitemaps.urls);

  // Two queues taken in turn: the sitemap's pages, and the links pages hold (the home page first), so even
  // a small page limit checks both what the sitemap promises and where the links lead.
  const sitemapQueue: string[] = [];
  const linkQueue: string[] = ['/'];
  const seen = new Set<string>(['/']);
  for (const url of sitemaps.urls) {
    if (disallowed(url)) {
      checkedUrls.add(url);
      add('sitemap-url-disallowed', url, 'Listed in the sitemap, but robots.txt disallows it');
    } else if (!seen.has(url)) {
      seen.add(url);
      sitemapQueue.push(url);
    }
  }
  let turn = 0;
  const take = (): string | undefined => {
    turn++;
    const first = turn % 2 === 0 ? sitemapQueue : linkQueue;
    const second = first === sitemapQueue ? linkQueue : sitemapQueue;
    return first.shift() ?? second.shift();
  };

  const referrers = new Map<string, { count: number; examples: string[] }>();
  const linkFrom = (source: string, target: string) => {
    // A page linking to itself (the current page in a pager) says nothing about the target.
    if (source === target) return;
    let entry = referrers.get(target);
    if (!entry) referrers.set(target, (entry = { count: 0, examples: [] }));
    entry.count++;
    if (entry.examples.length < 3) entry.examples.push(source);
    if (!seen.has(target) && !disallowed(target)) {
      seen.add(target);
      linkQueue.push(target);
    }
  };

  const pages: PageRecord[] = [];
  let pagesCrawled = 0;

  async function visit(url: string): Promise<void> {
    const startedAt = performance.now();
    const record: PageRecord = {
      url,
      status: 0,
      responseMs: 0,
      location: null,
      error: null,
      facts: null,
    };
    try {
      const response = await request(url, 'text/html,application/xhtml+xml');
      record.status = response.status;
      const type = response.headers.get('content-type') ?? '';
      const html = response.status === 200 && /\bhtml\b/i.test(type);
      const body = html ? await response.text() : '';
      if (!html) await response.body?.cancel();
      record.responseMs = performance.now() - startedAt;
      if (response.status >= 300 && response.status < 400) {
        const location = response.headers.get('location');
        const target =
          location === null
            ? undefined
            : internalTarget(location, siteOrigin + url, internalOrigins);
        record.location = target ?? location;
        if (target !== undefined) linkFrom(url, target);
      }
      if (html) {
        const { facts, findings: pageFindings } = analyzePage(body, {
          path: url,
          siteOrigin,
          internalOrigins,
          responseMs: record.responseMs,
          robotsHeader: response.headers.get('x-robots-tag'),
          thresholds,
        });
        for (const finding of pageFindings) add(finding.rule, url, finding.message);
        for (const target of facts.links) linkFrom(url, target);
        const { links: _links, ...kept } = facts;
        record.facts = kept;
      }
    } catch (error) {
      if (signal?.aborted) throw signal.reason ?? error;
      record.responseMs = performance.now() - startedAt;
      record.error =
        (error as Error).name === 'TimeoutError'
          ? `no answer within ${timeoutMs} ms`
          : (error as Error).message;
    }
    pages.push(record);
    checkedUrls.add(url);
    pagesCrawled++;
    await options.onProgress?.({
      pagesCrawled,
      expected: Math.min(options.pageLimit, seen.size),
      url,
      status: record.status,
    });
  }

  const active = new Set<Promise<void>>();
  let failure: unknown;
  for (;;) {
    while (active.size < options.concurrency && pagesCrawled + active.size < options.pageLimit) {
      const next = take();
      if (next === undefined) break;
      const visiting: Promise<void> = visit(next)
        .catch((error: unknown) => {
          failure ??= error;
        })
        .finally(() => active.delete(visiting));
      active.add(visiting);
    }
    if (active.size === 0 || failure !== undefined) break;
    await Promise.race(active);
  }
  await Promise.allSettled(active);
  if (failure !== undefined) throw failure;
  const truncated = sitemapQueue.length + linkQueue.length > 0;

  // What needs the whole site.
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
  const duplicates = (
    groups: Map<string, string[]>,
    rule: 'title-duplicate' | 'description-duplicate',
    what: string,
  ) => {
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
  };
  duplicates(titles, 'title-duplicate', 'title');
  duplicates(descriptions, 'description-duplicate', 'meta description');

  const merged = mergeFindings(findings);
  const answered = pages.filter((p) => p.status > 0);
  const avgResponseMs =
    answered.length === 0
      ? null
      : Math.round(answered.reduce((sum, p) => sum + p.responseMs, 0) / answered.length);
  return {
    findings: merged,
    pages: pages.map(({ facts: _facts, ...page }) => ({
      ...page,
      responseMs: Math.round(page.responseMs),
    })),
    checkedUrls,
    sitemapUrls: sitemaps.urls.length,
    truncated,
    score: crawlScore(
      merged,
      pages.map((p) => p.url),
    ),
    avgResponseMs,
    durationMs: Math.round(performance.now() - started),
  };
}
