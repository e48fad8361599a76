/**
 * "Run an SEO crawl" as a maintenance script (admin-scripts registry): run from the SEO Health screen's
 * button, the Scripts screen or a cron schedule, always as a job, whose progress and log follow the crawl.
 */
import { z } from 'zod';
import { SEO_CRAWL_PAGE_LIMIT_MAX, type SeoRuleId } from '@moveratlas/contracts';
import { defineScript } from '../../jobs/script';
import { crawlSite } from './crawler';
import { failCrawl, finishCrawl, startCrawl } from './crawl-store';
import { DEFAULT_THRESHOLDS } from './page-checks';
import { configuredSiteTarget } from './site-target';

export const SEO_CRAWL_SCRIPT_ID = 'seo-crawl';

export const seoCrawlParams = z.strictObject({
  pageLimit: z.number().int().min(1).max(SEO_CRAWL_PAGE_LIMIT_MAX).default(20_000).meta({
    title: 'Page limit',
    description: 'The most pages to fetch; the crawl stops there and says so.',
  }),
  concurrency: z.number().int().min(1).max(16).default(4).meta({
    title: 'Requests at once',
    description: 'Pages fetched in parallel; more is faster but loads the site harder.',
  }),
  slowMs: z.number().int().min(100).max(60_000).default(DEFAULT_THRESHOLDS.slowMs).meta({
    title: 'Slow page (ms)',
    description: 'A page answering slower than this is reported as slow.',
  }),
  thinWords: z.number().int().min(0).max(5000).default(DEFAULT_THRESHOLDS.thinWords).meta({
    title: 'Thin page (words)',
    description: 'An indexable page with fewer words of main content is reported as thin.',
  }),
});

/** Log lines while crawling: about this many for the whole crawl. */
const LOG_STEPS = 20;

export const seoCrawlScript = defineScript({
  id: SEO_CRAWL_SCRIPT_ID,
  title: 'Run an SEO crawl',
  description:
    'Crawls the site over HTTP from /sitemap.xml and the links it finds (same origin, robots.txt respected) and checks every page: status, title, description, canonical, robots, headings, image alt text, structured data, broken links, thin pages, response time and sitemap coverage. Findings become tasks on SEO Health.',
  params: seoCrawlParams,
  // A crawl is cheap to run again and expensive to run twice by accident.
  maxAttempts: 1,
  timeoutMs: 6 * 60 * 60_000,
  async run(params, { config, db, jobId, signal, progress, log }) {
    const target = configuredSiteTarget(config);
    const crawlId = await startCrawl(db, { jobId, pageLimit: params.pageLimit });
    await log(`Crawl ${crawlId} of ${target.siteOrigin} (fetching from ${target.base})`);
    let percent = 0;
    let nextLog = 0;
    try {
      const result = await crawlSite({
        ...target,
        pageLimit: params.pageLimit,
        concurrency: params.concurrency,
        thresholds: { slowMs: params.slowMs, thinWords: params.thinWords },
        signal,
        async onProgress({ pagesCrawled, expected }) {
          // Never backwards: the crawl learns of more pages as it goes.
          percent = Math.max(percent, Math.min(99, (100 * pagesCrawled) / Math.max(1, expected)));
          await progress(percent);
          if (pagesCrawled >= nextLog) {
            nextLog = pagesCrawled + Math.max(25, Math.ceil(expected / LOG_STEPS));
            await log(`${pagesCrawled} of about ${expected} pages crawled`);
          }
        },
      });
      const byRule: Partial<Record<SeoRuleId, number>> = {};
      for (const finding of result.findings) byRule[finding.rule] = (byRule[finding.rule] ?? 0) + 1;
      const changes = await finishCrawl(db, crawlId, result);
      await log(
        `Done: ${result.pages.length} pages in ${Math.round(result.durationMs / 1000)} s, score ${result.score}, ${result.findings.length} findings (${changes.newFindings} new, ${changes.resolvedFindings} resolved)${result.truncated ? '; stopped at the page limit' : ''}`,
      );
      await log(
        `Tasks: ${changes.created} new, ${changes.reopened} reopened, ${changes.fixed} fixed`,
      );
      return {
        crawlId,
        score: result.score,
        pages: result.pages.length,
        sitemapUrls: result.sitemapUrls,
        truncated: result.truncated,
        findings: result.findings.length,
        byRule,
        tasks: changes,
        avgResponseMs: result.avgResponseMs,
        durationMs: result.durationMs,
      };
    } catch (error) {
      await failCrawl(db, crawlId, (error as Error).message ?? String(error));
      throw error;
    }
  },
});
