/**
 * Lead-intake benchmark (issue 3): form-encoded send_lead submissions, each with its own lead_uuid, against the
 * real app in its own process with its outbox worker, on SQLite and MariaDB — first with the lead backend slow
 * (200 ms per lead), then with it down (connections refused). The backend then comes back and we wait for the
 * outbox to drain, and count: rows stored = 200 answers, forwarded = stored, no duplicates, nothing lost.
 * Targets: ≥ 500 accepted leads/s with p99 under 100 ms on SQLite while the backend is down; zero lost in every run.
 * The load generator shares the machine with the server: on 2 cores both figures are conservative.
 * Usage: npm run bench:leads  [BENCH_LEADS=6000 per phase] [BENCH_CONNECTIONS=10] [BENCH_DATABASES=sqlite,mysql]
 *        [BENCH_MYSQL_URL=mysql://root@127.0.0.1:3306/test]  (the benchmark uses its own database, bench_leads)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import knexFactory, { type Knex } from 'knex';
import type { DatabaseConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/connection';
import { migrate } from '../server/src/db/prepare';
import { startServer } from './support/load';
import { UpstreamProcess } from './support/upstream';
import { leadForm, newVisitor } from '../server/test/leads/lead-form';

const leadsPerPhase = Number(process.env.BENCH_LEADS ?? 6000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const databases = (process.env.BENCH_DATABASES ?? 'sqlite,mysql').split(',');
const mysqlUrl = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DRAIN_TIMEOUT_MS = 300_000;

/** A fresh, migrated (not seeded: intake does not read the directory) database for one run. */
async function freshDatabase(name: string): Promise<{ url: string; config: DatabaseConfig }> {
  if (name === 'sqlite') {
    const filename = path.join(root, 'data', 'bench', 'leads.sqlite');
    fs.mkdirSync(path.dirname(filename), { recursive: true });
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(filename + suffix, { force: true });
    const config: DatabaseConfig = { client: 'sqlite', filename };
    await withDb(config, migrate);
    return { url: `sqlite:${filename}`, config };
  }
  const server = new URL(mysqlUrl);
  server.pathname = '/';
  const admin = knexFactory({
    client: 'mysql2',
    connection: { uri: server.toString() } as Knex.MySqlConnectionConfig,
  });
  await admin.raw('DROP DATABASE IF EXISTS bench_leads');
  await admin.raw('CREATE DATABASE bench_leads CHARACTER SET utf8mb4');
  await admin.destroy();
  server.pathname = '/bench_leads';
  const config: DatabaseConfig = { client: 'mysql', url: server.toString() };
  await withDb(config, migrate);
  return { url: server.toString(), config };
}

async function withDb<T>(config: DatabaseConfig, work: (db: Knex) => Promise<T>): Promise<T> {
  const db = openDatabase(config);
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

// One valid quote request, the same the lead tests post; each request gets its own lead_uuid.
const template = leadForm();

interface Phase {
  label: string;
  leadsPerSecond: number;
  seconds: number;
  p50: number;
  p99: number;
  ok: number;
  other: number;
  /** The machine's 1-minute load average after the phase: other work on the machine skews the figures. */
  load: number;
}

async function submitLeads(port: number, label: string, prefix: string): Promise<Phase> {
  let n = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    // A fixed number of requests, all answered before the run ends, so every stored lead has its answer counted.
    amount: leadsPerPhase,
    requests: [
      {
        method: 'POST',
        path: '/api/proxy/send_lead',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        setupRequest: (request) => {
          // A new visitor each time, as in life: a repeat would be linked, not sent again (issue 18).
          const visitor = newVisitor();
          return {
            ...request,
            body: new URLSearchParams({
              ...template,
              email_address: visitor.email,
              phone_number: visitor.phone,
              lead_uuid: `${prefix}-${String(n++).padStart(7, '0')}`,
            }).toString(),
          };
        },
      },
    ],
  });
  return {
    label,
    leadsPerSecond: result['2xx'] / result.duration,
    seconds: result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    other: result.non2xx + result.errors + result.timeouts,
    load: os.loadavg()[0]!,
  };
}

