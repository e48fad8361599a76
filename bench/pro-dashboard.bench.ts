/**
 * Movers' dashboard benchmark (issue 17): a company with 20,000 leads (and 20,000 leads of other companies
 * beside them, a year of profile activity, 400 reviews), one of its movers signed in over HTTP, and the
 * dashboard's reads against the real app in its own process, on SQLite and MariaDB:
 * GET /overview, and GET /leads — the first page, a filtered page, text searches (a common word, a city, one
 * e-mail address) and a deep page sorted by moving date. Each route is measured with one connection (one mover's clicks one after another: the latency a
 * person sees) and with ten at once (a busy office). Target: p99 < 50 ms with one connection.
 * Usage: npm run bench:pro  [BENCH_SECONDS=5] [BENCH_DATABASES=sqlite,mysql] [BENCH_LEADS=20000]
 *        [BENCH_MYSQL_URL=mysql://root@127.0.0.1:3306/bench_pro]  (its database is dropped and made again)
 */
import os from 'node:os';
import type { Knex } from 'knex';
import { pino } from 'pino';
import type { DatabaseConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/connection';
import { prepareDatabase } from '../server/src/db/prepare';
import { refreshPlannerStatistics } from '../server/src/db/dialect';
import { hashPassword } from '../server/src/features/auth/passwords';
import { addCompanyUser, findOrCreateMoverUser } from '../server/src/features/movers';
import { measure, startServer, type Measurement } from './support/load';
import { seedProDashboard } from './support/pro-data';
import { emptyDatabase } from './support/seeded-database';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const databases = (process.env.BENCH_DATABASES ?? 'sqlite,mysql').split(',');
const leadCount = Number(process.env.BENCH_LEADS ?? 20_000);
const mysqlUrl = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/bench_pro';
const TARGET_P99_MS = 50;
const EMAIL = 'bench.owner@example.com';
const PASSWORD = 'a long benchmark passphrase';

async function withDb<T>(config: DatabaseConfig, work: (db: Knex) => Promise<T>): Promise<T> {
  const db = openDatabase(config);
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

/** A fresh database: migrated, seeded with a small directory, then the dashboard's data and its mover. */
async function freshDatabase(name: string): Promise<{ url: string; config: DatabaseConfig }> {
  const { url, config } = await emptyDatabase(name, 'pro-dashboard.sqlite', mysqlUrl);
  await withDb(config, async (db) => {
    const started = performance.now();
    await prepareDatabase(db, { companies: 300, seed: 20261127 }, pino({ level: 'silent' }));
    const { companyId } = await seedProDashboard(db, {
      leads: leadCount,
      otherLeads: leadCount,
      reviews: 400,
    });
    await db.transaction(async (trx) => {
      const user = await findOrCreateMoverUser(trx, { email: EMAIL, name: 'Bench Owner' });
      await addCompanyUser(trx, { companyId, userId: user.id, role: 'owner' });
      await trx('mover_users')
        .where({ id: user.id })
        .update({ password_hash: await hashPassword(PASSWORD) });
    });
    await refreshPlannerStatistics(db);
    console.info(
      `${name}: seeded ${leadCount.toLocaleString('en-US')} leads for company ${companyId} (and as many for others) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  });
  return { url, config };
}

/** Signs the bench mover in; answers the Cookie header and the company's id. */
async function signIn(port: number): Promise<{ cookie: string; companyId: number }> {
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/api/pro/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!)
    .join('; ');
  const status = (await (
    await fetch(`${base}/api/pro/auth/status`, { headers: { Cookie: cookie } })
  ).json()) as { companies?: Array<{ id: number }> };
  const companyId = status.companies?.[0]?.id;
  if (!companyId) throw new Error('the bench mover has no company');
  return { cookie, companyId };
}

const routes = (companyId: number) => {
  const base = `/api/pro/companies/${companyId}`;
  return [
    { label: 'GET /overview', path: `${base}/overview` },
    { label: 'GET /leads (first page)', path: `${base}/leads` },
    { label: 'GET /leads?status&moveSize', path: `${base}/leads?status=quoted&moveSize=4br` },
    { label: 'GET /leads?q=lovelace', path: `${base}/leads?q=lovelace` },
    { label: 'GET /leads?q=austin', path: `${base}/leads?q=austin&pageSize=50` },
    // One lead's e-mail address: a word that matches almost nothing.
    { label: 'GET /leads?q=.1234@ (one match)', path: `${base}/leads?q=.1234%40` },
    {
      label: 'GET /leads move date, page 200',
      path: `${base}/leads?sort=move_date&page=200&pageSize=50`,
    },
  ];
};

const summary: string[] = [];
let failed = false;
for (const name of databases) {
  const { url } = await freshDatabase(name);
  const server = await startServer(url);
  try {
    const { cookie, companyId } = await signIn(server.port);
    const rows: Array<{ connections: number; m: Measurement }> = [];
    for (const connections of [1, 10])
      for (const route of routes(companyId))
        rows.push({
          connections,
          m: await measure(server.port, route.label, route.path, connections, seconds, {
            Cookie: cookie,
          }),
        });
    console.info(
      `\n${name === 'sqlite' ? 'SQLite' : 'MariaDB'}: company with ${leadCount.toLocaleString('en-US')} leads, ${seconds} s per route (load average ${os.loadavg()[0]!.toFixed(2)})`,
    );
    console.info(
      [
        'route'.padEnd(34),
        'conns'.padStart(5),
        'req/s'.padStart(8),
        'p50 ms'.padStart(8),
        'p99 ms'.padStart(8),
        'errors'.padStart(7),
      ].join(' '),
    );
    for (const { connections, m } of rows) {
      console.info(
        [
          m.label.padEnd(34),
          String(connections).padStart(5),
          m.requestsPerSecond.toFixed(0).padStart(8),
          m.p50.toFixed(1).padStart(8),
          m.p99.toFixed(1).padStart(8),
          String(m.errors + m.non2xx).padStart(7),
        ].join(' '),
      );
      if (m.errors + m.non2xx > 0) failed = true;
      if (connections === 1 && m.p99 >= TARGET_P99_MS) {
        failed = true;
        summary.push(`${name}: ${m.label} p99 ${m.p99.toFixed(1)} ms ≥ ${TARGET_P99_MS} ms`);
      }
    }
  } finally {
    await server.stop();
  }
}

if (summary.length > 0) console.info(`\nOver target:\n${summary.join('\n')}`);
console.info(failed ? '\nFAILED' : `\nOK: every route's p99 under ${TARGET_P99_MS} ms`);
process.exitCode = failed ? 1 : 0;
