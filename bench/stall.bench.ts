/**
 * Stall benchmark (issue 12): how long /healthz takes while hostile requests run. The built product runs in
 * its own process (production mode, a fresh copy of a seeded SQLite file); a third process asks /healthz
 * every 10 ms over connections it opened beforehand (support/healthz-probe.ts), so the load generator's
 * work never delays a probe. Scenarios, one after another, BENCH_SECONDS each:
 *
 * - idle: nothing else;
 * - long slashes: `/states/illinois` + 15,000 slashes + `a`, 8 at once (the issue's quadratic regex);
 * - blank-line CSV: the hostile uploads of bench/hostile-csv.ts (a million blank lines, a million rows of
 *   commas, 10,000 columns; STALL_ALL_CSV=1 adds the 50 MB files), one after another, signed in;
 * - crawl: 500 connections at once over distinct company pages (the link crawler that reached 1.2 GB);
 * - deep JSON: 10,000 nested arrays at /api/login and the widget's JSON endpoints, 50 at once;
 * - login failures: wrong passwords at /api/login, 20 at once;
 * - crawl again on a server with shedding off (MAX_IN_FLIGHT=0), for comparison.
 *
 * Prints /healthz p50, p99 and max per scenario (target: p99 under 50 ms), the server's RSS peak, what the
 * hostile requests were answered, and how many the server shed. MAX_IN_FLIGHT=0 runs it all with shedding off.
 * Usage: npm run build && npm run bench:stall  [BENCH_COMPANIES=2000] [BENCH_SECONDS=5] [STALL_ALL_CSV=1]
 *        [STALL_SCENARIOS=idle,slashes,csv,crawl,json,login,unshed]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fork } from 'node:child_process';
import { CSRF_HEADER, csrfTokenFromCookies } from '@moveratlas/contracts';
import { openDatabase } from '../server/src/db/connection';
import { setAdminPassword } from '../server/src/features/auth/admin-users';
import { HOSTILE_CSVS } from './hostile-csv';
import { startServer } from './support/load';
import { seededSqlite } from './support/seeded-database';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const companies = Number(process.env.BENCH_COMPANIES ?? 2000);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const allCsv = process.env.STALL_ALL_CSV === '1';
const ADMIN = { username: 'stall-admin', password: 'stall bench passphrase 2026' };
/** STALL_SCENARIOS=crawl,unshed runs only those (idle, slashes, csv, crawl, json, login, unshed). */
const only = process.env.STALL_SCENARIOS?.split(',').map((name) => name.trim());
const wanted = (name: string) => !only || only.includes(name);
const TARGET_P99_MS = 50;

if (!fs.existsSync(path.join(root, 'directory/dist/server/entry-server.js'))) {
  console.error('The directory is not built: run npm run build first.');
  process.exit(1);
}

// A fresh copy of the seed: the scenarios store uploads and failed logins.
const seeded = await seededSqlite(companies);
if (seeded.client !== 'sqlite') throw new Error('expected a SQLite seed');
const file = path.join(path.dirname(seeded.filename), `stall-${process.pid}.sqlite`);
fs.copyFileSync(seeded.filename, file);
const setup = openDatabase({ client: 'sqlite', filename: file });
await setAdminPassword(setup, ADMIN.username, ADMIN.password);
const slugs = (await setup('companies').where('is_in_list', true).pluck('slug')) as string[];
await setup.destroy();

/** The product in its own process on the seed's copy, with its prober. */
async function startTarget(env: NodeJS.ProcessEnv) {
  const server = await startServer(`sqlite:${file}`, {
    // Per-IP limits would answer 429 before the work this benchmark is about.
    RATE_LIMIT_LEADS: '0',
    RATE_LIMIT_SESSIONS: '0',
    RATE_LIMIT_MATCHES: '0',
    JOB_CONCURRENCY: '0',
    ...env,
  });
  const base = `http://127.0.0.1:${server.port}`;
  const prober = fork(path.join(root, 'bench/support/healthz-probe.ts'), [`${base}/healthz`], {
    execArgv: ['--import', 'tsx'],
  });
  let stopped: Promise<void> | undefined;
  return {
    base,
    pid: server.child.pid!,
    prober,
    /** Safe to call twice: the second call waits for the first. */
    stop: () =>
      (stopped ??= (async () => {
        prober.kill();
        await server.stop();
      })()),
  };
}
type Target = Awaited<ReturnType<typeof startTarget>>;

/** The server's resident memory, sampled every 100 ms while a scenario runs. */
function rssSampler(pid: number) {
  let peak = 0;
  const read = () => {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    peak = Math.max(peak, kb * 1024);
  };
  read();
  const timer = setInterval(read, 100);
  return () => {
    clearInterval(timer);
    return peak;
  };
}

interface ServerFigures {
  server: { requests: { shed: number } };
}
const serverFigures = async (target: Target) =>
  ((await (await fetch(`${target.base}/healthz`)).json()) as ServerFigures).server;

/** Runs `workers` loops of `request` until the scenario's time is up; counts the answers by status. */
async function loops(workers: number, request: (i: number) => Promise<Response>) {
  const statuses = new Map<string, number>();
  const until = performance.now() + seconds * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < until) {
        let key: string;
        try {
          const res = await request(n++);
          await res.arrayBuffer();
          key = String(res.status);
        } catch (error) {
          key = (error as { cause?: { code?: string } }).cause?.code ?? 'error';
        }
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
      }
    }),
  );
  return statuses;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

