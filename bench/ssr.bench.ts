/**
 * Server-rendering benchmark (issue 5): the built product in its own process on a 10,000-company SQLite seed.
 * 1. autocannon, 20 connections, gzip accepted as browsers do: a static file from the same server, then the
 *    home, a state, a city and a company page. Targets: pages ≥ 0.25× the static file's req/s, p99 < 50 ms.
 * 2. Lighthouse 12 (default config: mobile, simulated throttling) on the four pages in Debian's Chromium,
 *    BENCH_LIGHTHOUSE_RUNS (3) runs each, medians. Targets: every category ≥ 95, total blocking time ≤ 150 ms,
 *    ≤ 130 kB gzipped JavaScript, no request to another origin.
 * 3. The gzipped JavaScript per page from the build's manifest (bench/bundle-size.ts).
 * Usage: npm run build -w @moveratlas/directory && npm run bench:ssr  [BENCH_SECONDS=10] [BENCH_LIGHTHOUSE_RUNS=3]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { openDatabase } from '../server/src/db/connection';
import { BUDGET_BYTES, CLIENT_DIR, kb, pageBundles, printBundleTable } from './bundle-size';
import { measure, startServer, type Measurement } from './support/load';
import { ensureSeeded } from './support/seeded-database';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CONNECTIONS = 20;
const COMPANIES = 10_000;
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
const STATIC_FILE = '/images/logos/placeholder-1.svg';

const serverEntry = path.join(root, 'directory/dist/server/entry-server.js');
if (!fs.existsSync(serverEntry) || !fs.existsSync(path.join(CLIENT_DIR, '.vite/manifest.json'))) {
  console.error('The directory is not built: run npm run build -w @moveratlas/directory first.');
  process.exit(1);
}

// Its own seed file, so that it is made with the current seed (photo URLs and all).
const databaseFile = path.join(root, 'data', 'bench', `ssr-companies-${COMPANIES}.sqlite`);
fs.mkdirSync(path.dirname(databaseFile), { recursive: true });
await ensureSeeded({ client: 'sqlite', filename: databaseFile }, COMPANIES);

/** The most reviewed company of Chicago with photos: the fullest profile page. */
async function pickCompany(): Promise<string> {
  const db = openDatabase({ client: 'sqlite', filename: databaseFile });
  try {
    const row = (await db({ c: 'companies' })
      .join({ ci: 'cities' }, 'ci.id', 'c.city_id')
      .where({ 'ci.slug': 'chicago', 'c.is_in_list': true })
      .whereNot('c.photo_urls', '[]')
      .orderBy('c.review_count', 'desc')
      .first('c.slug')) as { slug: string } | undefined;
    if (!row) throw new Error('The seed has no company in Chicago');
    return row.slug;
  } finally {
    await db.destroy();
  }
}

const pages = [
  { label: 'home', path: '/' },
  { label: 'state', path: '/states/illinois' },
  { label: 'city', path: '/states/illinois/chicago' },
  { label: 'company', path: `/company/${await pickCompany()}` },
];

/** The median of the runs that produced the figure (a run may miss one, e.g. TBT when the trace failed). */
const median = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function printLoad(rows: Measurement[], staticFile: Measurement): void {
  console.info(
    `\nServer rendering, SQLite ${COMPANIES.toLocaleString('en-US')} companies, ${CONNECTIONS} connections, ${seconds} s per route, gzip`,
  );
  console.info(
    [
      'route'.padEnd(46),
      'req/s'.padStart(8),
      'p50 ms'.padStart(7),
      'p99 ms'.padStart(7),
      'x static'.padStart(9),
      'errors'.padStart(7),
      '',
    ].join(' '),
  );
  for (const row of rows) {
    const ratio = row.requestsPerSecond / staticFile.requestsPerSecond;
    const misses =
      row === staticFile
        ? []
        : [ratio < 0.25 ? 'below 0.25x' : '', row.p99 >= 50 ? 'p99 ≥ 50 ms' : ''].filter(Boolean);
    console.info(
      [
        `${row.label} ${row.path}`.slice(0, 46).padEnd(46),
        row.requestsPerSecond.toFixed(0).padStart(8),
        row.p50.toFixed(1).padStart(7),
        row.p99.toFixed(1).padStart(7),
        ratio.toFixed(2).padStart(9),
        String(row.errors + row.non2xx).padStart(7),
        misses.join(', '),
      ].join(' '),
    );
  }
}

interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  totalBlockingTimeMs: number;
  largestContentfulPaintMs: number;
  scriptBytes: number;
  thirdParty: string[];
  failing: string[];
}

