/**
 * Server-rendering benchmark (issue 5): the built product in its own process on a 10,000-company SQLite seed.
 * 1. autocannon, 20 connections, gzip accepted as browsers do: a static file from the same server, then the
 *    home, a state, a city and a company page. Targets (as deployed, with the page cache of decision 013):
 *    pages ≥ 0.25× the static file's req/s, p99 < 50 ms. The same run with API_CACHE_SECONDS=0 (every request
 *    rendered) follows for information, so that the cost of a render stays visible (BENCH_UNCACHED=0 skips it).
 * 2. Lighthouse 12 (default config: mobile, simulated throttling) on the four pages in Debian's Chromium,
 *    BENCH_LIGHTHOUSE_RUNS (3) runs each, medians. Targets: every category ≥ 95, total blocking time ≤ 150 ms,
 *    ≤ 130 kB gzipped JavaScript (the scripts the page loaded, fetched again gzipped), no other origin.
 * 3. The gzipped JavaScript per page from the build's manifest (bench/bundle-size.ts).
 * Lighthouse's simulated timings scale with the CPU time the page really took: on a busy machine TBT and the
 * performance score come out worse than on an idle one, so every section prints the load average next to it.
 * Usage: npm run build -w @moveratlas/directory && npm run bench:ssr  [BENCH_SECONDS=10] [BENCH_LIGHTHOUSE_RUNS=3]
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { openDatabase } from '../server/src/db/connection';
import {
  BUDGET_BYTES,
  CLIENT_DIR,
  isPublicPage,
  kb,
  pageBundles,
  printBundleTable,
} from './bundle-size';
import { measure, startServer, type Measurement } from './support/load';
import { ensureSeeded } from './support/seeded-database';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const uncached = process.env.BENCH_UNCACHED !== '0';
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

/** The machine's state, printed with every set of figures. */
const machine = () =>
  `load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')} on ${os.cpus().length} CPUs`;

function printLoad(
  title: string,
  rows: Measurement[],
  staticFile: Measurement,
  judged: boolean,
): boolean {
  console.info(
    `\nServer rendering, ${title}: SQLite ${COMPANIES.toLocaleString('en-US')} companies, ${CONNECTIONS} connections, ${seconds} s per route, gzip (${machine()})`,
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
  let met = true;
  for (const row of rows) {
    const ratio = row.requestsPerSecond / staticFile.requestsPerSecond;
    const misses =
      row === staticFile
        ? []
        : [
            ratio < 0.25 ? 'below 0.25x' : '',
            row.p99 >= 50 ? 'p99 ≥ 50 ms' : '',
            row.errors + row.non2xx > 0 ? 'errors' : '',
          ].filter(Boolean);
    if (misses.length > 0) met = false;
    console.info(
      [
        `${row.label} ${row.path}`.slice(0, 46).padEnd(46),
        row.requestsPerSecond.toFixed(0).padStart(8),
        row.p50.toFixed(1).padStart(7),
        row.p99.toFixed(1).padStart(7),
        ratio.toFixed(2).padStart(9),
        String(row.errors + row.non2xx).padStart(7),
        judged ? misses.join(', ') : '',
      ].join(' '),
    );
  }
  if (judged) {
    console.info(
      met
        ? 'targets met: every page ≥ 0.25× the static file, p99 < 50 ms'
        : 'TARGETS NOT MET (see the rows above)',
    );
  }
  return met;
}

interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  totalBlockingTimeMs: number;
  largestContentfulPaintMs: number;
  firstContentfulPaintMs: number;
  /** Gzipped bytes of the page's scripts (bodies only; Lighthouse's transfer sizes include headers). */
  scriptBytes: number;
  /** What Lighthouse saw the scripts cost on the wire, headers included (brotli where it was offered). */
  scriptTransferBytes: number;
  thirdParty: string[];
  failing: string[];
  /** Lighthouse's own failure (e.g. NO_NAVSTART, a trace it could not record): the run says nothing. */
  runtimeError?: string;
}

const gzippedSizes = new Map<string, Promise<number>>();

/** The body of a URL as the server sends it gzipped, in bytes (fetch() would decompress it). */
function gzippedSize(url: string): Promise<number> {
  let size = gzippedSizes.get(url);
  if (!size) {
    size = new Promise<number>((resolve, reject) => {
      http
        .get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
          let bytes = 0;
          res.on('data', (chunk: Buffer) => (bytes += chunk.length));
          res.on('end', () => resolve(bytes));
        })
        .on('error', reject);
    });
    gzippedSizes.set(url, size);
  }
  return size;
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
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const scriptTransferBytes = scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  const ownScripts = [...new Set(scripts.map((r) => r.url))].filter(
    (u) => new URL(u).origin === origin,
  );
  const scriptBytes = (await Promise.all(ownScripts.map(gzippedSize))).reduce((a, b) => a + b, 0);
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
    firstContentfulPaintMs: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
    scriptBytes,
    scriptTransferBytes,
    thirdParty,
    failing: [...failing],
    ...(lhr.runtimeError ? { runtimeError: lhr.runtimeError.code } : {}),
  };
}

