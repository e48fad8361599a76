/**
 * How a crawl's findings become what people read: one finding per rule and page, and the site score.
 * Shared by the crawler and the one-page analyzer, so both judge a page the same way.
 */
import { SEO_RULES, type SeoFinding, type SeoRuleId } from '@moveratlas/contracts';
import { pagePathOf } from './page-checks';

const SEVERITY_PENALTY = { error: 25, warning: 10, notice: 2 } as const;

/** 0–100: each page starts at 100 and loses 25 per kind of error, 10 per warning, 2 per notice; the mean. */
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

/** "a, b, c and 4 more": a few examples of a longer list. */
export const examples = (urls: readonly string[], total: number) =>
  `${urls.join(', ')}${total > urls.length ? ` and ${total - urls.length} more` : ''}`;
