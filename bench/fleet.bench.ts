/**
 * Fleet benchmark (issue 14): 1, then 2, then 3 server processes (the production start, server/bin/serve) on
 * one MariaDB database (bench_fleet, seeded once with BENCH_COMPANIES companies) behind an HAProxy the
 * benchmark starts (round robin, /readyz checks), loaded through it with autocannon: the home page, a state
 * page and GET /api/companies?limit=50 — with the public caches on (API_CACHE_SECONDS=10, as deployed) and off
 * (every request reaches the database). Prints req/s, p50, p99 and non-2xx per route and process count, and
 * the scaling against one process; then what holds the caches-off case at 3 processes: the request pool (10
 * connections a process, 2 s wait, then 503), the queries (MariaDB's CPU, Threads_running) or the cores.
 * Targets: no non-2xx answer in any run; throughput that grows with processes while a core is left idle.
 * Servers, MariaDB, HAProxy and autocannon share this machine's cores: read the scaling with the CPU figures.
 * Usage: npm run bench:fleet  [BENCH_SECONDS=10 per route] [BENCH_CONNECTIONS=50] [BENCH_COMPANIES=10000]
 *        (needs Debian's haproxy, and MariaDB on 127.0.0.1:3306 as root without a password; DROP DATABASE
 *        bench_fleet to seed it anew)
 */
import fs from 'node:fs';
import os from 'node:os';
import knexFactory from 'knex';
import { ensureSeeded } from './support/seeded-database';
import { measure, printScalingTable, type Measurement } from './support/load';
import {
  HAPROXY,
  pidOf,
  startBalancer,
  startServerProcess,
  stopAll,
  stopAllOnSignals,
  watchRun,
  type RunFigures,
  type ServerProcess,
} from './support/fleet';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const companies = Number(process.env.BENCH_COMPANIES ?? 10_000);
const MAX_PROCESSES = 3;
/** REQUEST_POOL.max in server/src/db/connection.ts. */
const POOL_PER_PROCESS = 10;
const DATABASE = 'bench_fleet';
const MARIADB = 'mysql://root@127.0.0.1:3306';
const cores = os.availableParallelism();

const routes = [
  { label: 'GET / (home page)', path: '/' },
  { label: 'GET /states/texas (state page)', path: '/states/texas' },
  { label: 'GET /api/companies?limit=50', path: '/api/companies?limit=50' },
];
const modes = [
  { name: 'caches on (API_CACHE_SECONDS=10, as deployed)', cacheSeconds: '10' },
  {
    name: 'caches off (API_CACHE_SECONDS=0: every request reaches the database)',
    cacheSeconds: '0',
  },
];

if (!fs.existsSync(HAPROXY)) {
  console.error(`${HAPROXY} not found: apt-get install haproxy, then run the benchmark again.`);
  process.exit(1);
}
stopAllOnSignals();

interface Run {
  processes: number;
  measurement: Measurement;
  figures: RunFigures;
}
const runs = new Map<string, Run[]>(modes.map((mode) => [mode.name, []]));

const admin = knexFactory({
  client: 'mysql2',
  connection: `${MARIADB}/`,
  pool: { min: 0, max: 1 },
});
await admin.raw(`CREATE DATABASE IF NOT EXISTS ${DATABASE} CHARACTER SET utf8mb4`);
await admin.destroy();
await ensureSeeded({ client: 'mysql', url: `${MARIADB}/${DATABASE}` }, companies);

