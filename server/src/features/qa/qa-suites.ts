/**
 * The QA suites: checks of the running site over HTTP, as a visitor, a crawler and the widget use it.
 * - routes: every public route answers 200 with a title and its own canonical address; unknown paths 404.
 * - links: a short crawl (the SEO crawler) finds no broken internal link or sitemap entry.
 * - api: the public JSON API answers in the shapes the contracts document, errors included.
 * - quote-flow: session, matching, lead and analytics copy through the widget's endpoints as the QA test
 *   partner; the lead must be stored as a test and never queued for the lead backend. Its rows are removed
 *   afterwards so test quotes never reach the lead lists or statistics.
 */
import { openQaSession, type QaCheckResult, type QaRunOptions } from './qa-session';
import { apiSuite } from './suites/api';
import { linksSuite } from './suites/links';
import { quoteFlowSuite } from './suites/quote-flow';
import { routesSuite } from './suites/routes';

export type { QaCheckResult, QaRunOptions } from './qa-session';

/** Runs the chosen suites in this order, each check recorded (and reported to onCheck) as it ends. */
export async function runQaSuites(options: QaRunOptions): Promise<QaCheckResult[]> {
  const session = await openQaSession(options);
  const wanted = new Set(options.suites);
  if (wanted.has('routes')) await routesSuite(session);
  if (wanted.has('links')) await linksSuite(session);
  if (wanted.has('api')) await apiSuite(session);
  if (wanted.has('quote-flow')) await quoteFlowSuite(session);
  return session.results;
}
