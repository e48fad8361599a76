/**
 * The SEO crawler: walks the site over HTTP as a search engine would — robots.txt, the sitemaps, then every
 * page they list and every same-origin link the pages hold — with a few requests at a time and a page limit,
 * checks each page (page-checks.ts), then the checks that need the whole site (site-checks.ts). What is
 * left to fetch is crawl-frontier.ts's; the score is crawl-score.ts's. It stores nothing: crawl-store.ts does.
 *
 * Pages are fetched from `base` (this server over loopback, see site-target.ts) while addresses are judged
 * against `siteOrigin` (PUBLIC_URL when set), so a crawl inside the server checks exactly what is served.
 */
import robotsParser from 'robots-parser';
import { SEO_RULES, trimTrailingSlashes, type SeoFinding } from '@moveratlas/contracts';
import { CrawlFrontier } from './crawl-frontier';
import { crawlScore, mergeFindings } from './crawl-score';
import { analyzePage, DEFAULT_THRESHOLDS, internalTarget, type SeoThresholds } from './page-checks';
import { siteWideChecks, type AddFinding, type CheckedPage } from './site-checks';
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
  /** The addresses the sitemaps list (read whole at the start of every crawl, however limited). */
  listedInSitemap: ReadonlySet<string>;
  truncated: boolean;
  /** 0–100: each page starts at 100 and loses 25 per kind of error, 10 per warning, 2 per notice. */
  score: number;
  avgResponseMs: number | null;
  durationMs: number;
}

interface PageRecord extends CrawledPage, CheckedPage {}

interface Robots {
  isDisallowed(url: string, ua?: string): boolean | undefined;
  getSitemaps(): string[];
}

/** How the crawler asks for an address: no redirects followed, its own user agent, a deadline. */
function crawlClient(base: string, timeoutMs: number, signal: AbortSignal | undefined) {
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
  return { request, fetchText };
}

type CrawlClient = ReturnType<typeof crawlClient>;

/** robots.txt, when the site has one: its Disallow rules bound the crawl, and it may name more sitemaps. */
async function readRobots(
  client: CrawlClient,
  siteOrigin: string,
  signal: AbortSignal | undefined,
): Promise<Robots | undefined> {
  try {
    const answer = await client.fetchText('/robots.txt');
    if (answer.status === 200)
      return robotsParser(`${siteOrigin}/robots.txt`, answer.text) as Robots;
  } catch (error) {
    if (signal?.aborted) throw error;
  }
  return undefined;
}

interface PageContext {
  client: CrawlClient;
  frontier: CrawlFrontier;
  siteOrigin: string;
  internalOrigins: Set<string>;
  thresholds: SeoThresholds;
  timeoutMs: number;
  signal: AbortSignal | undefined;
  add: AddFinding;
}

/** Fetches one page, checks it, and queues what it links to (a redirect counts as a link). */
async function fetchPage(url: string, context: PageContext): Promise<PageRecord> {
  const { siteOrigin, internalOrigins, frontier, signal } = context;
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
    const response = await context.client.request(url, 'text/html,application/xhtml+xml');
    record.status = response.status;
    const type = response.headers.get('content-type') ?? '';
    const html = response.status === 200 && /\bhtml\b/i.test(type);
    const body = html ? await response.text() : '';
    if (!html) await response.body?.cancel();
    record.responseMs = performance.now() - startedAt;
    if (response.status >= 300 && response.status < 400) {
      const location = response.headers.get('location');
      const target =
        location === null ? undefined : internalTarget(location, siteOrigin + url, internalOrigins);
      record.location = target ?? location;
      if (target !== undefined) frontier.linkFrom(url, target);
    }
    if (html) {
      const { facts, findings } = analyzePage(body, {
        path: url,
        siteOrigin,
        internalOrigins,
        responseMs: record.responseMs,
        robotsHeader: response.headers.get('x-robots-tag'),
        thresholds: context.thresholds,
      });
      for (const finding of findings) context.add(finding.rule, url, finding.message);
      for (const target of facts.links) frontier.linkFrom(url, target);
      const { links: _links, ...kept } = facts;
      record.facts = kept;
    }
  } catch (error) {
    if (signal?.aborted) throw signal.reason ?? error;
    record.responseMs = performance.now() - startedAt;
    record.error =
      (error as Error).name === 'TimeoutError'
        ? `no answer within ${context.timeoutMs} ms`
        : (error as Error).message;
  }
  return record;
}

