/**
 * For bench/fleet.bench.ts: server processes started as in production (server/bin/serve), an HAProxy in front
 * of them, and what a run costs where — CPU per process from /proc, the database's status sampled over SQL,
 * each server's load from its /healthz. Every process started here is stopped on the way out, Ctrl-C included.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
import type { ServerLoad } from '@moveratlas/contracts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const HAPROXY = '/usr/sbin/haproxy';

const children = new Set<ChildProcess>();
/** HAProxy's config folders, removed on the way out whatever happens. */
const folders = new Set<string>();

function track(child: ChildProcess): void {
  children.add(child);
  child.once('exit', () => children.delete(child));
}

/** SIGTERM, then SIGKILL if it has not exited within the grace (a server drains for up to 10 s). */
function stop(child: ChildProcess, graceMs = 20_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export async function stopAll(): Promise<void> {
  await Promise.all([...children].map((child) => stop(child)));
}

/** Ctrl-C or a kill stops every process started here first; a crash still kills them on exit. */
export function stopAllOnSignals(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping the fleet…`);
      void stopAll().finally(() => process.exit(130));
    });
  }
  process.once('exit', () => {
    children.forEach((child) => child.kill('SIGKILL'));
    folders.forEach((folder) => fs.rmSync(folder, { recursive: true, force: true }));
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const average = (values: number[]) => (values.length === 0 ? 0 : sum(values) / values.length);

export interface ServerProcess {
  pid: number;
  port: number;
  /**
   * Log lines by their message: "knex: Acquire connection error" (a request had no pool connection within
   * 2 s, API or page), "database unavailable" (the API's 503 for it or for an unreachable database).
   */
  logged: Map<string, number>;
  load(): Promise<ServerLoad>;
  stop(): Promise<void>;
}

/**
 * One server by the production start, on a free loopback port; resolves once GET /readyz answers 200. (Its
 * "serving on" line is logged at info, which LOG_LEVEL=warn hides: the port is chosen here instead.)
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(path.join(root, 'server/bin/serve'), [], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  track(child);
  const logged = new Map<string, number>();
  let tail: string[] = [];
  let partial = '';
  const read = (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      let message = line;
      try {
        const entry = JSON.parse(line) as { msg?: unknown; knex?: unknown };
        message = String(entry.msg ?? line);
        // knex's own warnings, e.g. "knex: Acquire connection error" (no pool connection within 2 s).
        if (message === 'knex') message = `knex: ${String(entry.knex).split(':')[0]}`;
      } catch {
        // not a JSON log line: counted as it is
      }
      logged.set(message, (logged.get(message) ?? 0) + 1);
      tail = [...tail.slice(-30), line];
    }
  };
  child.stdout!.on('data', read);
  child.stderr!.on('data', read);
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code, signal) =>
      reject(new Error(`server exited (${code ?? signal}) before ready:\n${tail.join('\n')}`)),
    ),
  );
  exited.catch(() => undefined);
  const base = `http://127.0.0.1:${port}`;
  const ready = (async () => {
    for (let attempt = 0; attempt < 1200; attempt++) {
      const status = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2000) })
        .then((response) => response.status)
        .catch(() => 0);
      if (status === 200) return;
      await sleep(100);
    }
    throw new Error(`${base}/readyz did not answer 200 within 2 minutes`);
  })();
  await Promise.race([ready, exited]);
  return {
    pid: child.pid!,
    port,
    logged,
    load: async () => {
      const response = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(3000) });
      return ((await response.json()) as { server: ServerLoad }).server;
    },
    stop: () => stop(child),
  };
}

export interface BalancedServer {
  name: string;
  status: string;
  requests: number;
  fiveXX: number;
  downs: number;
  /** The last health check's result, e.g. "L7OK 200", "L7STS 503", "L7TOUT" (timed out). */
  check: string;
}

export interface Balancer {
  port: number;
  pid: number;
  /** Per server since HAProxy started: its status (UP, DOWN…), requests sent, 5xx answered, times marked DOWN. */
  servers(): Promise<BalancedServer[]>;
  /** Resolves once every server is UP again (within a minute). */
  allUp(): Promise<void>;
  stop(): Promise<void>;
}

