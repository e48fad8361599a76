/**
 * SEO crawl benchmark (issue 7): the time to crawl the whole seeded site as the `seo-crawl` script does —
 * robots.txt, every sitemap, every page they list and every same-origin link — against the built product
 * in its own process (production mode, SQLite). Prints pages, time, pages per second, response times and
 * what the crawl found per check.
 * Usage: npm run build -w @moveratlas/directory && npm run bench:crawl
 *        [BENCH_COMPANIES=10000] [BENCH_CONCURRENCY=4] [BENCH_PAGE_LIMIT=1000000]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crawlSite } from '../server/src/features/seo-health/crawler';
import { startServer } from './support/load';
import { seededSqlite } from './support/seeded-database';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const companies = Number(process.env.BENCH_COMPANIES ?? 10_000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 4);
const pageLimit = Number(process.env.BENCH_PAGE_LIMIT ?? 1_000_000);

if (!fs.existsSync(path.join(root, 'directory/dist/server/entry-server.js'))) {
  console.error('The directory is not built: run npm run build -w @moveratlas/directory first.');
  process.exit(1);
}

const database = await seededSqlite(companies);
if (database.client !== 'sqlite') throw new Error('expected a SQLite seed');
const server = await startServer(`sqlite:${database.filename}`);
const base = `http://127.0.0.1:${server.port}`;

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

try {
  console.info(
    `Crawling ${base}: ${companies.toLocaleString('en-US')} companies, ${concurrency} requests at once, page limit ${pageLimit.toLocaleString('en-US')}`,
  );
  let lastReport = performance.now();
  const result = await crawlSite({
    base,
    pageLimit,
    concurrency,
    onProgress({ pagesCrawled, expected }) {
      if (performance.now() - lastReport < 10_000) return;
      lastReport = performance.now();
      console.info(
        `  ${pagesCrawled.toLocaleString('en-US')} of about ${expected.toLocaleString('en-US')} pages`,
      );
    },
  });
  const times = result.pages
    .filter((p) => p.status > 0)
    .map((p) => p.responseMs)
    .sort((a, b) => a - b);
  const statuses = new Map<number, number>();
  for (const page of result.pages) statuses.set(page.status, (statuses.get(page.status) ?? 0) + 1);
  const byRule = new Map<string, number>();
  for (const finding of result.findings)
    byRule.set(finding.rule, (byRule.get(finding.rule) ?? 0) + 1);

  const seconds = result.durationMs / 1000;
  console.info('\nSEO crawl of the seeded site');
  console.table({
    companies: { value: companies },
    'pages crawled': { value: result.pages.length },
    'sitemap addresses': { value: result.sitemapUrls },
    'stopped at the page limit': { value: result.truncated },
    'time (s)': { value: Number(seconds.toFixed(1)) },
    'pages per second': { value: Number((result.pages.length / seconds).toFixed(1)) },
    'response p50 (ms)': { value: percentile(times, 0.5) },
    'response p95 (ms)': { value: percentile(times, 0.95) },
    'response max (ms)': { value: times.at(-1) ?? NaN },
    score: { value: result.score },
    findings: { value: result.findings.length },
  });
  console.info('Statuses:', Object.fromEntries([...statuses].sort(([a], [b]) => a - b)));
  console.info(
    'Findings per check:',
    Object.fromEntries([...byRule].sort(([, a], [, b]) => b - a)),
  );
  // Where each check fires, by page type (the path's first segment and whether it has a query), with an example:
  // thousands of findings usually come from a handful of templates.
  const byTemplate = new Map<string, { count: number; example: string }>();
  for (const finding of result.findings) {
    const url = new URL(finding.url, base);
    const segments = url.pathname.split('/').filter(Boolean);
    const template = `${finding.rule}  /${segments[0] ?? ''}${segments.length > 1 ? `/…(${segments.length})` : ''}${url.search ? '?…' : ''}`;
    const entry = byTemplate.get(template) ?? {
      count: 0,
      example: `${url.pathname}${url.search} — ${finding.message}`,
    };
    entry.count += 1;
    byTemplate.set(template, entry);
  }
  console.info('Findings by check and page type (top 25):');
  for (const [template, { count, example }] of [...byTemplate]
    .sort(([, a], [, b]) => b.count - a.count)
    .slice(0, 25))
    console.info(`  ${String(count).padStart(6)}  ${template.padEnd(44)} e.g. ${example}`);
} finally {
  await server.stop();
}
