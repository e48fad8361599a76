/**
 * FMCSA census import benchmark (issue 20): a generated census file of BENCH_LICENSING_ROWS rows (1,000,000 by
 * default, about 315 MB, in FMCSA's quoted CSV with both date styles) is uploaded to the real app in its own
 * process (streamed from disk) and imported by its job worker, while a client keeps reading a public
 * endpoint (GET /api/companies) every 100 ms. Prints the upload, check, apply and total times, rows/s, the
 * server's CPU seconds (user + system: what the import cost, however busy the machine is), its resident memory
 * before the import and at its peak (VmHWM), and the public reads' p99. On SQLite (data/bench/licensing.sqlite)
 * and MariaDB (database bench_licensing on BENCH_MYSQL_URL, or DATABASE_URL when it is mysql://), each
 * recreated and seeded with 2,000 companies first. Target: under 3 minutes and under 300 MB RSS; reads
 * p99 < 100 ms.
 *
 * Usage: npm run bench:licensing  [BENCH_DATABASES=sqlite,mysql] [BENCH_LICENSING_ROWS=1000000]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pino } from 'pino';
import { ADMIN_SESSION_COOKIE, CSRF_COOKIE, CSRF_HEADER } from '@moveratlas/contracts';
import { openDatabase } from '../server/src/db/connection';
import { prepareDatabase } from '../server/src/db/prepare';
import { setAdminPassword } from '../server/src/features/auth/admin-users';
import { startServer } from './support/load';
import { databaseOn, emptyDatabase } from './support/seeded-database';

const databases = (process.env.BENCH_DATABASES ?? 'sqlite,mysql').split(',');
const rows = Number(process.env.BENCH_LICENSING_ROWS ?? 1_000_000);
const mysqlUrl =
  process.env.BENCH_MYSQL_URL ??
  (process.env.DATABASE_URL?.startsWith('mysql://') ? process.env.DATABASE_URL : undefined) ??
  'mysql://root@127.0.0.1:3306/test';
const ADMIN = { username: 'bench-admin', password: 'licensing bench passphrase 2026' };
const TIMEOUT_MS = 30 * 60_000;

const COLUMNS = [
  'DOT_NUMBER',
  'LEGAL_NAME',
  'DBA_NAME',
  'CARRIER_OPERATION',
  'HM_FLAG',
  'PC_FLAG',
  'PHY_STREET',
  'PHY_CITY',
  'PHY_STATE',
  'PHY_ZIP',
  'PHY_COUNTRY',
  'MAILING_STREET',
  'MAILING_CITY',
  'MAILING_STATE',
  'MAILING_ZIP',
  'MAILING_COUNTRY',
  'TELEPHONE',
  'FAX',
  'EMAIL_ADDRESS',
  'MCS150_DATE',
  'MCS150_MILEAGE',
  'MCS150_MILEAGE_YEAR',
  'ADD_DATE',
  'OIC_STATE',
  'NBR_POWER_UNIT',
  'DRIVER_TOTAL',
  'RECENT_MILEAGE',
  'RECENT_MILEAGE_YEAR',
  'VMT_SOURCE_ID',
  'PRIVATE_ONLY',
  'AUTHORIZED_FOR_HIRE',
  'EXEMPT_FOR_HIRE',
  'PRIVATE_PROPERTY',
  'PRIVATE_PASSENGER_BUSINESS',
  'PRIVATE_PASSENGER_NONBUSINESS',
  'MIGRANT',
  'US_MAIL',
  'FEDERAL_GOVERNMENT',
  'STATE_GOVERNMENT',
  'LOCAL_GOVERNMENT',
  'INDIAN_TRIBE',
  'OP_OTHER',
];
const PLACES = [
  ['AUSTIN', 'TX', '78701'],
  ['CHICAGO', 'IL', '60601'],
  ['DENVER', 'CO', '80202'],
  ['SEATTLE', 'WA', '98101'],
  ['MIAMI', 'FL', '33101'],
  ['PHOENIX', 'AZ', '85001'],
];
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

function censusLine(i: number): string {
  const [city, state, zip] = PLACES[i % PLACES.length]!;
  const day = (i % 28) + 1;
  const month = (i % 12) + 1;
  const year = 2015 + (i % 10);
  // Both styles FMCSA's releases use.
  const mcs150 =
    i % 2 === 0
      ? `${String(day).padStart(2, '0')}-${MONTHS[month - 1]}-${String(year % 100).padStart(2, '0')}`
      : `${String(month).padStart(2, '0')}/${String(day).padStart(2, '0')}/${year}`;
  const yn = (on: boolean) => (on ? 'Y' : 'N');
  const cells = [
    i % 3 === 0 ? String(i).padStart(8, '0') : String(i),
    `BENCH CARRIER ${i} MOVING LLC`,
    i % 4 === 0 ? `BENCH MOVERS ${i}` : '',
    ['A', 'B', 'C'][i % 3]!,
    yn(i % 17 === 0),
    'N',
    `${100 + (i % 9000)} MAIN ST`,
    city,
    state,
    zip,
    'US',
    `PO BOX ${i % 5000}`,
    city,
    state,
    zip,
    'US',
    `(512) 555-${String(i % 10_000).padStart(4, '0')}`,
    '',
    `OFFICE${i}@CARRIER.EXAMPLE.COM`,
    mcs150,
    String(10_000 + (i % 500_000)),
    String(year - 1),
    `${String(month).padStart(2, '0')}/${String(day).padStart(2, '0')}/${2000 + (i % 20)}`,
    state,
    String(1 + (i % 40)),
    String(1 + (i % 55)),
    String(9_000 + (i % 400_000)),
    String(year - 1),
    '1',
    'N',
    yn(i % 2 === 0),
    'N',
    yn(i % 2 === 1),
    'N',
    'N',
    'N',
    'N',
    'N',
    'N',
    'N',
    'N',
    'N',
  ];
  return `${cells.map((c) => `"${c}"`).join(',')}\r\n`;
}

/** Writes the census file to disk a few thousand lines at a time (never the whole file in memory). */
async function writeCensus(file: string): Promise<number> {
  const out = fs.createWriteStream(file);
  out.write(`${COLUMNS.map((c) => `"${c}"`).join(',')}\r\n`);
  for (let from = 1; from <= rows; from += 5000) {
    let text = '';
    for (let i = from; i < Math.min(rows + 1, from + 5000); i++) text += censusLine(i);
    if (!out.write(text)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  return fs.statSync(file).size;
}

async function freshDatabase(name: string): Promise<string> {
  const { url, config } = await emptyDatabase(
    name,
    'licensing.sqlite',
    databaseOn(mysqlUrl, 'bench_licensing'),
  );
  const db = openDatabase(config);
  try {
    await prepareDatabase(db, { companies: 2000, seed: 20261129 }, pino({ level: 'silent' }));
    await setAdminPassword(db, ADMIN.username, ADMIN.password);
  } finally {
    await db.destroy();
  }
  return url;
}

async function login(base: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/login`, {
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
  return {
    Cookie: `${ADMIN_SESSION_COOKIE}=${cookies.get(ADMIN_SESSION_COOKIE)}; ${CSRF_COOKIE}=${cookies.get(CSRF_COOKIE)}`,
    [CSRF_HEADER]: cookies.get(CSRF_COOKIE)!,
  };
}

/** The process's resident memory now (VmRSS) or at its peak so far (VmHWM), in bytes. */
const memory = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Number(
    new RegExp(`${field}:\\s+(\\d+)`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ??
      0,
  ) * 1024;

/** CPU seconds the process has used (user + system), from /proc: what the import cost, however busy the machine. */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of the line, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface ImportView {
  id: number;
  status: string;
  error: string | null;
  rows: { read: number; rejected: number; inserted: number; updated: number; unchanged: number };
  companiesMatched: number;
}

async function bench(name: string, file: string, bytes: number) {
  const url = await freshDatabase(name);
  const server = await startServer(url, {
    BENCH_WORKER: '1',
    JOB_POLL_INTERVAL_MS: '200',
    API_CACHE_SECONDS: '0',
  });
  const base = `http://127.0.0.1:${server.port}`;
  const latencies: number[] = [];
  let reading = true;
  let readErrors = 0;
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
  try {
    const headers = await login(base);
    // What the server holds before the import (its render threads included): the import's share is the rest.
    const rssBefore = memory(server.child.pid!, 'VmRSS');
    const cpuBefore = cpuSeconds(server.child.pid!);
    const started = performance.now();
    const res = await fetch(
      `${base}/api/admin/licensing/imports?filename=FMCSA_CENSUS1_2026Nov.txt`,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'text/csv', 'Content-Length': String(bytes) },
        body: Readable.toWeb(fs.createReadStream(file)) as ReadableStream,
        duplex: 'half',
      } as RequestInit,
    );
    const upload = (await res.json()) as ImportView;
    if (res.status !== 202) throw new Error(`upload: ${res.status} ${JSON.stringify(upload)}`);
    const uploadMs = performance.now() - started;
    const phases = new Map<string, number>();
    let state: ImportView;
    for (;;) {
      state = (await (
        await fetch(`${base}/api/admin/licensing/imports/${upload.id}`, { headers })
      ).json()) as ImportView;
      if (!phases.has(state.status)) phases.set(state.status, performance.now());
      if (['succeeded', 'refused', 'failed'].includes(state.status)) break;
      if (performance.now() - started > TIMEOUT_MS) throw new Error('import timed out');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const totalMs = performance.now() - started;
    const rss = memory(server.child.pid!, 'VmHWM');
    const cpuS = cpuSeconds(server.child.pid!) - cpuBefore;
    if (state.status !== 'succeeded') throw new Error(`import ${state.status}: ${state.error}`);
    // The first poll that saw each step (the matching step is often over between two polls).
    const uploaded = started + uploadMs;
    const applying = phases.get('applying') ?? uploaded;
    const applied = phases.get('matching') ?? phases.get('succeeded')!;
    return {
      database: name === 'sqlite' ? 'SQLite' : 'MariaDB',
      uploadS: uploadMs / 1000,
      checkS: (applying - uploaded) / 1000,
      applyS: (applied - applying) / 1000,
      totalS: totalMs / 1000,
      rowsPerS: rows / (totalMs / 1000),
      cpuS,
      rssBeforeMb: rssBefore / 1024 / 1024,
      peakRssMb: rss / 1024 / 1024,
      inserted: state.rows.inserted,
      rejected: state.rows.rejected,
      readP99: percentile(latencies, 99),
      readMax: Math.max(0, ...latencies),
      readErrors,
    };
  } finally {
    reading = false;
    await reader;
    await server.stop();
  }
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'licensing-bench-'));
const file = path.join(dir, 'census.csv');
try {
  const t = performance.now();
  const bytes = await writeCensus(file);
  console.info(
    `census file: ${rows.toLocaleString('en-US')} rows, ${(bytes / 1024 / 1024).toFixed(0)} MB, written in ${((performance.now() - t) / 1000).toFixed(1)} s (load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores)`,
  );
  const results = [];
  for (const name of databases) {
    console.info(`${name}: importing…`);
    const figures = await bench(name, file, bytes);
    console.info(figures);
    results.push(figures);
  }
  console.info(
    '\nFMCSA census import (target: total < 180 s, peak RSS < 300 MB, public reads p99 < 100 ms)',
  );
  console.table(
    results.map((r) => ({
      database: r.database,
      'upload s': r.uploadS.toFixed(1),
      'check s': r.checkS.toFixed(1),
      'apply s': r.applyS.toFixed(1),
      'total s': r.totalS.toFixed(1),
      'rows/s': Math.round(r.rowsPerS),
      'server CPU s': r.cpuS.toFixed(0),
      'RSS before MB': r.rssBeforeMb.toFixed(0),
      'peak RSS MB': r.peakRssMb.toFixed(0),
      inserted: r.inserted,
      'reads p99 ms': r.readP99.toFixed(0),
      'reads max ms': r.readMax.toFixed(0),
      'read errors': r.readErrors,
    })),
  );
  console.info(`load average now ${os.loadavg()[0]!.toFixed(1)}`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