async function runLighthouse(url: string, port: number): Promise<LighthouseFigures> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error' });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError)
    console.warn(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  for (const warning of lhr.runWarnings) console.warn(`${url}: ${warning}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const origin = new URL(url).origin;
  const requests =
    (
      lhr.audits['network-requests']?.details as
        { items?: Array<{ url: string; resourceType?: string; transferSize?: number }> } | undefined
    )?.items ?? [];
  const scriptBytes = requests
    .filter((r) => r.resourceType === 'Script')
    .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  const thirdParty = requests
    .map((r) => r.url)
    .filter((u) => /^https?:/.test(u) && new URL(u).origin !== origin);
  // Audits that lose points in the four categories, for the report.
  const failing = new Set<string>();
  for (const category of Object.values(lhr.categories)) {
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9) {
        failing.add(`${category.id}:${ref.id}`);
      }
    }
  }
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    totalBlockingTimeMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    largestContentfulPaintMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    scriptBytes,
    thirdParty,
    failing: [...failing],
  };
}

function printLighthouse(results: Map<string, LighthouseFigures[]>): void {
  console.info(
    `\nLighthouse 12, default (mobile) config, ${lighthouseRuns} runs per page, medians (targets: scores ≥ 95, TBT ≤ 150 ms, JS ≤ 130 kB, no third party)`,
  );
  console.info(
    [
      'page'.padEnd(9),
      'perf'.padStart(5),
      'a11y'.padStart(5),
      'best'.padStart(5),
      'seo'.padStart(5),
      'TBT ms'.padStart(7),
      'LCP ms'.padStart(7),
      'JS kB gz'.padStart(9),
      '3rd party'.padStart(10),
    ].join(' '),
  );
  for (const [label, runs] of results) {
    const m = (pick: (f: LighthouseFigures) => number) => median(runs.map(pick));
    console.info(
      [
        label.padEnd(9),
        String(m((f) => f.performance)).padStart(5),
        String(m((f) => f.accessibility)).padStart(5),
        String(m((f) => f.bestPractices)).padStart(5),
        String(m((f) => f.seo)).padStart(5),
        m((f) => f.totalBlockingTimeMs)
          .toFixed(0)
          .padStart(7),
        m((f) => f.largestContentfulPaintMs)
          .toFixed(0)
          .padStart(7),
        kb(m((f) => f.scriptBytes)).padStart(9),
        String(new Set(runs.flatMap((f) => f.thirdParty)).size).padStart(10),
      ].join(' '),
    );
  }
  for (const [label, runs] of results) {
    const thirdParty = [...new Set(runs.flatMap((f) => f.thirdParty))];
    const failing = [...new Set(runs.flatMap((f) => f.failing))];
    if (thirdParty.length > 0)
      console.info(`  ${label}: third-party requests ${thirdParty.join(' ')}`);
    if (failing.length > 0) console.info(`  ${label}: audits below 0.9: ${failing.join(', ')}`);
  }
}

// As `npm start` runs it: React and Express pick their production builds from NODE_ENV.
const server = await startServer(`sqlite:${databaseFile}`, { NODE_ENV: 'production' });
try {
  const base = `http://127.0.0.1:${server.port}`;
  for (const page of [{ path: STATIC_FILE }, ...pages]) {
    const response = await fetch(base + page.path);
    if (response.status !== 200) throw new Error(`${page.path} answered ${response.status}`);
  }

  const gzip = { 'accept-encoding': 'gzip' };
  const staticFile = await measure(
    server.port,
    'static file',
    STATIC_FILE,
    CONNECTIONS,
    seconds,
    gzip,
  );
  const rows = [staticFile];
  for (const page of pages) {
    rows.push(await measure(server.port, page.label, page.path, CONNECTIONS, seconds, gzip));
  }
  printLoad(rows, staticFile);

  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  const results = new Map<string, LighthouseFigures[]>();
  try {
    for (const page of pages) {
      const runs: LighthouseFigures[] = [];
      for (let run = 0; run < lighthouseRuns; run += 1) {
        runs.push(await runLighthouse(base + page.path, chrome.port));
      }
      results.set(page.label, runs);
    }
  } finally {
    chrome.kill();
  }
  printLighthouse(results);
} finally {
  await server.stop();
}

const bundles = pageBundles();
printBundleTable(bundles);
const over = bundles.filter((b) => b.gzipBytes > BUDGET_BYTES).map((b) => b.page);
if (over.length > 0) console.info(`over the 130 kB budget: ${over.join(', ')}`);
