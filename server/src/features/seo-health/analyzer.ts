/**
 * The analyzer: checks one page of the site on demand — the page checks a crawl makes, plus whether the
 * links on it work, and how it stands with robots.txt and the sitemap. Duplicates across pages need a crawl.
 */
import robotsParser from 'robots-parser';
import {
  SEO_RULES,
  trimTrailingSlashes,
  type SeoAnalyzeResponse,
  type SeoRuleId,
} from '@moveratlas/contracts';
import { mergeFindings, sameAddress } from './crawl-score';
import { CRAWLER_USER_AGENT } from './crawler';
import { analyzePage, DEFAULT_THRESHOLDS, internalTarget, type SeoThresholds } from './page-checks';
import { readSitemaps } from './sitemaps';
import type { SiteTarget } from './site-target';

export interface AnalyzeOptions {
  signal?: AbortSignal;
  thresholds?: Partial<SeoThresholds>;
  /** Links on the page checked at most. */
  linkLimit?: number;
  concurrency?: number;
  requestTimeoutMs?: number;
}

/** A path on the site from what an admin typed: "/states/illinois" or a full address on one of `origins`. */
export function sitePathOf(input: string, origins: readonly string[]): string | undefined {
  const text = input.trim();
  if (!text.startsWith('/') && !/^https?:\/\//i.test(text)) return undefined;
  if (text.startsWith('//')) return undefined;
  let url: URL;
  try {
    url = new URL(text, origins[0]);
  } catch {
    return undefined;
  }
  if (!origins.includes(url.origin)) return undefined;
  return url.pathname + url.search;
}

export async function analyzeUrl(
  target: SiteTarget,
  path: string,
  options: AnalyzeOptions = {},
): Promise<SeoAnalyzeResponse> {
  const base = trimTrailingSlashes(target.base);
  const { siteOrigin } = target;
  const internalOrigins = new Set([siteOrigin, new URL(base).origin]);
  const thresholds = { ...DEFAULT_THRESHOLDS, ...options.thresholds };
  const timeoutMs = options.requestTimeoutMs ?? 30_000;
  const request = (p: string, accept = 'text/html,application/xhtml+xml') =>
    fetch(base + p, {
      redirect: 'manual',
      headers: { 'user-agent': CRAWLER_USER_AGENT, accept, 'accept-encoding': 'identity' },
      signal: options.signal
        ? AbortSignal.any([options.signal, AbortSignal.timeout(timeoutMs)])
        : AbortSignal.timeout(timeoutMs),
    });
  const fetchText = async (p: string) => {
    const response = await request(p, 'application/xml,text/plain,*/*');
    return { status: response.status, text: await response.text() };
  };
  const findings: Array<{ rule: SeoRuleId; url: string; message: string }> = [];
  const add = (rule: SeoRuleId, url: string, message: string) =>
    findings.push({ rule, url, message });

  const robotsText = await fetchText('/robots.txt').catch(() => undefined);
  const robots =
    robotsText?.status === 200
      ? (robotsParser(`${siteOrigin}/robots.txt`, robotsText.text) as {
          isDisallowed(url: string, ua?: string): boolean | undefined;
        })
      : undefined;
  const blockedByRobots = robots?.isDisallowed(siteOrigin + path, CRAWLER_USER_AGENT) === true;

  const started = performance.now();
  let status = 0;
  let location: string | null = null;
  let html = '';
  let robotsHeader: string | null = null;
  try {
    const response = await request(path);
    status = response.status;
    robotsHeader = response.headers.get('x-robots-tag');
    const isHtml = status === 200 && /\bhtml\b/i.test(response.headers.get('content-type') ?? '');
    if (isHtml) html = await response.text();
    else await response.body?.cancel();
    const redirect = response.headers.get('location');
    if (status >= 300 && status < 400 && redirect !== null)
      location = internalTarget(redirect, siteOrigin + path, internalOrigins) ?? redirect;
  } catch (error) {
    if (options.signal?.aborted) throw error;
    add('http-error', path, `The page did not answer: ${(error as Error).message}`);
  }
  const responseMs = Math.round(performance.now() - started);

  const sitemaps = await readSitemaps(
    fetchText,
    ['/sitemap.xml'],
    siteOrigin,
    internalOrigins,
    options.signal,
  ).catch(() => undefined);
  const inSitemap = sitemaps ? sitemaps.urls.includes(path) : null;

  if (status >= 400) {
    if (inSitemap) add('sitemap-url-error', path, `Listed in the sitemap, but answers ${status}`);
    else add('http-error', path, `The page answers ${status}`);
  } else if (status >= 300 && status < 400 && inSitemap) {
    add('sitemap-url-error', path, `Listed in the sitemap, but redirects to ${location}`);
  }

  let page: SeoAnalyzeResponse['page'] = null;
  if (html) {
    const analysis = analyzePage(html, {
      path,
      siteOrigin,
      internalOrigins,
      responseMs,
      robotsHeader,
      thresholds,
    });
    for (const finding of analysis.findings) add(finding.rule, path, finding.message);
    const { facts } = analysis;
    if (facts.noindex && inSitemap)
      add('noindex-in-sitemap', path, 'The page says noindex but the sitemap lists it');
    const selfCanonical = facts.canonicalPath === null || sameAddress(facts.canonicalPath, path);
    if (!facts.noindex && selfCanonical && inSitemap === false)
      add('not-in-sitemap', path, 'Indexable, but not in the sitemap');

    // Every link on the page (up to the limit), a few at a time.
    const links = facts.links
      .filter((link) => link !== path)
      .filter((link) => robots?.isDisallowed(siteOrigin + link, CRAWLER_USER_AGENT) !== true)
      .slice(0, options.linkLimit ?? 100);
    let next = 0;
    const checkLinks = async () => {
      while (next < links.length) {
        const link = links[next++]!;
        try {
          const response = await request(link);
          await response.body?.cancel();
          if (response.status >= 400)
            add('broken-link', link, `Linked from ${path}; the page answers ${response.status}`);
          else if (response.status >= 300)
            add(
              'redirected-link',
              link,
              `Linked from ${path}; redirects (${response.status}) to ${response.headers.get('location') ?? 'nowhere'}`,
            );
        } catch (error) {
          if (options.signal?.aborted) throw error;
          add('broken-link', link, `Linked from ${path}; did not answer`);
        }
      }
    };
    await Promise.all(Array.from({ length: options.concurrency ?? 4 }, checkLinks));
    page = {
      title: facts.title,
      description: facts.description,
      canonical: facts.canonical,
      robots: facts.robots,
      h1: facts.h1,
      words: facts.words,
      images: facts.images,
      structuredDataTypes: facts.structuredDataTypes,
      internalLinks: facts.links.length,
      linksChecked: links.length,
    };
  }

  const merged = mergeFindings(
    findings.map((f) => ({ ...f, severity: SEO_RULES[f.rule].severity })),
  );
  const order = { error: 0, warning: 1, notice: 2 } as const;
  merged.sort((a, b) => order[a.severity] - order[b.severity]);
  return {
    url: path,
    status,
    responseMs,
    location,
    blockedByRobots,
    inSitemap,
    page,
    findings: merged,
  };
}
