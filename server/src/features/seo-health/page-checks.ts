/**
 * The checks one HTML page answers on its own: title, description, canonical, robots, headings, image alt
 * text, structured data, word count and response time — and the internal links it holds, for the crawler.
 * Checks that need other pages (duplicates, broken links, sitemap coverage) are the crawler's.
 */
import { parse, NodeType, type HTMLElement, type Node } from 'node-html-parser';
import {
  SEO_DESCRIPTION_LENGTH,
  SEO_TITLE_LENGTH,
  trimTrailingSlashes,
  type SeoRuleId,
} from '@moveratlas/contracts';
import { checkStructuredData } from './structured-data';

export interface SeoThresholds {
  /** Fewer visible words than this in the main content is thin. */
  thinWords: number;
  /** A response slower than this (ms) is slow. */
  slowMs: number;
}

export const DEFAULT_THRESHOLDS: SeoThresholds = { thinWords: 150, slowMs: 1500 };

export interface PageContext {
  /** Path and query of the page on the site ("/states/illinois?page=2"). */
  path: string;
  /** The origin canonical addresses must use (PUBLIC_URL, else the origin crawled). */
  siteOrigin: string;
  /** Origins whose links are the site's own (the site origin and the one crawled). */
  internalOrigins: ReadonlySet<string>;
  responseMs: number;
  /** The X-Robots-Tag response header, if any. */
  robotsHeader: string | null;
  thresholds: SeoThresholds;
}

export interface PageFacts {
  title: string | null;
  description: string | null;
  /** The canonical link as written (the first one). */
  canonical: string | null;
  /** The canonical link's path when it is a usable address on the site origin. */
  canonicalPath: string | null;
  robots: string | null;
  noindex: boolean;
  h1: string[];
  words: number;
  images: number;
  structuredDataTypes: string[];
  /** The site's own addresses this page links to (path and query), each once, in order. */
  links: string[];
}

export interface PageFinding {
  rule: SeoRuleId;
  message: string;
}