async function waitForDrain(config: DatabaseConfig, prefix: string): Promise<number> {
  const started = Date.now();
  return withDb(config, async (db) => {
    for (;;) {
      const row = (await db('leads')
        .where('lead_uuid', 'like', `${prefix}%`)
        .whereNot('delivery_status', 'delivered')
        .count({ n: '*' })
        .first()) as { n: number | string };
      if (Number(row.n) === 0) return Date.now() - started;
      if (Date.now() - started > DRAIN_TIMEOUT_MS)
        throw new Error(`outbox did not drain: ${row.n} leads pending`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });
}

const summary: string[] = [];
let failed = false;
for (const name of databases) {
  const { url, config } = await freshDatabase(name);
  const upstream = new UpstreamProcess();
  await upstream.start();
  await upstream.setDelay(200);
  const server = await startServer(url, {
    BENCH_WORKER: '1',
    LEAD_BACKEND_URL: upstream.url,
    // The stand-in backend is plain http on loopback, which production allows only when told to.
    LEAD_BACKEND_ALLOW_PRIVATE: '1',
    LEAD_FORWARD_MAX_ATTEMPTS: process.env.LEAD_FORWARD_MAX_ATTEMPTS ?? '1000',
    JOB_CONCURRENCY: process.env.JOB_CONCURRENCY ?? '32',
    JOB_BACKOFF_BASE_MS: process.env.JOB_BACKOFF_BASE_MS ?? '1000',
    JOB_BACKOFF_MAX_MS: process.env.JOB_BACKOFF_MAX_MS ?? '10000',
    RATE_LIMIT_LEADS: process.env.RATE_LIMIT_LEADS ?? '1000000',
  });
  const prefix = `bench-${name}-${Date.now()}`;
  const phases: Phase[] = [];
  try {
    phases.push(await submitLeads(server.port, 'backend slow (200 ms)', `${prefix}-slow`));
    await upstream.goDown();
    phases.push(await submitLeads(server.port, 'backend down (refused)', `${prefix}-down`));
    await upstream.setDelay(0);
    await upstream.comeBack();
    const drainMs = await waitForDrain(config, prefix);

    const stored = await withDb(config, async (db) =>
      Number(
        (
          (await db('leads')
            .where('lead_uuid', 'like', `${prefix}%`)
            .count({ n: '*' })
            .first()) as { n: number }
        ).n,
      ),
    );
    const answered = phases.reduce((sum, p) => sum + p.ok, 0);
    const accepted = [...(await upstream.accepted(prefix)).entries()];
    const forwarded = accepted.length;
    const duplicates = accepted.filter(([, count]) => count > 1).length;
    const lost = stored - forwarded;

    console.info(
      `\n${name === 'sqlite' ? 'SQLite' : 'MariaDB'}: POST /api/proxy/send_lead, ${connections} connections, ${leadsPerPhase} leads per phase, unique lead_uuid per request`,
    );
    console.info(
      [
        'phase'.padEnd(26),
        'seconds'.padStart(8),
        'leads/s'.padStart(8),
        'p50 ms'.padStart(8),
        'p99 ms'.padStart(8),
        '2xx'.padStart(7),
        'non-2xx'.padStart(8),
        'load avg'.padStart(9),
      ].join(' '),
    );
    for (const p of phases)
      console.info(
        [
          p.label.padEnd(26),
          p.seconds.toFixed(1).padStart(8),
          p.leadsPerSecond.toFixed(0).padStart(8),
          p.p50.toFixed(1).padStart(8),
          p.p99.toFixed(1).padStart(8),
          String(p.ok).padStart(7),
          String(p.other).padStart(8),
          p.load.toFixed(2).padStart(9),
        ].join(' '),
      );
    console.info(`backend back: outbox drained in ${(drainMs / 1000).toFixed(1)} s`);
    console.info(
      `count check: 2xx answers ${answered}, rows stored ${stored}, forwarded ${forwarded}, duplicates at backend ${duplicates}, lost ${lost}`,
    );
    const down = phases[1]!;
    const ok = stored === answered && forwarded === stored && duplicates === 0 && lost === 0;
    if (!ok) failed = true;
    summary.push(
      `${name}: ${ok ? 'OK' : 'FAILED'} — down: ${down.leadsPerSecond.toFixed(0)} leads/s, p99 ${down.p99.toFixed(1)} ms${name === 'sqlite' ? ` (targets ≥ 500/s, < 100 ms: ${down.leadsPerSecond >= 500 && down.p99 < 100 ? 'met' : 'NOT met'})` : ''}; lost ${lost}, duplicates ${duplicates}`,
    );
  } finally {
    await server.stop();
    await upstream.stop();
  }
}
console.info(`\n${summary.join('\n')}`);
if (failed) process.exitCode = 1;
