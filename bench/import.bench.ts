/**
 * Companies CSV import benchmark (issue 6), against the real app in its own process with its job worker:
 *
 * 1. import — a generated file of BENCH_IMPORT_ROWS rows (100,000 by default, all new companies; a quarter with
 *    a USDOT number) is uploaded (stored and dry-run in the request), then imported by the background job
 *    while a client keeps reading GET /api/companies every 100 ms, so "without blocking the server" is
 *    measured too. On SQLite and MariaDB (database bench_import, recreated each run), each seeded with
 *    2,000 companies first. Target: the import (upload + dry run + job) under 60 s; reads keep answering.
 * 2. list — GET /api/admin/companies (default page, sorted, filtered, searched, a deep page) and
 *    GET /api/admin/leads (the same, over BENCH_LIST_LEADS generated leads, 100,000 by default) with
 *    autocannon on a 200,000-company SQLite seed (data/bench, built once), against a bare Express route.
 *    Reports p99.
 *
 * Usage: npm run bench:import  [BENCH_PARTS=import,list] [BENCH_DATABASES=sqlite,mysql]
 *        [BENCH_IMPORT_ROWS=100000] [BENCH_LIST_SIZE=200000] [BENCH_LIST_LEADS=100000] [BENCH_SECONDS=10]
 *        [BENCH_MYSQL_URL=mysql://root@127.0.0.1:3306/test]
 */