interface Row {
  scenario: string;
  probes: number;
  p50: number;
  p99: number;
  max: number;
  failed: number;
  rssMb: number;
  shed: number;
  loopMaxMs: number;
  answers: string;
}
const rows: Row[] = [];

async function scenario(target: Target, name: string, run: () => Promise<Map<string, number>>) {
  const before = await serverFigures(target);
  const stopRss = rssSampler(target.pid);
  target.prober.send('start');
  await new Promise((resolve) => target.prober.once('message', resolve));
  const statuses = await run();
  target.prober.send('stop');
  const { times, loopMaxMs } = await new Promise<{ times: number[]; loopMaxMs: number }>(
    (resolve) => target.prober.once('message', resolve),
  );
  const rss = stopRss();
  const after = await serverFigures(target);
  const ok = times.filter((t) => t >= 0).sort((a, b) => a - b);
  rows.push({
    scenario: name,
    probes: times.length,
    p50: Math.round(percentile(ok, 0.5) * 10) / 10,
    p99: Math.round(percentile(ok, 0.99) * 10) / 10,
    max: Math.round(ok.at(-1) ?? NaN),
    failed: times.length - ok.length,
    rssMb: Math.round(rss / 1024 / 1024),
    shed: after.requests.shed - before.requests.shed,
    loopMaxMs: Math.round(loopMaxMs),
    answers: [...statuses].map(([status, count]) => `${status}×${count}`).join(' '),
  });
  console.info(`  ${name}: done`);
  // Let the server settle so one scenario's backlog is not the next one's figures.
  await new Promise((resolve) => setTimeout(resolve, 1500));
}

async function signIn(base: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!)
    .join('; ');
  return { Cookie: cookie, [CSRF_HEADER]: csrfTokenFromCookies(cookie) ?? '' };
}

const deepJson = '['.repeat(10_000) + ']'.repeat(10_000);

const target = await startTarget({});
const base = target.base;
let unshed: Target | undefined;
try {
  console.info(
    `Stall benchmark: ${companies.toLocaleString('en-US')} companies, ${seconds} s per scenario, MAX_IN_FLIGHT=${process.env.MAX_IN_FLIGHT ?? 'default'}`,
  );
  const admin = await signIn(base);

  if (wanted('idle'))
    await scenario(target, 'idle', async () => {
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      return new Map();
    });

  if (wanted('slashes'))
    await scenario(target, 'long slashes ×8', () =>
      loops(8, () => fetch(`${base}/states/illinois${'/'.repeat(15_000)}a`)),
    );

  const files = HOSTILE_CSVS.filter((csv) => allCsv || !/50 MB|never closed/.test(csv.name));
  if (wanted('csv'))
    await scenario(target, `hostile CSV uploads (${files.length})`, () =>
      loops(1, (i) => {
        const csv = files[i % files.length]!;
        return fetch(`${base}/api/admin/upload?filename=${encodeURIComponent(`${csv.name}.csv`)}`, {
          method: 'POST',
          headers: { ...admin, 'Content-Type': 'text/csv' },
          body: new Uint8Array(csv.build()),
        });
      }),
    );

  if (wanted('crawl'))
    await scenario(target, 'crawl, 500 connections', () =>
      loops(500, (i) => fetch(`${base}/company/${slugs[i % slugs.length]}`)),
    );

  const jsonTargets = ['/api/login', '/api/proxy/match_companies', '/api/proxy/session_send_bq'];
  if (wanted('json'))
    await scenario(target, 'deep JSON ×50', () =>
      loops(50, (i) =>
        fetch(base + jsonTargets[i % jsonTargets.length], {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: deepJson,
        }),
      ),
    );

  if (wanted('login'))
    await scenario(target, 'login failures ×20', () =>
      loops(20, (i) =>
        fetch(`${base}/api/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            username: i % 2 ? ADMIN.username : `nobody-${i}`,
            password: `wrong password ${i}`,
          }),
        }),
      ),
    );

  // The crawl again with shedding off (MAX_IN_FLIGHT=0): what the limit saves in memory and delay.
  if (wanted('unshed') && process.env.MAX_IN_FLIGHT !== '0') {
    await target.stop();
    unshed = await startTarget({ MAX_IN_FLIGHT: '0' });
    const unshedBase = unshed.base;
    await scenario(unshed, 'crawl, 500 connections, shedding off', () =>
      loops(500, (i) => fetch(`${unshedBase}/company/${slugs[(i + 7919) % slugs.length]}`)),
    );
  }

  console.info(
    `\n/healthz while hostile requests run (ms; target p99 < ${TARGET_P99_MS}); server RSS peak; event-loop max as the server saw it`,
  );
  console.table(
    Object.fromEntries(
      rows.map(({ scenario: name, ...figures }) => [
        name,
        {
          ...figures,
          'p99 ok': figures.p99 < TARGET_P99_MS && figures.failed === 0 ? 'yes' : 'NO',
        },
      ]),
    ),
  );
} finally {
  await target.stop();
  await unshed?.stop();
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
}