const sampler = knexFactory({
  client: 'mysql2',
  connection: `${MARIADB}/${DATABASE}`,
  pool: { min: 1, max: 1 },
});
const mariadbPid = pidOf(['mariadbd', 'mysqld']);
try {
  for (const mode of modes) {
    const servers: ServerProcess[] = [];
    try {
      for (let processes = 1; processes <= MAX_PROCESSES; processes++) {
        // The first starts alone (it migrates) and runs the job worker; the others serve only.
        servers.push(
          await startServerProcess({
            DATABASE_URL: `${MARIADB}/${DATABASE}`,
            TRUST_PROXY: 'loopback',
            LOG_LEVEL: 'warn',
            API_CACHE_SECONDS: mode.cacheSeconds,
            SEED_COMPANIES: String(companies),
            JOB_CONCURRENCY: processes === 1 ? '1' : '0',
          }),
        );
        const balancer = await startBalancer(servers.map((server) => server.port));
        try {
          for (const route of routes) {
            await balancer.allUp(); // a server the last route's load took out comes back first
            const answer = await fetch(`http://127.0.0.1:${balancer.port}${route.path}`);
            if (answer.status !== 200)
              throw new Error(`${route.path} answered ${answer.status} through the balancer`);
            let figures: RunFigures | undefined;
            const measurement = await measure(
              balancer.port,
              route.label,
              route.path,
              connections,
              seconds,
              {},
              () => {
                const ended = watchRun({
                  servers,
                  balancer,
                  mariadbPid,
                  sampler,
                  database: DATABASE,
                });
                return async () => void (figures = await ended());
              },
            );
            if (!figures) throw new Error('the run was not watched');
            runs.get(mode.name)!.push({ processes, measurement, figures });
            console.info(
              `${mode.name.split(' (')[0]}, ${processes} process(es), ${route.label}: ` +
                `${(measurement.okPerSecond ?? 0).toFixed(0)} 2xx/s, p99 ${measurement.p99} ms, ` +
                `non-2xx ${measurement.non2xx}, ${(figures.cpu.machine * 100).toFixed(0)}% CPU of ${cores * 100}%`,
            );
          }
          const spread = await balancer.servers();
          console.info(
            `  haproxy sent: ${spread.map((s) => `${s.name} ${s.requests.toLocaleString('en-US')}`).join(', ')}`,
          );
        } finally {
          await balancer.stop();
        }
      }
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
    }
  }
} finally {
  await sampler.destroy();
  await stopAll();
}

console.info(
  `\n${companies.toLocaleString('en-US')} companies on MariaDB, ${connections} connections through HAProxy, ` +
    `${seconds} s per route after a 2 s warm-up, ${cores} CPU cores`,
);
for (const mode of modes) printScalingTable(mode.name, runs.get(mode.name)!);

const cpu = (value: number) => value.toFixed(2);
const status503 = (m: Measurement) => m.statusCodes?.['503'] ?? 0;
/** 503s HAProxy made itself, with no server UP: the 503s the servers did not answer. */
const balancer503 = (run: Run) =>
  Math.max(0, status503(run.measurement) - run.figures.serverFiveXX);
/** Milliseconds of CPU a 2xx answer cost. */
const perAnswer = (cores: number, m: Measurement) =>
  ((cores * 1000) / Math.max(1, m.okPerSecond ?? 0)).toFixed(1);

console.info(
  `\nRefusals and failed checks, by run (HAProxy checks /readyz every 1 s with a 1 s timeout; 3 failures ` +
    `in a row take a server out until 2 pass)`,
);
let listed = 0;
for (const mode of modes) {
  for (const run of runs.get(mode.name)!) {
    const { measurement: m, figures: f } = run;
    if (m.non2xx + m.errors + f.serversMarkedDown + f.failedChecks.length === 0) continue;
    listed++;
    const codes = Object.entries(m.statusCodes ?? {})
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, count]) => `${code} x${count}`);
    console.info(
      `  ${mode.name.split(' (')[0]}, ${run.processes} process(es), ${m.label}: ` +
        `${codes.join(', ') || 'no non-2xx'} (no pool connection within 2 s ${f.poolTimeouts}, ` +
        `refused as busy ${f.shed}, HAProxy's own ${balancer503(run)}); /readyz checks seen failing: ` +
        `${f.failedChecks.join(', ') || 'none'}; servers marked DOWN ${f.serversMarkedDown} time(s)`,
    );
  }
}
if (listed === 0) console.info('  none, in any run');