/** HAProxy in the foreground, round robin over the ports, /readyz checks; resolves when all are UP. */
export async function startBalancer(ports: number[]): Promise<Balancer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-haproxy-'));
  folders.add(dir);
  const port = await freePort();
  const socket = path.join(dir, 'stats.sock');
  const config = [
    'global',
    `  stats socket ${socket} mode 600 level user`,
    'defaults',
    '  mode http',
    '  option forwardfor',
    '  timeout connect 5s',
    '  timeout client 60s',
    '  timeout server 60s',
    'frontend fleet',
    `  bind 127.0.0.1:${port}`,
    '  default_backend servers',
    'backend servers',
    '  balance roundrobin',
    '  option httpchk GET /readyz',
    '  http-check expect status 200',
    '  default-server inter 1s',
    ...ports.map((serverPort, i) => `  server s${i + 1} 127.0.0.1:${serverPort} check`),
    '',
  ].join('\n');
  fs.writeFileSync(path.join(dir, 'haproxy.cfg'), config);
  const child = spawn(HAPROXY, ['-f', path.join(dir, 'haproxy.cfg'), '-db'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  track(child);
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const servers = async (): Promise<BalancedServer[]> => {
    const csv = await new Promise<string>((resolve, reject) => {
      let out = '';
      const connection = net.createConnection(socket, () => connection.end('show stat\n'));
      connection.on('data', (chunk: Buffer) => (out += chunk.toString()));
      connection.on('end', () => resolve(out));
      connection.on('error', reject);
    });
    const [header = '', ...lines] = csv.trim().split('\n');
    const columns = header.replace(/^# /, '').split(',');
    const at = (name: string) => columns.indexOf(name);
    return lines
      .map((line) => line.split(','))
      .filter((row) => row[0] === 'servers' && !['BACKEND', 'FRONTEND'].includes(row[1] ?? ''))
      .map((row) => ({
        name: row[1] ?? '',
        status: row[at('status')] ?? '',
        requests: Number(row[at('stot')] ?? 0),
        fiveXX: Number(row[at('hrsp_5xx')] ?? 0),
        downs: Number(row[at('chkdown')] ?? 0),
        check: `${row[at('check_status')] ?? ''} ${row[at('check_code')] ?? ''}`
          .replace('* ', '')
          .trim(),
      }));
  };
  const allUp = async () => {
    for (let attempt = 0; ; attempt++) {
      if (child.exitCode !== null)
        throw new Error(`haproxy exited (${child.exitCode}):\n${errors}`);
      const up = await servers().catch((): BalancedServer[] => []);
      if (up.length === ports.length && up.every((server) => server.status === 'UP')) return;
      if (attempt > 600) throw new Error(`haproxy: not every server UP: ${JSON.stringify(up)}`);
      await sleep(100);
    }
  };
  await allUp();
  return {
    port,
    pid: child.pid!,
    servers,
    allUp,
    stop: async () => {
      await stop(child, 5000);
      fs.rmSync(dir, { recursive: true, force: true });
      folders.delete(dir);
    },
  };
}

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** User plus system CPU of a process (all its threads), in ticks; 0 once it is gone. */
function processTicks(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** The whole machine's busy CPU (all but idle and iowait), in ticks. */
function machineTicks(): number {
  const [, ...values] = (fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
    .trim()
    .split(/\s+/)
    .slice(0, 9)
    .map(Number);
  return sum(values) - (values[3] ?? 0) - (values[4] ?? 0);
}

/** The first process with this command name (e.g. mariadbd), from /proc. */
export function pidOf(names: string[]): number | undefined {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (names.includes(fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim()))
        return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}

/** Averages over the measured run; CPU in cores (1 = one core busy all the time). */
export interface RunFigures {
  seconds: number;
  cpu: { servers: number; mariadb: number; haproxy: number; bench: number; machine: number };
  /** SHOW GLOBAL STATUS: Threads_running (less the sampler's own) and Questions per second. */
  threadsRunning: { avg: number; max: number };
  questionsPerSecond: number;
  /** This database's connections in PROCESSLIST: open, and running a statement. */
  connections: { avgOpen: number; maxOpen: number; avgRunning: number; maxRunning: number };
  /** Per process, from /healthz: requests in flight (avg), the worst event-loop p99 seen, refused as busy. */
  inFlight: number;
  eventLoopP99Ms: number;
  shed: number;
  /** Requests that had no pool connection within 2 s (knex's "Acquire connection error"; they get 503). */
  poolTimeouts: number;
  /** The API's "database unavailable" log lines (its 503s: a pool timeout or an unreachable database). */
  databaseUnavailable: number;
  /** From HAProxy: 5xx the servers answered, and times a server was marked DOWN (its /readyz failed). */
  serverFiveXX: number;
  serversMarkedDown: number;
  /** Failed health checks seen while sampling (HAProxy's check status), e.g. ["L7TOUT"]. */
  failedChecks: string[];
}

/** Samples the fleet every 250 ms from now until the returned function is called. */
export function watchRun(fleet: {
  servers: ServerProcess[];
  balancer: Balancer;
  mariadbPid: number | undefined;
  sampler: Knex;
  database: string;
}): () => Promise<RunFigures> {
  const { servers, sampler } = fleet;
  const pids = {
    servers: servers.map((server) => server.pid),
    mariadb: fleet.mariadbPid === undefined ? [] : [fleet.mariadbPid],
  };
  const ticks = () => ({
    servers: sum(pids.servers.map(processTicks)),
    mariadb: sum(pids.mariadb.map(processTicks)),
    haproxy: processTicks(fleet.balancer.pid),
    bench: processTicks(process.pid),
    machine: machineTicks(),
  });
  const logged = (message: string) => sum(servers.map((server) => server.logged.get(message) ?? 0));
  const unavailable = () => logged('database unavailable');
  const poolTimeouts = () => logged('knex: Acquire connection error');
  const balanced = () => fleet.balancer.servers().catch((): BalancedServer[] => []);
  const total = (list: BalancedServer[], key: 'fiveXX' | 'downs') =>
    sum(list.map((server) => server[key]));
  // Requests refused as busy since each server started: read at both ends of the run, not from samples.
  const shedSoFar = () =>
    Promise.all(servers.map((server) => server.load()))
      .then((loads) => sum(loads.map((load) => load.requests.shed)))
      .catch(() => Number.NaN);
  const started = {
    at: performance.now(),
    ticks: ticks(),
    unavailable: unavailable(),
    poolTimeouts: poolTimeouts(),
    balanced: balanced(),
    shed: shedSoFar(),
  };
  const samples: { at: number; running: number; questions: number; open: number; busy: number }[] =
    [];
  const loads: ServerLoad[][] = [];
  const failedChecks = new Set<string>();
  let running = true;
  const sampling = (async () => {
    while (running) {
      await sample().catch(() => undefined); // a sample missed under load is only a sample less
      await sleep(250);
    }
  })();
  const query = async <Row>(sql: string, bindings: string[] = []) =>
    ((await sampler.raw(sql, bindings)) as [Row[]])[0];
  async function sample() {
    const [status, [connections], load] = await Promise.all([
      query<{ Variable_name: string; Value: string }>(
        "SHOW GLOBAL STATUS WHERE Variable_name IN ('Threads_running', 'Questions')",
      ),
      // This database's connections (the fleet's pools and /readyz probes), the sampler's own aside.
      query<{ open: number | string; busy: number | string }>(
        "SELECT COUNT(*) AS open, COALESCE(SUM(COMMAND = 'Query'), 0) AS busy FROM information_schema.PROCESSLIST WHERE DB = ? AND ID <> CONNECTION_ID()",
        [fleet.database],
      ),
      Promise.all(servers.map((server) => server.load())),
      balanced().then((list) =>
        list.forEach((server) => {
          if (!server.check.startsWith('L7OK')) failedChecks.add(server.check);
        }),
      ),
    ]);
    const value = (name: string) =>
      Number(status.find((row) => row.Variable_name === name)?.Value ?? 0);
    samples.push({
      at: performance.now(),
      running: value('Threads_running') - 1,
      questions: value('Questions'),
      open: Number(connections?.open ?? 0),
      busy: Number(connections?.busy ?? 0),
    });
    loads.push(load);
  }
  return async () => {
    const ended = { at: performance.now(), ticks: ticks() };
    running = false;
    const [before, after, shedBefore, shedAfter] = await Promise.all([
      started.balanced,
      balanced(),
      started.shed,
      shedSoFar(),
      sampling,
    ]);
    const seconds = (ended.at - started.at) / 1000;
    const cores = (key: keyof typeof ended.ticks) =>
      (ended.ticks[key] - started.ticks[key]) / CLOCK_TICKS / seconds;
    const first = samples[0];
    const last = samples.at(-1);
    const all = loads.flat();
    return {
      seconds,
      cpu: {
        servers: cores('servers'),
        mariadb: cores('mariadb'),
        haproxy: cores('haproxy'),
        bench: cores('bench'),
        machine: cores('machine'),
      },
      threadsRunning: {
        avg: average(samples.map((s) => s.running)),
        max: Math.max(0, ...samples.map((s) => s.running)),
      },
      questionsPerSecond:
        first && last && last.at > first.at
          ? (last.questions - first.questions) / ((last.at - first.at) / 1000)
          : 0,
      connections: {
        avgOpen: average(samples.map((s) => s.open)),
        maxOpen: Math.max(0, ...samples.map((s) => s.open)),
        avgRunning: average(samples.map((s) => s.busy)),
        maxRunning: Math.max(0, ...samples.map((s) => s.busy)),
      },
      inFlight: average(all.map((load) => load.requests.inFlight)),
      eventLoopP99Ms: Math.max(0, ...all.map((load) => load.eventLoop.p99Ms)),
      shed: shedAfter - shedBefore,
      poolTimeouts: poolTimeouts() - started.poolTimeouts,
      databaseUnavailable: unavailable() - started.unavailable,
      serverFiveXX: total(after, 'fiveXX') - total(before, 'fiveXX'),
      serversMarkedDown: total(after, 'downs') - total(before, 'downs'),
      failedChecks: [...failedChecks],
    };
  };
}
