/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The quote widget's budgets, measured:
 * - gzipped sizes (level 9) of the loader, of everything step 1 needs (the entry chunk and its static
 *   imports; the stylesheet travels inside the entry), and of each lazy chunk;
 * - the median, over 10 cold loads in Chromium, from the loader's script tag (its resource timing start) to
 *   step 1 being interactive (the widget's `ready` event, sent after React has committed with its handlers),
 *   on the demo partner page; and the layout shift the host page sees when the widget appears.
 * Run `npm run build` first. Usage: tsx bench/widget.bench.ts
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const repoRoot = path.resolve(import.meta.dirname, '..');
const dist = path.join(repoRoot, 'widget/dist');
const BUDGET = { loader: 2.5 * 1024, stepOne: 85 * 1024, interactiveMs: 400 };
const RUNS = 10;

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}

const gz = (file: string) => gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function sizes() {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const closure = (key: string, seen = new Set<string>()) => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) closure(next, seen);
    return seen;
  };
  const stepOne = closure('src/app.ts');
  const stepOneBytes = [...stepOne].reduce((sum, key) => sum + gz(manifest[key]!.file), 0);
  const lazy = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isDynamicEntry)
    .map(([key]) => {
      // What loading this chunk adds to what step 1 already has.
      const extra = [...closure(key)].filter((k) => !stepOne.has(k));
      return {
        key,
        files: extra.length,
        bytes: extra.reduce((s, k) => s + gz(manifest[k]!.file), 0),
      };
    })
    .sort((a, b) => a.key.localeCompare(b.key));
  return { loader: gz('loader.js'), stepOne: stepOneBytes, stepOneFiles: stepOne.size, lazy };
}

function start(
  command: string[],
  env: Record<string, string>,
  ready: string,
): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    // Node itself with tsx's loader, not npx: a signal then reaches the server, not a wrapper that ignores it.
    const child = spawn(process.execPath, ['--import', 'tsx', ...command], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const timer = setTimeout(() => reject(new Error(`${command[0]} did not start`)), 240_000);
    const poll = setInterval(() => {
      fetch(ready).then(
        (r) => {
          if (r.ok) {
            clearInterval(poll);
            clearTimeout(timer);
            resolve(child);
          }
        },
        () => undefined,
      );
    }, 500);
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`${command[0]} exited with ${code}\n${output}`)));
  });
}

async function timings(demoUrl: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const results: { ms: number; shift: number }[] = [];
  try {
    // Run -1 is a warm-up, not counted: a server that has just started is still compressing its assets
    // (once, in the background) and its JIT is cold, which no visitor of a running server meets.
    for (let run = -1; run < RUNS; run++) {
      // A new context is a cold cache: the loader and every chunk come over the network again.
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.addInitScript(() => {
        const w = window as unknown as { readyAt?: number; shift: number };
        w.shift = 0;
        document.addEventListener('moveratlas:ready', () => (w.readyAt ??= performance.now()));
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { value: number })[])
            w.shift += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(demoUrl);
      await page.waitForFunction(
        () => (window as unknown as { readyAt?: number }).readyAt !== undefined,
      );
      await page.waitForTimeout(300);
      const result = await page.evaluate(() => {
        const w = window as unknown as { readyAt: number; shift: number };
        const loader = performance
          .getEntriesByType('resource')
          .find((e) => e.name.endsWith('/widget/loader.js'))!;
        return { ms: w.readyAt - loader.startTime, shift: w.shift };
      });
      await context.close();
      if (run < 0) await new Promise((resolve) => setTimeout(resolve, 3000));
      else results.push(result);
    }
  } finally {
    await browser.close();
  }
  const sorted = results.map((r) => r.ms).sort((a, b) => a - b);
  const median = (sorted[4]! + sorted[5]!) / 2;
  return { median, runs: sorted, shift: Math.max(...results.map((r) => r.shift)) };
}

const size = sizes();
console.info('Quote widget: gzipped sizes (level 9)');
console.info(`  loader.js                 ${kb(size.loader)}  (budget ${kb(BUDGET.loader)})`);
console.info(
  `  step 1 (JS + CSS, ${size.stepOneFiles} files) ${kb(size.stepOne)}  (budget ${kb(BUDGET.stepOne)})`,
);
for (const chunk of size.lazy)
  console.info(`  lazy ${chunk.key.padEnd(28)} +${kb(chunk.bytes)} (${chunk.files} new files)`);

if (process.argv.includes('--sizes-only')) process.exit(0);

/** A port the system has free now, on every interface: a fixed number may be one the machine's services hold. */
async function freePort(): Promise<number> {
  const server = net.createServer().listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const port = await freePort();
let demoPort = await freePort();
while (demoPort === port) demoPort = await freePort();
const database = path.join(os.tmpdir(), `moveratlas-bench-widget-${Date.now()}.sqlite`);
const children: ChildProcess[] = [];
try {
  children.push(
    await start(
      ['server/src/main.ts'],
      {
        NODE_ENV: 'production',
        PORT: String(port),
        DATABASE_URL: database,
        SEED_COMPANIES: '2000',
        CORS_ORIGINS: `http://localhost:${demoPort}`,
        LOG_LEVEL: 'warn',
      },
      `http://localhost:${port}/healthz`,
    ),
  );
  children.push(
    await start(
      ['demo/serve.ts'],
      { DEMO_PORT: String(demoPort), WIDGET_ORIGIN: `http://localhost:${port}` },
      `http://localhost:${demoPort}/blank.html`,
    ),
  );
  const loadBefore = os.loadavg()[0]!;
  const t = await timings(`http://localhost:${demoPort}/`);
  // Timings on a shared machine mean little without its load: printed beside them.
  const load = `load average ${loadBefore.toFixed(1)} → ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} CPUs`;
  console.info(`Cold loads on the demo page (${RUNS}, Chromium, localhost; ${load})`);
  console.info(
    `  loader tag → step 1 interactive: median ${t.median.toFixed(0)} ms (budget ${BUDGET.interactiveMs} ms); runs ${t.runs.map((r) => r.toFixed(0)).join(', ')}`,
  );
  console.info(`  host page layout shift: ${t.shift.toFixed(4)} (budget 0)`);
} finally {
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          child.removeAllListeners('exit');
          child.once('exit', resolve);
          child.kill('SIGTERM');
        }),
    ),
  );
  for (const file of [database, `${database}-wal`, `${database}-shm`])
    fs.rmSync(file, { force: true });
}
