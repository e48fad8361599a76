/**
 * Job-queue throughput (issue 7): jobs per second with a no-op handler, 1 and 2 worker processes, on SQLite
 * and MariaDB. Each run starts from an empty, migrated database, starts the workers (each its own process
 * with its own pool, as separate servers would be), queues N jobs in one go and times until every one has
 * succeeded; then checks that each ran exactly once (one attempt each, N succeeded).
 * The figure is the whole mechanism per job: claim (SKIP LOCKED on MariaDB), the handler, and the
 * transaction that records success and its event. Workers share the machine with the database.
 * Usage: npm run bench:jobs  [BENCH_JOBS=5000] [BENCH_JOB_CONCURRENCY=8] [BENCH_DATABASES=sqlite,mysql]
 *        [BENCH_MYSQL_URL=mysql://root@127.0.0.1:3306/test]  (the benchmark uses its own database, bench_jobs)
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import knexFactory, { type Knex } from 'knex';
import { pino } from 'pino';
import type { DatabaseConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/connection';
import { migrate } from '../server/src/db/prepare';
import { enqueueJobs } from '../server/src/jobs/queue';
import { JobWorker } from '../server/src/jobs/worker';

const JOB_TYPE = 'bench.noop';
const jobs = Number(process.env.BENCH_JOBS ?? 5000);
const concurrency = Number(process.env.BENCH_JOB_CONCURRENCY ?? 8);
const databases = (process.env.BENCH_DATABASES ?? 'sqlite,mysql').split(',');
const mysqlUrl = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';
const here = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(here), '..');

/** In a child process: one worker with the no-op handler, until SIGTERM. */
async function runWorker(config: DatabaseConfig): Promise<void> {
  const db = openDatabase(config);
  const worker = new JobWorker({
    db,
    logger: pino({ level: 'silent' }),
    handlers: { [JOB_TYPE]: { run: async () => ({}) } },
    concurrency,
    pollIntervalMs: 20,
    leaseMs: 60_000,
    backoff: { baseMs: 100, maxMs: 1000 },
  });
  worker.start();
  process.stdout.write('ready\n');
  process.on('SIGTERM', () => {
    void worker
      .stop()
      .then(() => db.destroy())
      .finally(() => process.exit(0));
  });
}

function startWorker(config: DatabaseConfig): Promise<ChildProcessWithoutNullStreams> {
  const child = spawn(process.execPath, ['--import', 'tsx', here], {
    cwd: root,
    env: { ...process.env, BENCH_JOBS_WORKER: JSON.stringify(config) },
  });
  child.stderr.pipe(process.stderr);
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`benchmark worker exited with ${code}`)));
  });
}

async function stopWorker(child: ChildProcessWithoutNullStreams): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** A fresh, migrated database (not seeded: the queue does not read the directory). */
async function freshDatabase(name: string): Promise<DatabaseConfig> {
  if (name === 'sqlite') {
    const filename = path.join(root, 'data', 'bench', 'jobs.sqlite');
    fs.mkdirSync(path.dirname(filename), { recursive: true });
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(filename + suffix, { force: true });
    const config: DatabaseConfig = { client: 'sqlite', filename };
    const db = openDatabase(config);
    await migrate(db);
    await db.destroy();
    return config;
  }
  const server = new URL(mysqlUrl);
  server.pathname = '/';
  const admin = knexFactory({
    client: 'mysql2',
    connection: { uri: server.toString() } as Knex.MySqlConnectionConfig,
  });
  await admin.raw('DROP DATABASE IF EXISTS bench_jobs');
  await admin.raw('CREATE DATABASE bench_jobs CHARACTER SET utf8mb4');
  await admin.destroy();
  server.pathname = '/bench_jobs';
  const config: DatabaseConfig = { client: 'mysql', url: server.toString() };
  const db = openDatabase(config);
  await migrate(db);
  await db.destroy();
  return config;
}

interface Result {
  database: string;
  workers: number;
  jobsPerSecond: number;
  seconds: number;
  exactlyOnce: boolean;
  load: number;
}

async function measure(name: string, workers: number): Promise<Result> {
  const config = await freshDatabase(name);
  const children = await Promise.all(Array.from({ length: workers }, () => startWorker(config)));
  const db = openDatabase(config);
  try {
    const started = Date.now();
    await enqueueJobs(
      db,
      JOB_TYPE,
      Array.from({ length: jobs }, (_, i) => ({ i })),
      { maxAttempts: 3 },
    );
    for (;;) {
      const row = (await db('jobs')
        .where({ type: JOB_TYPE, status: 'succeeded' })
        .count({ n: '*' })
        .first()) as { n: number | string };
      if (Number(row.n) >= jobs) break;
      if (Date.now() - started > 600_000) throw new Error('the queue did not drain in 10 minutes');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const seconds = (Date.now() - started) / 1000;
    const check = (await db('jobs')
      .where({ type: JOB_TYPE })
      .first(db.raw('COUNT(*) AS n'), db.raw('SUM(attempts) AS attempts'))) as {
      n: number | string;
      attempts: number | string;
    };
    return {
      database: name,
      workers,
      jobsPerSecond: Math.round(jobs / seconds),
      seconds: Math.round(seconds * 100) / 100,
      exactlyOnce: Number(check.n) === jobs && Number(check.attempts) === jobs,
      load: Math.round(os.loadavg()[0]! * 10) / 10,
    };
  } finally {
    await Promise.all(children.map(stopWorker));
    await db.destroy();
  }
}

async function main(): Promise<void> {
  console.info(
    `Job throughput: ${jobs} no-op jobs, worker concurrency ${concurrency}, ${os.cpus().length} CPUs`,
  );
  const results: Result[] = [];
  for (const name of databases) {
    for (const workers of [1, 2]) {
      const result = await measure(name, workers);
      results.push(result);
      console.info(
        `${name.padEnd(7)} ${workers} worker${workers === 1 ? ' ' : 's'}  ${String(result.jobsPerSecond).padStart(6)} jobs/s  (${result.seconds} s, each exactly once: ${result.exactlyOnce ? 'yes' : 'NO'}, load ${result.load})`,
      );
    }
  }
  if (results.some((r) => !r.exactlyOnce)) process.exitCode = 1;
}

if (process.env.BENCH_JOBS_WORKER) {
  await runWorker(JSON.parse(process.env.BENCH_JOBS_WORKER) as DatabaseConfig);
} else {
  await main();
}