/**
 * Runs `visit` on what `take` hands out, `concurrency` at a time and `limit` in all. The first failure
 * (only an abort: a page that fails is a finding, not a failure) stops the crawl once the rest settle.
 */
async function inTurns(
  concurrency: number,
  limit: number,
  take: () => string | undefined,
  visit: (url: string) => Promise<void>,
): Promise<void> {
  const active = new Set<Promise<void>>();
  let started = 0;
  let failure: unknown;
  for (;;) {
    while (active.size < concurrency && started < limit) {
      const next = take();
      if (next === undefined) break;
      started++;
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
}

/**
 * The sitemaps (/sitemap.xml and those robots.txt names) read, and their pages queued: what the crawl
 * starts from. Unreadable sitemaps and listed pages that robots.txt disallows are findings at once.
 */
async function startFrontier(
  client: CrawlClient,
  robots: Robots | undefined,
  site: {
    siteOrigin: string;
    internalOrigins: Set<string>;
    signal: AbortSignal | undefined;
    add: AddFinding;
    checkedUrls: Set<string>;
  },
): Promise<{ frontier: CrawlFrontier; sitemapUrls: readonly string[] }> {
  const { siteOrigin, internalOrigins, add, checkedUrls } = site;
  const disallowed = (path: string) =>
    robots?.isDisallowed(siteOrigin + path, CRAWLER_USER_AGENT) === true;
  const sitemapStarts = ['/sitemap.xml'];
  for (const loc of robots?.getSitemaps() ?? []) {
    const target = internalTarget(loc, siteOrigin, internalOrigins);
    if (target !== undefined && !sitemapStarts.includes(target)) sitemapStarts.push(target);
  }
  const sitemaps = await readSitemaps(
    client.fetchText,
    sitemapStarts,
    siteOrigin,
    internalOrigins,
    site.signal,
  );
  for (const file of sitemaps.files) checkedUrls.add(file);
  for (const problem of sitemaps.problems) {
    checkedUrls.add(problem.url);
    add('sitemap-unreadable', problem.url, problem.message);
  }

  const frontier = new CrawlFrontier(disallowed);
  for (const url of sitemaps.urls) {
    if (disallowed(url)) {
      checkedUrls.add(url);
      add('sitemap-url-disallowed', url, 'Listed in the sitemap, but robots.txt disallows it');
    } else frontier.addFromSitemap(url);
  }

  return { frontier, sitemapUrls: sitemaps.urls };
}

export async function crawlSite(options: CrawlOptions): Promise<CrawlResult> {
  const started = performance.now();
  const base = trimTrailingSlashes(options.base);
  const baseOrigin = new URL(base).origin;
  const siteOrigin = options.siteOrigin ?? baseOrigin;
  const internalOrigins = new Set([siteOrigin, baseOrigin]);
  const timeoutMs = options.requestTimeoutMs ?? 30_000;
  const { signal } = options;
  const client = crawlClient(base, timeoutMs, signal);

  const findings: SeoFinding[] = [];
  const add: AddFinding = (rule, url, message) =>
    findings.push({ rule, severity: SEO_RULES[rule].severity, url, message });
  const checkedUrls = new Set<string>();

  const robots = await readRobots(client, siteOrigin, signal);

  const { frontier, sitemapUrls } = await startFrontier(client, robots, {
    siteOrigin,
    internalOrigins,
    signal,
    add,
    checkedUrls,
  });

  const context: PageContext = {
    client,
    frontier,
    siteOrigin,
    internalOrigins,
    thresholds: { ...DEFAULT_THRESHOLDS, ...options.thresholds },
    timeoutMs,
    signal,
    add,
  };
  const pages: PageRecord[] = [];
  await inTurns(
    options.concurrency,
    options.pageLimit,
    () => frontier.take(),
    async (url) => {
      const record = await fetchPage(url, context);
      pages.push(record);
      checkedUrls.add(url);
      await options.onProgress?.({
        pagesCrawled: pages.length,
        expected: Math.min(options.pageLimit, frontier.known),
        url,
        status: record.status,
      });
    },
  );

  siteWideChecks(pages, new Set(sitemapUrls), frontier.referrers, add);
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
    sitemapUrls: sitemapUrls.length,
    listedInSitemap: new Set(sitemapUrls),
    truncated: frontier.leftOver,
    score: crawlScore(
      merged,
      pages.map((p) => p.url),
    ),
    avgResponseMs,
    durationMs: Math.round(performance.now() - started),
  };
}