/** "/states/illinois/" and "/states/illinois?page=2" both name the page "/states/illinois". */
export function pagePathOf(pathAndQuery: string): string {
  const path = trimTrailingSlashes(pathAndQuery.split(/[?#]/, 1)[0]!);
  return path === '' ? '/' : path;
}

/** Where a link on the page goes, as a site path and query, or undefined when it leaves the site. */
export function internalTarget(
  href: string,
  base: string,
  internalOrigins: ReadonlySet<string>,
): string | undefined {
  const trimmed = href.trim();
  if (trimmed === '' || trimmed.startsWith('#')) return undefined;
  let url: URL;
  try {
    url = new URL(trimmed, base);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (!internalOrigins.has(url.origin)) return undefined;
  return url.pathname + url.search;
}

/** Text inside these is not visible content. */
const INVISIBLE = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head']);
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

function countWords(node: Node): number {
  let words = 0;
  const walk = (current: Node) => {
    if (current.nodeType === NodeType.TEXT_NODE) {
      words += current.text.match(WORD)?.length ?? 0;
      return;
    }
    if (current.nodeType !== NodeType.ELEMENT_NODE) return;
    const element = current as HTMLElement;
    if (INVISIBLE.has(element.rawTagName?.toLowerCase() ?? '')) return;
    if (element.getAttribute('hidden') !== undefined) return;
    for (const child of element.childNodes) walk(child);
  };
  walk(node);
  return words;
}

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();
const quote = (text: string, max = 70) =>
  `“${text.length > max ? `${text.slice(0, max - 1)}…` : text}”`;
const chars = (text: string) => [...text].length;

export function analyzePage(
  html: string,
  context: PageContext,
): { facts: PageFacts; findings: PageFinding[] } {
  const root = parse(html, { comment: false });
  const head = root.querySelector('head');
  const findings: PageFinding[] = [];
  const add = (rule: SeoRuleId, message: string) => findings.push({ rule, message });
  const pageUrl = context.siteOrigin + context.path;

  // Title: the document's, never an SVG's <title>.
  const titleElement = head?.querySelector('title') ?? null;
  const title = titleElement ? clean(titleElement.text) : null;
  if (!title) add('title-missing', 'The page has no title');
  else if (chars(title) < SEO_TITLE_LENGTH.min || chars(title) > SEO_TITLE_LENGTH.max)
    add(
      'title-length',
      `Title is ${chars(title)} characters (${SEO_TITLE_LENGTH.min}–${SEO_TITLE_LENGTH.max}): ${quote(title)}`,
    );

  const metas = (head ?? root).querySelectorAll('meta');
  const metaContent = (name: string) => {
    const meta = metas.find((m) => m.getAttribute('name')?.toLowerCase() === name);
    return meta ? clean(meta.getAttribute('content') ?? '') : null;
  };
  const description = metaContent('description');
  if (!description) add('description-missing', 'The page has no meta description');
  else if (
    chars(description) < SEO_DESCRIPTION_LENGTH.min ||
    chars(description) > SEO_DESCRIPTION_LENGTH.max
  )
    add(
      'description-length',
      `Meta description is ${chars(description)} characters (${SEO_DESCRIPTION_LENGTH.min}–${SEO_DESCRIPTION_LENGTH.max}): ${quote(description)}`,
    );

  // Canonical: exactly one, absolute, on the site's origin; pointing elsewhere is worth knowing.
  const canonicals = (head ?? root)
    .querySelectorAll('link')
    .filter((link) =>
      (link.getAttribute('rel') ?? '').toLowerCase().split(/\s+/).includes('canonical'),
    );
  const canonical = canonicals[0] ? (canonicals[0].getAttribute('href') ?? '').trim() : null;
  let canonicalPath: string | null = null;
  if (canonical === null) add('canonical-missing', 'The page has no canonical link');
  else if (canonicals.length > 1)
    add('canonical-invalid', `The page has ${canonicals.length} canonical links`);
  else if (!/^https?:\/\//i.test(canonical))
    add('canonical-invalid', `Canonical ${quote(canonical)} is not an absolute address`);
  else {
    let url: URL | undefined;
    try {
      url = new URL(canonical);
    } catch {
      add('canonical-invalid', `Canonical ${quote(canonical)} is not a valid address`);
    }
    if (url && url.origin !== context.siteOrigin)
      add(
        'canonical-invalid',
        `Canonical ${quote(canonical)} is not on the site’s origin ${context.siteOrigin}`,
      );
    else if (url) {
      canonicalPath = url.pathname + url.search;
      if (pagePathOf(canonicalPath) !== pagePathOf(context.path))
        add('canonical-mismatch', `Canonical points to ${canonicalPath}`);
    }
  }

  const robots = metaContent('robots');
  const noindex = /\bnoindex\b/i.test(`${robots ?? ''} ${context.robotsHeader ?? ''}`);

  const headings = root.querySelectorAll('h1, h2, h3, h4, h5, h6');
  const h1 = headings.filter((h) => h.rawTagName.toLowerCase() === 'h1').map((h) => clean(h.text));
  if (h1.length !== 1)
    add(
      'h1-count',
      h1.length === 0
        ? 'The page has no h1 heading'
        : `The page has ${h1.length} h1 headings: ${h1.map((t) => quote(t, 40)).join(', ')}`,
    );
  let skips = 0;
  let firstSkip = '';
  headings.reduce((previous, heading) => {
    const level = Number(heading.rawTagName.slice(1));
    if (previous > 0 && level > previous + 1) {
      skips++;
      if (!firstSkip)
        firstSkip = `h${previous} is followed by h${level} ${quote(clean(heading.text), 50)}`;
    }
    return level;
  }, 0);
  if (skips > 0)
    add(
      'heading-order',
      skips === 1 ? firstSkip : `${skips} headings skip a level; first: ${firstSkip}`,
    );

  const images = root.querySelectorAll('img');
  const withoutAlt = images.filter(
    (img) => img.getAttribute('alt') === undefined && img.getAttribute('aria-hidden') !== 'true',
  );
  if (withoutAlt.length > 0)
    add(
      'image-alt-missing',
      `${withoutAlt.length} of ${images.length} image(s) have no alt attribute, e.g. ${quote(withoutAlt[0]!.getAttribute('src') ?? '(no src)', 80)}`,
    );

  const blocks = root
    .querySelectorAll('script')
    .filter((s) => (s.getAttribute('type') ?? '').toLowerCase() === 'application/ld+json')
    .map((s) => s.rawText);
  const structured = checkStructuredData(blocks);
  for (const message of structured.invalid) add('structured-data-invalid', message);
  for (const message of structured.incomplete) add('structured-data-incomplete', message);

  const main = root.querySelector('main') ?? root.querySelector('body') ?? root;
  const words = countWords(main);
  // Thin content only hurts pages meant to be found.
  if (!noindex && words < context.thresholds.thinWords)
    add(
      'thin-content',
      `${words} words of main content (at least ${context.thresholds.thinWords} expected)`,
    );

  if (context.responseMs > context.thresholds.slowMs)
    add(
      'slow-response',
      `Answered in ${Math.round(context.responseMs)} ms (more than ${context.thresholds.slowMs} ms)`,
    );

  const links: string[] = [];
  const seen = new Set<string>();
  for (const anchor of root.querySelectorAll('a')) {
    const href = anchor.getAttribute('href');
    if (href === undefined) continue;
    const target = internalTarget(href, pageUrl, context.internalOrigins);
    if (target !== undefined && !seen.has(target)) {
      seen.add(target);
      links.push(target);
    }
  }

  return {
    facts: {
      title,
      description,
      canonical,
      canonicalPath,
      robots,
      noindex,
      h1,
      words,
      images: images.length,
      structuredDataTypes: [...new Set(structured.types)],
      links,
    },
    findings,
  };
}