const poolSize = MAX_PROCESSES * POOL_PER_PROCESS;
console.info(
  `\nDiagnosis: caches off, ${MAX_PROCESSES} processes (request pools: ${POOL_PER_PROCESS} connections ` +
    `a process, ${poolSize} in all, 2 s wait; CPU in cores of ${cores})`,
);
for (const route of routes) {
  const ofRoute = runs.get(modes[1]!.name)!.filter((run) => run.measurement.label === route.label);
  const one = ofRoute.find((run) => run.processes === 1);
  const run = ofRoute.find((run) => run.processes === MAX_PROCESSES);
  if (!one || !run) continue;
  const { measurement: m, figures: f } = run;
  const ours = f.cpu.servers + f.cpu.mariadb + f.cpu.haproxy + f.cpu.bench;
  const oneOk = one.measurement.okPerSecond ?? 0;
  console.info(
    [
      `\n${route.label}: ${(m.okPerSecond ?? 0).toFixed(0)} 2xx/s ` +
        `(${oneOk > 0 ? ((m.okPerSecond ?? 0) / oneOk).toFixed(2) : '-'}x one process), p50 ${m.p50} ms, p99 ${m.p99} ms`,
      `  503s: ${status503(m)}; requests that had no pool connection within 2 s ${f.poolTimeouts} ` +
        `(the API's "database unavailable" ${f.databaseUnavailable}), refused as busy (MAX_IN_FLIGHT) ` +
        `${f.shed}, HAProxy's own ` +
        `${balancer503(run)} (servers marked DOWN ${f.serversMarkedDown} times); other non-2xx ` +
        `${m.non2xx - status503(m)}, socket errors ${m.errors}`,
      `  pool: ${f.connections.avgRunning.toFixed(1)} of ${poolSize} connections running a statement ` +
        `on average (max ${f.connections.maxRunning}; ${f.connections.avgOpen.toFixed(1)} open, /readyz ` +
        `probes included); ${f.inFlight.toFixed(1)} requests in flight a process; event-loop p99 up to ` +
        `${f.eventLoopP99Ms.toFixed(0)} ms`,
      `  MariaDB (global status, other clients included): Threads_running ` +
        `${f.threadsRunning.avg.toFixed(1)} on average (max ` +
        `${f.threadsRunning.max}); ${f.questionsPerSecond.toFixed(0)} Questions/s, ` +
        `${(f.questionsPerSecond / Math.max(1, m.requestsPerSecond)).toFixed(1)} a request`,
      `  CPU: servers ${cpu(f.cpu.servers)}, mariadbd ${cpu(f.cpu.mariadb)}, haproxy ` +
        `${cpu(f.cpu.haproxy)}, autocannon (this process) ${cpu(f.cpu.bench)} = ${cpu(ours)} of ${cores}; ` +
        `the whole machine ${cpu(f.cpu.machine)} (other processes ${cpu(Math.max(0, f.cpu.machine - ours))}); ` +
        `a 2xx answer cost ${perAnswer(f.cpu.servers, m)} ms in the servers, ${perAnswer(f.cpu.mariadb, m)} ms in mariadbd`,
      `  => ${diagnose(run, ours)}`,
    ].join('\n'),
  );
}

function diagnose({ measurement: m, figures: f }: Run, ours: number): string {
  const poolDry = f.poolTimeouts > 0 || f.connections.avgRunning >= 0.8 * poolSize;
  const pool = poolDry
    ? `the pool ran dry (${f.connections.avgRunning.toFixed(1)} of ${poolSize} connections busy on average, ` +
      `${f.poolTimeouts} requests waited 2 s for one and got 503)`
    : `the pool did not run dry (${f.connections.avgRunning.toFixed(1)} of ${poolSize} connections busy on ` +
      `average, no request waited 2 s for one)`;
  const costs = `${perAnswer(f.cpu.servers, m)} ms of server CPU and ${perAnswer(f.cpu.mariadb, m)} ms of mariadbd CPU an answer`;
  if (f.cpu.mariadb >= f.cpu.servers && f.threadsRunning.avg >= cores)
    return (
      `the queries: ${f.threadsRunning.avg.toFixed(1)} statements running at once on ${cores} cores, ` +
      `${costs}; ${pool}${poolDry ? ' because each connection is held by a slow statement' : ''}: more ` +
      `processes or connections only queue more statements on the same CPU.`
    );
  if (f.cpu.machine >= 0.9 * cores)
    return (
      `the ${cores} CPU cores: ${cpu(f.cpu.machine)} of ${cores} busy (the fleet, MariaDB, HAProxy and ` +
      `autocannon ${cpu(ours)}, other processes ${cpu(Math.max(0, f.cpu.machine - ours))}), ${costs}, so ` +
      `another process only shares them; not the queries (${f.threadsRunning.avg.toFixed(1)} statements ` +
      `running on average); ${pool}.`
    );
  if (poolDry) return `the request pool: ${pool}; ${cpu(f.cpu.machine)} of ${cores} cores busy.`;
  return `nothing measured here saturated (${cpu(f.cpu.machine)} of ${cores} cores busy; ${pool}).`;
}