import os from 'node:os';
import type { Knex } from 'knex';
import { pino } from 'pino';
import {
  LEAD_STATUSES,
  US_STATES,
  ADMIN_SESSION_COOKIE,
  CSRF_COOKIE,
  CSRF_HEADER,
  type CompanyImport,
} from '@moveratlas/contracts';
import type { DatabaseConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/connection';
import { prepareDatabase } from '../server/src/db/prepare';
import { setAdminPassword } from '../server/src/features/auth/admin-users';
import { databaseOn, emptyDatabase, seededSqlite } from './support/seeded-database';
import { measure, printTable, startServer, type Measurement } from './support/load';

const parts = (process.env.BENCH_PARTS ?? 'import,list').split(',');
const databases = (process.env.BENCH_DATABASES ?? 'sqlite,mysql').split(',');
const importRows = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const listSize = Number(process.env.BENCH_LIST_SIZE ?? 200_000);
const listLeads = Number(process.env.BENCH_LIST_LEADS ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const mysqlUrl = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';
const ADMIN = { username: 'bench-admin', password: 'import bench passphrase 2026' };
const IMPORT_TIMEOUT_MS = 600_000;

async function withDb<T>(config: DatabaseConfig, work: (db: Knex) => Promise<T>): Promise<T> {
  const db = openDatabase(config);
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

/** A fresh database seeded with 2,000 companies (the geography the rows name comes with the seed). */
async function freshDatabase(name: string): Promise<{ url: string; config: DatabaseConfig }> {
  const { url, config } = await emptyDatabase(
    name,
    'import.sqlite',
    databaseOn(mysqlUrl, 'bench_import'),
  );
  await withDb(config, async (db) => {
    await prepareDatabase(db, { companies: 2000, seed: 20261123 }, pino({ level: 'silent' }));
    await setAdminPassword(db, ADMIN.username, ADMIN.password);
  });
  return { url, config };
}

interface Session {
  cookie: string;
  csrf: string;
}

async function login(port: number): Promise<Session> {
  const res = await fetch(`http://127.0.0.1:${port}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const cookies = new Map<string, string>();
  for (const header of res.headers.getSetCookie()) {
    const [pair] = header.split(';');
    const eq = pair!.indexOf('=');
    cookies.set(pair!.slice(0, eq), decodeURIComponent(pair!.slice(eq + 1)));
  }
  const session = cookies.get(ADMIN_SESSION_COOKIE);
  const csrf = cookies.get(CSRF_COOKIE);
  if (!session || !csrf) throw new Error('login set no session or CSRF cookie');
  return { cookie: `${ADMIN_SESSION_COOKIE}=${session}; ${CSRF_COOKIE}=${csrf}`, csrf };
}

const CITIES = [
  ['Austin', 'TX'],
  ['Chicago', 'IL'],
  ['Denver', 'CO'],
  ['Seattle', 'WA'],
  ['Miami', 'FL'],
  ['Phoenix', 'AZ'],
  ['Boston', 'MA'],
  ['Atlanta', 'GA'],
];

function generateFile(rows: number): Buffer {
  const lines = [
    'name,city,state,usdot_number,phone,email,website,services,description,is_featured',
  ];
  for (let i = 1; i <= rows; i++) {
    const [city, state] = CITIES[i % CITIES.length]!;
    lines.push(
      [
        `Benchmark Movers ${i}`,
        city,
        state,
        i % 4 === 0 ? String(50_000_000 + i) : '',
        `512555${String(i % 10_000).padStart(4, '0')}`,
        `office${i}@movers.example.com`,
        `movers${i}.example.com`,
        i % 3 === 0 ? 'local-moving|long-distance-moving|storage' : 'local-moving',
        `"Family-owned movers, number ${i}, serving ${city} and nearby towns."`,
        i % 50 === 0 ? 'true' : 'false',
      ].join(','),
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

interface ImportFigures {
  database: string;
  uploadMs: number;
  jobMs: number;
  totalMs: number;
  result: CompanyImport['result'];
  readsDuringImport: number;
  readP99: number;
  readMax: number;
  readErrors: number;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function benchImport(name: string): Promise<ImportFigures> {
  const { url } = await freshDatabase(name);
  // The reads go to the database (no public-read cache): they compete with the import for it.
  const server = await startServer(url, {
    BENCH_WORKER: '1',
    JOB_POLL_INTERVAL_MS: '200',
    API_CACHE_SECONDS: '0',
  });
  const base = `http://127.0.0.1:${server.port}`;
  try {
    const session = await login(server.port);
    const headers = { Cookie: session.cookie, [CSRF_HEADER]: session.csrf };
    const file = generateFile(importRows);
    console.info(
      `${name}: uploading ${importRows.toLocaleString('en-US')} rows (${(file.length / 1024 / 1024).toFixed(1)} MB)…`,
    );
    const started = performance.now();
    const uploaded = await fetch(`${base}/api/admin/upload?filename=bench.csv`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'text/csv' },
      body: new Uint8Array(file),
    });
    const report = (await uploaded.json()) as CompanyImport;
    if (uploaded.status !== 201)
      throw new Error(`upload: ${uploaded.status} ${JSON.stringify(report)}`);
    const uploadMs = performance.now() - started;

    // A reader of the public API while the job runs: the server must keep answering.
    const latencies: number[] = [];
    let readErrors = 0;
    let reading = true;
    const reader = (async () => {
      while (reading) {
        const t = performance.now();
        try {
          const res = await fetch(`${base}/api/companies?limit=20&sort=rating`);
          await res.arrayBuffer();
          if (!res.ok) readErrors++;
        } catch {
          readErrors++;
        }
        latencies.push(performance.now() - t);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();

    const jobStarted = performance.now();
    const begun = await fetch(`${base}/api/admin/upload/${report.id}/import`, {
      method: 'POST',
      headers,
    });
    if (begun.status !== 202) throw new Error(`import: ${begun.status} ${await begun.text()}`);
    let state: CompanyImport;
    for (;;) {
      state = (await (
        await fetch(`${base}/api/admin/upload/${report.id}`, { headers })
      ).json()) as CompanyImport;
      if (state.status === 'succeeded' || state.status === 'failed') break;
      if (performance.now() - jobStarted > IMPORT_TIMEOUT_MS) throw new Error('import timed out');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const jobMs = performance.now() - jobStarted;
    reading = false;
    await reader;
    if (state.status !== 'succeeded') throw new Error(`import failed: ${state.error}`);
    return {
      database: name === 'sqlite' ? 'SQLite' : 'MariaDB',
      uploadMs,
      jobMs,
      totalMs: uploadMs + jobMs,
      result: state.result,
      readsDuringImport: latencies.length,
      readP99: percentile(latencies, 99),
      readMax: Math.max(0, ...latencies),
      readErrors,
    };
  } finally {
    await server.stop();
  }
}

/** Tops the bench database up to `count` leads spread over the last two years (made once, kept in data/bench). */
async function ensureLeads(db: Knex, count: number): Promise<void> {
  const have = Number(((await db('leads').count({ n: '*' }).first()) as { n: number | string }).n);
  if (have >= count) return;
  console.info(`adding ${(count - have).toLocaleString('en-US')} leads…`);
  const sizes = ['studio', '2-3br', '4br', 'commercial'];
  const names = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Frances', 'Ken'];
  const surnames = [
    'Lovelace',
    'Hopper',
    'Turing',
    'Dijkstra',
    'Liskov',
    'Knuth',
    'Allen',
    'Smith',
  ];
  const now = Date.now();
  const rows = [];
  for (let i = have; i < count; i++) {
    const from = US_STATES[i % US_STATES.length]!;
    const to = US_STATES[(i * 7) % US_STATES.length]!;
    const created = new Date(now - ((i * 7919) % (730 * 86_400)) * 1000);
    rows.push({
      public_id: `B${i.toString(36).toUpperCase().padStart(9, '0')}`,
      lead_uuid: `bench-lead-${i}`,
      site_id: i % 3 === 0 ? 'demo-partner' : 'moveratlas',
      first_name: names[i % names.length]!,
      last_name: surnames[(i >> 3) % surnames.length]!,
      email: `lead${i}@example.com`,
      phone: String(2_025_550_000 + (i % 10_000)),
      from_state: from.abbreviation,
      from_state_code: from.abbreviation,
      from_location: `Springfield, ${from.abbreviation}`,
      to_state: to.abbreviation,
      to_location: `Riverside, ${to.abbreviation}`,
      move_date: '06/15/2027',
      move_size: sizes[i % sizes.length]!,
      number_of_rooms: 1 + (i % 5),
      selected_companies: '[]',
      wire: '{}',
      status: LEAD_STATUSES[i % LEAD_STATUSES.length]!,
      delivery_status: 'delivered',
      ip_address: '192.0.2.1',
      user_agent: 'bench',
      created_at: created,
      updated_at: created,
    });
  }
  await db.batchInsert('leads', rows, 500);
}

async function benchList(): Promise<void> {
  const database = await seededSqlite(listSize);
  if (database.client !== 'sqlite') throw new Error('benchmarks seed SQLite files');
  await withDb(database, async (db) => {
    await setAdminPassword(db, ADMIN.username, ADMIN.password);
    await ensureLeads(db, listLeads);
  });
  const server = await startServer(`sqlite:${database.filename}`);
  try {
    const session = await login(server.port);
    const headers = { Cookie: session.cookie };
    const today = new Date().toISOString().slice(0, 10);
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const routes = [
      ['GET /api/admin/companies', '/api/admin/companies'],
      ['… ?sort=rating', '/api/admin/companies?sort=rating'],
      ['… ?state=TX&sort=reviews', '/api/admin/companies?state=TX&sort=reviews'],
      ['… ?featured=true', '/api/admin/companies?featured=true'],
      ['… ?q=chi', '/api/admin/companies?q=chi'],
      ['… ?page=2000', '/api/admin/companies?page=2000'],
      ['GET /api/admin/leads', '/api/admin/leads'],
      ['… ?status=new', '/api/admin/leads?status=new'],
      ['… ?state=TX&sort=name', '/api/admin/leads?state=TX&sort=name'],
      ['… ?from=…&to=… (one month)', `/api/admin/leads?from=${monthAgo}&to=${today}`],
      ['… ?q=hopper', '/api/admin/leads?q=hopper'],
      ['… ?page=1000', '/api/admin/leads?page=1000'],
    ];
    const bare = await measure(
      server.port,
      'bare Express route (50 items)',
      '/__bench/bare',
      10,
      seconds,
    );
    const rows: Measurement[] = [bare];
    for (const [label, route] of routes)
      rows.push(await measure(server.port, label!, route!, 10, seconds, headers));
    printTable(
      `SQLite, ${listSize.toLocaleString('en-US')} companies and ${listLeads.toLocaleString('en-US')} leads, admin lists, 10 connections, ${seconds} s per route`,
      rows,
      bare,
    );
  } finally {
    await server.stop();
  }
}

if (parts.includes('import')) {
  const figures: ImportFigures[] = [];
  for (const name of databases) figures.push(await benchImport(name));
  console.info(
    `\nCompanies CSV import, ${importRows.toLocaleString('en-US')} new companies, load average ${os.loadavg()[0]!.toFixed(2)}`,
  );
  console.info(
    [
      'database'.padEnd(9),
      'upload+dry run s'.padStart(17),
      'job s'.padStart(7),
      'total s'.padStart(8),
      'rows/s'.padStart(8),
      'created'.padStart(8),
      'reads'.padStart(6),
      'read p99 ms'.padStart(12),
      'read max ms'.padStart(12),
      'read errors'.padStart(12),
    ].join(' '),
  );
  for (const f of figures)
    console.info(
      [
        f.database.padEnd(9),
        (f.uploadMs / 1000).toFixed(1).padStart(17),
        (f.jobMs / 1000).toFixed(1).padStart(7),
        (f.totalMs / 1000).toFixed(1).padStart(8),
        (importRows / (f.totalMs / 1000)).toFixed(0).padStart(8),
        String(f.result?.created ?? 0).padStart(8),
        String(f.readsDuringImport).padStart(6),
        f.readP99.toFixed(0).padStart(12),
        f.readMax.toFixed(0).padStart(12),
        String(f.readErrors).padStart(12),
      ].join(' '),
    );
  const slow = figures.filter((f) => f.totalMs > 60_000 || f.result?.created !== importRows);
  if (slow.length > 0) {
    console.info(
      `target (all rows created, under 60 s) NOT met: ${slow.map((f) => f.database).join(', ')}`,
    );
    process.exitCode = 1;
  } else console.info('target (all rows created, under 60 s): met');
}

if (parts.includes('list')) await benchList();
