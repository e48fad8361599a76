/** Runs the app under test in a child process and measures routes with autocannon. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface Measurement {
  label: string;
  path: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** 2xx answers a second (requestsPerSecond counts every answer, fast refusals too). */
  okPerSecond?: number;
  /** Answers by status code, e.g. { '200': 9800, '503': 12 }. */
  statusCodes?: Record<string, number>;
}

/**
 * Called as the measured run starts (after the warm-up); the function it returns is called as the run ends,
 * so figures sampled in between (CPU, the database's status) cover the measured run only.
 */
export type MeasuredRunHook = () => () => Promise<void> | void;

export async function startServer(
  databaseUrl: string,
  env: NodeJS.ProcessEnv = {},
): Promise<{ port: number; child: ChildProcess; stop: () => Promise<void> }> {
  const child = spawn(
    process.execPath,
    [
      // BENCH_CPU_PROF=<folder>: a V8 CPU profile of the server, written when it stops (open it in DevTools).
      ...(process.env.BENCH_CPU_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
        : []),
      '--import',
      'tsx',
      path.join(root, 'bench/support/serve.ts'),
      databaseUrl,
    ],
    {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`benchmark server exited with ${code}`)));
  });
  return {
    port,
    child,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export async function measure(
  port: number,
  label: string,
  urlPath: string,
  connections: number,
  seconds: number,
  /** Request headers, e.g. Accept-Encoding to measure compressed answers as browsers get them. */
  headers: Record<string, string> = {},
  onRun?: MeasuredRunHook,
): Promise<Measurement> {
  // A short warm-up fills caches and JIT before the measured run.
  await autocannon({
    url: `http://127.0.0.1:${port}${urlPath}`,
    connections,
    duration: 2,
    headers,
  });
  const ended = onRun?.();
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${urlPath}`,
    connections,
    duration: seconds,
    headers,
  });
  await ended?.();
  const statusCodes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {}))
    statusCodes[code] = stats.count ?? 0;
  return {
    label,
    path: urlPath,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    okPerSecond: result['2xx'] / Math.max(1, result.duration),
    statusCodes,
  };
}

export function printTable(title: string, rows: Measurement[], baseline: Measurement): void {
  console.info(`\n${title}`);
  console.info(
    [
      'route'.padEnd(34),
      'req/s'.padStart(8),
      'p50 ms'.padStart(8),
      'p99 ms'.padStart(8),
      'x bare req/s'.padStart(13),
      'p99 / bare'.padStart(11),
      'errors'.padStart(7),
    ].join(' '),
  );
  for (const row of rows) {
    console.info(
      [
        row.label.padEnd(34),
        row.requestsPerSecond.toFixed(0).padStart(8),
        row.p50.toFixed(1).padStart(8),
        row.p99.toFixed(1).padStart(8),
        (row.requestsPerSecond / baseline.requestsPerSecond).toFixed(2).padStart(13),
        (row.p99 / Math.max(1, baseline.p99)).toFixed(2).padStart(11),
        String(row.errors + row.non2xx).padStart(7),
      ].join(' '),
    );
  }
}

/**
 * One route's figures at 1, 2, 3… processes (or any other count that scales): each row's 2xx answers a
 * second against the same route's at the smallest count.
 */
export function printScalingTable(
  title: string,
  rows: { processes: number; measurement: Measurement }[],
): void {
  console.info(`\n${title}`);
  console.info(
    [
      'route'.padEnd(34),
      'procs'.padStart(5),
      'req/s'.padStart(8),
      '2xx/s'.padStart(8),
      'p50 ms'.padStart(8),
      'p99 ms'.padStart(8),
      'non-2xx'.padStart(8),
      'errors'.padStart(7),
      'x 1 proc'.padStart(9),
    ].join(' '),
  );
  const labels = [...new Set(rows.map((row) => row.measurement.label))];
  for (const label of labels) {
    const ofRoute = rows
      .filter((row) => row.measurement.label === label)
      .sort((a, b) => a.processes - b.processes);
    const ok = (row: Measurement) => row.okPerSecond ?? row.requestsPerSecond;
    const baseline = ofRoute[0] ? ok(ofRoute[0].measurement) : 0;
    for (const { processes, measurement: row } of ofRoute) {
      console.info(
        [
          row.label.padEnd(34),
          String(processes).padStart(5),
          row.requestsPerSecond.toFixed(0).padStart(8),
          ok(row).toFixed(0).padStart(8),
          row.p50.toFixed(1).padStart(8),
          row.p99.toFixed(1).padStart(8),
          String(row.non2xx).padStart(8),
          String(row.errors).padStart(7),
          (baseline > 0 ? ok(row) / baseline : 0).toFixed(2).padStart(9),
        ].join(' '),
      );
    }
  }
}