/** A run that Lighthouse itself failed is run again (twice at most) rather than counted as a score of 0. */
async function runLighthouseUntilValid(url: string, port: number): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt += 1) {
    const figures = await runLighthouse(url, port);
    if (!figures.runtimeError || attempt === 3) return figures;
    console.warn(`${url}: Lighthouse run failed (${figures.runtimeError}), running it again`);
  }
}

function printLighthouse(results: Map<string, LighthouseFigures[]>): boolean {
  console.info(
    `\nLighthouse 12, default (mobile) config, ${lighthouseRuns} runs per page, medians (${machine()})`,
  );
  console.info(
    [
      'page'.padEnd(9),
      'perf'.padStart(5),
      'a11y'.padStart(5),
      'best'.padStart(5),
      'seo'.padStart(5),
      'TBT ms'.padStart(7),
      'FCP ms'.padStart(7),
      'LCP ms'.padStart(7),
      'JS kB gz'.padStart(9),
      'JS wire'.padStart(8),
      '3rd party'.padStart(10),
      '',
    ].join(' '),
  );
  let met = true;
  for (const [label, all] of results) {
    const runs = all.filter((f) => !f.runtimeError);
    const m = (pick: (f: LighthouseFigures) => number) => median(runs.map(pick));
    const thirdParty = new Set(runs.flatMap((f) => f.thirdParty)).size;
    const scores = [
      m((f) => f.performance),
      m((f) => f.accessibility),
      m((f) => f.bestPractices),
      m((f) => f.seo),
    ];
    const misses = [
      scores.some((score) => !(score >= 95)) ? 'score < 95' : '',
      !(m((f) => f.totalBlockingTimeMs) <= 150) ? 'TBT > 150 ms' : '',
      !(m((f) => f.scriptBytes) <= BUDGET_BYTES) ? 'JS > 130 kB' : '',
      thirdParty > 0 ? 'third party' : '',
    ].filter(Boolean);
    if (misses.length > 0) met = false;
    console.info(
      [
        label.padEnd(9),
        ...scores.map((score) => String(score).padStart(5)),
        m((f) => f.totalBlockingTimeMs)
          .toFixed(0)
          .padStart(7),
        m((f) => f.firstContentfulPaintMs)
          .toFixed(0)
          .padStart(7),
        m((f) => f.largestContentfulPaintMs)
          .toFixed(0)
          .padStart(7),
        kb(m((f) => f.scriptBytes)).padStart(9),
        kb(m((f) => f.scriptTransferBytes)).padStart(8),
        String(thirdParty).padStart(10),
        misses.join(', '),
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
  console.info(
    met
      ? 'targets met: every category ≥ 95, TBT ≤ 150 ms, JS ≤ 130 kB gzipped, no third party'
      : 'TARGETS NOT MET (see the rows above)',
  );
  return met;
}

const modes = [
  {
    name: 'as deployed (page cache, API_CACHE_SECONDS=10)',
    env: { API_CACHE_SECONDS: '10' },
    deployed: true,
  },
  ...(uncached
    ? [
        {
          name: 'cache off (every request rendered, API_CACHE_SECONDS=0)',
          env: { API_CACHE_SECONDS: '0' },
          deployed: false,
        },
      ]
    : []),
];

console.info(`SSR benchmark, Node ${process.version}, ${machine()}`);
const verdicts: string[] = [];
for (const mode of modes) {
  // As `npm start` runs it: React and Express pick their production builds from NODE_ENV.
  const server = await startServer(`sqlite:${databaseFile}`, {
    NODE_ENV: 'production',
    ...mode.env,
  });
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
    const loadMet = printLoad(mode.name, rows, staticFile, mode.deployed);
    if (!mode.deployed) continue;
    verdicts.push(`throughput and p99: ${loadMet ? 'met' : 'NOT MET'}`);

    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
    const results = new Map<string, LighthouseFigures[]>();
    try {
      for (const page of pages) {
        const runs: LighthouseFigures[] = [];
        for (let run = 0; run < lighthouseRuns; run += 1) {
          runs.push(await runLighthouseUntilValid(base + page.path, chrome.port));
        }
        results.set(page.label, runs);
      }
    } finally {
      chrome.kill();
    }
    verdicts.push(`Lighthouse: ${printLighthouse(results) ? 'met' : 'NOT MET'}`);
  } finally {
    await server.stop();
  }
}

const bundles = pageBundles();
printBundleTable(bundles);
const over = bundles
  .filter((b) => isPublicPage(b) && b.gzipBytes > BUDGET_BYTES)
  .map((b) => b.page);
if (over.length > 0) console.info(`over the 130 kB budget: ${over.join(', ')}`);
verdicts.push(`JavaScript per public page: ${over.length === 0 ? 'met' : 'NOT MET'}`);
console.info(`\nSummary (${machine()}): ${verdicts.join('; ')}`);
