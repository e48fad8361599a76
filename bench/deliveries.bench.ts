/**
 * Lead delivery benchmark (issue 18): 1,000 quote requests, each naming three movers whose webhooks are on, go
 * through the real public endpoint of a server in its own process (with its job worker), on SQLite and MariaDB.
 * Stand-in receivers in this process record each call. Three phases per database:
 *   healthy, paced — leads arrive BENCH_DELIVERY_RATE a second (10); every receiver answers 200 at once: the
 *               delay from the moment the request was sent (a conservative "accepted") to the receiver's first
 *               call, p50 / p99 / max. Target: p99 under 2 s.
 *   healthy, burst — the 1,000 leads as fast as they are accepted: how many deliveries a second the queue
 *               drains (the delays are then the backlog's, not a target).
 *   unhealthy, paced — each call fails with a 500 one time in three, and one in twenty hangs past the time
 *               limit (its late 200 is the "lost answer" case). Then: every lead × mover acknowledged (nothing
 *               lost), and no lead × mover acknowledged in time twice (nothing doubled).
 * Both phases also count the e-mail deliveries: one stored message per lead × mover, never two.
 * The server runs in test mode: its stand-in receivers are plain http on loopback, which production refuses
 * for movers' webhooks by design (https to public addresses only).
 * Usage: npm run bench:deliveries  [BENCH_DELIVERY_LEADS=1000] [BENCH_DELIVERY_RATE=10] [BENCH_CONNECTIONS=10]
 *        [BENCH_DATABASES=sqlite,mysql] [BENCH_MYSQL_URL=mysql://root@127.0.0.1:3306/bench_deliveries]
 */
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import { pino } from 'pino';
import { consentText } from '@moveratlas/contracts';
import type { DatabaseConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/connection';
import { prepareDatabase } from '../server/src/db/prepare';
import { leadForm, newVisitor } from '../server/test/leads/lead-form';
import { startServer } from './support/load';
import { emptyDatabase } from './support/seeded-database';

const leadCount = Number(process.env.BENCH_DELIVERY_LEADS ?? 1000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const databases = (process.env.BENCH_DATABASES ?? 'sqlite,mysql').split(',');
const mysqlUrl = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/bench_deliveries';
const SETTLE_TIMEOUT_MS = 600_000;
const TARGET_P99_MS = 2000;
/** Long enough that a busy two-core machine answering a healthy call is not taken for a hang. */
const TIMEOUT_MS = 3000;
/** Leads a second in the paced phases: a busy directory's peak many times over. */
const rate = Number(process.env.BENCH_DELIVERY_RATE ?? 10);
/**
 * healthy at a steady rate: the delay a lead's webhook waits (the p99 target); healthy in one burst: how fast
 * the queue drains (deliveries per second; the delay then is the backlog's); unhealthy at the steady rate:
 * nothing lost, nothing acknowledged twice.
 */
const PHASES: ReadonlyArray<readonly [Health, number]> = [
  ['healthy', rate],
  ['healthy', 0],
  ['unhealthy', rate],
];

/**
 * Jobs a worker runs at once. The calls wait on the network, but each job's reads and writes wait on the
 * database: SQLite's one connection is saturated by a few (more only queue for it), while MariaDB commits many
 * transactions together and keeps gaining up to a few dozen.
 */
const concurrency = (name: string) =>
  process.env.JOB_CONCURRENCY ?? (name === 'sqlite' ? '8' : '32');

async function withDb<T>(config: DatabaseConfig, work: (db: Knex) => Promise<T>): Promise<T> {
  const db = openDatabase(config);
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

interface Mover {
  id: number;
  name: string;
  path: string;
}

/** A fresh database with a small directory; three of its movers get an e-mail address and a webhook. */
async function freshDatabase(
  name: string,
  receiverUrl: (path: string) => string,
): Promise<{ url: string; config: DatabaseConfig; movers: Mover[] }> {
  const { url, config } = await emptyDatabase(name, 'deliveries.sqlite', mysqlUrl);
  const movers = await withDb(config, async (db) => {
    await prepareDatabase(db, { companies: 300, seed: 20261127 }, pino({ level: 'silent' }));
    const rows = (await db('companies').orderBy('id').limit(3).select('id', 'name')) as Array<{
      id: number;
      name: string;
    }>;
    const now = Date.now();
    return Promise.all(
      rows.map(async (row, i) => {
        const mover = { id: Number(row.id), name: row.name, path: `/hook/${i}` };
        await db('companies')
          .where({ id: mover.id })
          .update({ email: `bench-mover-${i}@movers.test` });
        await db('company_webhooks').insert({
          company_id: mover.id,
          url: receiverUrl(mover.path),
          enabled: true,
          secret: `whsec_bench_${i}`,
          created_at: now,
          updated_at: now,
        });
        return mover;
      }),
    );
  });
  return { url, config, movers };
}

type Health = 'healthy' | 'unhealthy';

/** The stand-in receivers: first arrival and in-time acknowledgements per idempotency key. */
class Receivers {
  health: Health = 'healthy';
  readonly firstCall = new Map<string, number>();
  readonly acknowledged = new Map<string, number>();
  calls = 0;
  private readonly server = http.createServer((req, res) => void this.handle(req, res));
  port = 0;

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  url = (urlPath: string) => `http://127.0.0.1:${this.port}${urlPath}`;

  reset(health: Health): void {
    this.health = health;
    this.firstCall.clear();
    this.acknowledged.clear();
    this.calls = 0;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    for await (const _chunk of req) {
      // The body is not needed: the key is in the header.
    }
    const key = String(req.headers['idempotency-key'] ?? '');
    this.calls++;
    if (!this.firstCall.has(key)) this.firstCall.set(key, Date.now());
    if (this.health === 'unhealthy') {
      const roll = Math.random();
      if (roll < 1 / 3) {
        res.writeHead(500).end();
        return;
      }
      if (roll < 1 / 3 + 1 / 20) {
        // Answers after the sender has given up: a 2xx that is lost.
        setTimeout(() => res.destroyed || res.writeHead(200).end(), TIMEOUT_MS * 2);
        return;
      }
    }
    this.acknowledged.set(key, (this.acknowledged.get(key) ?? 0) + 1);
    res.writeHead(200).end();
  }
}

/**
 * Posts the leads, `rate` a second (0: as fast as `connections` allow); answers each lead's public id and when
 * its request was sent.
 */
async function submit(port: number, movers: Mover[], prefix: string, rate: number) {
  const named = movers.map(({ id, name }) => ({ id, name }));
  const template = leadForm({
    selected_companies: JSON.stringify(named),
    consent_text: consentText(named.map((c) => c.name)),
  });
  const sentAt = new Map<string, number>();
  let next = 0;
  let failures = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < leadCount) {
        const n = next++;
        // Paced: request n leaves at its slot, so the server sees a steady arrival rate.
        const due = rate > 0 ? started + (n * 1000) / rate : 0;
        if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
        const at = Date.now();
        // A new visitor each time: a repeat would not reach the same movers again (issue 18).
        const visitor = newVisitor();
        const res = await fetch(`http://127.0.0.1:${port}/api/proxy/send_lead`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            ...template,
            email_address: visitor.email,
            phone_number: visitor.phone,
            lead_uuid: `${prefix}-${String(n).padStart(6, '0')}`,
          }).toString(),
        });
        const text = await res.text();
        if (res.status === 200) sentAt.set(text.trim(), at);
        else failures++;
      }
    }),
  );
  return { sentAt, failures, seconds: (Date.now() - started) / 1000 };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)]!;

/**
 * Waits until every webhook of the phase's leads has been acknowledged (answering the moment the last one
 * was), then until the server counts them all finished too: a call the server gave up waiting on (its 2xx
 * was late) is retried, and that retry must land in this phase, not in the next one's counts.
 */
async function settle(
  receivers: Receivers,
  expected: number,
  config: DatabaseConfig,
  publicIds: readonly string[],
): Promise<number> {
  const started = Date.now();
  const overdue = () => {
    if (Date.now() - started > SETTLE_TIMEOUT_MS)
      throw new Error(`only ${receivers.acknowledged.size} of ${expected} deliveries acknowledged`);
  };
  while (receivers.acknowledged.size < expected) {
    overdue();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const done = Date.now();
  await withDb(config, async (db) => {
    for (;;) {
      const pending = (await db('lead_deliveries as d')
        .join('leads as l', 'l.id', 'd.lead_id')
        .whereIn('l.public_id', publicIds)
        .where('d.channel', 'webhook')
        .whereIn('d.status', ['queued', 'retrying'])
        .count({ n: '*' })
        .first()) as { n: number | string };
      if (Number(pending.n) === 0) return;
      overdue();
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });
  return done;
}

async function emailCounts(config: DatabaseConfig, movers: Mover[]) {
  return withDb(config, async (db) => {
    const rows = (await db('lead_deliveries')
      .whereIn(
        'company_id',
        movers.map((m) => m.id),
      )
      .where({ channel: 'email' })
      .groupBy('status')
      .select('status')
      .count({ n: '*' })) as Array<{ status: string; n: number | string }>;
    const mails = (await db('mail_messages')
      .where({ template: 'lead-for-mover' })
      .count({ n: '*' })
      .first()) as { n: number | string };
    return {
      byStatus: Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])),
      messages: Number(mails.n),
    };
  });
}

async function waitForEmails(config: DatabaseConfig, movers: Mover[], expected: number) {
  const started = Date.now();
  for (;;) {
    const counts = await emailCounts(config, movers);
    if ((counts.byStatus.delivered ?? 0) >= expected) return counts;
    if (Date.now() - started > SETTLE_TIMEOUT_MS)
      throw new Error(`e-mail deliveries did not finish: ${JSON.stringify(counts.byStatus)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

let failed = false;
const receivers = new Receivers();
await receivers.start();
for (const name of databases) {
  const { url, config, movers } = await freshDatabase(name, receivers.url);
  const server = await startServer(url, {
    BENCH_WORKER: '1',
    BENCH_NODE_ENV: 'test',
    JOB_CONCURRENCY: concurrency(name),
    JOB_POLL_INTERVAL_MS: '200',
    RATE_LIMIT_LEADS: '1000000',
    WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
    // Quick retries, so the unhealthy phase settles in seconds (production waits minutes to hours).
    WEBHOOK_RETRY_DELAYS_MS: '100,200,400,800,1600,1600,1600,1600,1600,1600,1600,1600',
  });
  const label = name === 'sqlite' ? 'SQLite' : 'MariaDB';
  console.info(
    `\n${label}: ${leadCount} leads × ${movers.length} movers with webhooks, ${connections} connections, JOB_CONCURRENCY ${concurrency(name)}`,
  );
  console.info(
    [
      'phase'.padEnd(16),
      'intake s'.padStart(9),
      'deliv/s'.padStart(8),
      'p50 ms'.padStart(8),
      'p99 ms'.padStart(8),
      'max ms'.padStart(8),
      'calls'.padStart(7),
      'lost'.padStart(5),
      'doubled'.padStart(8),
      'load'.padStart(6),
    ].join(' '),
  );
  try {
    let emailsExpected = 0;
    for (const [health, rate] of PHASES) {
      receivers.reset(health);
      const prefix = `bench-${name}-${health}-${Date.now()}`;
      const { sentAt, failures, seconds } = await submit(server.port, movers, prefix, rate);
      const expected = sentAt.size * movers.length;
      const firstSent = Math.min(...sentAt.values());
      const done = await settle(receivers, expected, config, [...sentAt.keys()]);
      const delays: number[] = [];
      for (const [publicId, at] of sentAt)
        for (const mover of movers) {
          const arrived = receivers.firstCall.get(`${publicId}-${mover.id}`);
          if (arrived !== undefined) delays.push(arrived - at);
        }
      delays.sort((a, b) => a - b);
      const lost = [...sentAt.keys()].reduce(
        (n, publicId) =>
          n + movers.filter((m) => !receivers.acknowledged.has(`${publicId}-${m.id}`)).length,
        0,
      );
      const doubled = [...receivers.acknowledged.values()].filter((n) => n > 1).length;
      const p99 = percentile(delays, 0.99);
      console.info(
        [
          `${health}${rate > 0 ? ` ${rate}/s` : ' burst'}`.padEnd(16),
          seconds.toFixed(1).padStart(9),
          (expected / ((done - firstSent) / 1000)).toFixed(0).padStart(8),
          percentile(delays, 0.5).toFixed(0).padStart(8),
          p99.toFixed(0).padStart(8),
          String(delays.at(-1) ?? NaN).padStart(8),
          String(receivers.calls).padStart(7),
          String(lost).padStart(5),
          String(doubled).padStart(8),
          os.loadavg()[0]!.toFixed(2).padStart(6),
        ].join(' '),
      );
      if (failures > 0) console.info(`  ${failures} requests were not accepted`);
      if (lost > 0) failed = true;
      if (doubled > 0 && rate > 0) failed = true;
      // In the burst the server itself is the slow part: an answer it could not read within its time limit is
      // retried with the same key, the case docs/webhooks.md tells receivers to expect. Counted, not failed.
      if (doubled > 0 && rate === 0)
        console.info(
          `  ${doubled} answered in time by the receiver but read too late by the busy server: sent again with the same key`,
        );
      if (health === 'healthy' && rate > 0 && p99 >= TARGET_P99_MS) {
        console.info(`  p99 ${p99} ms is over the ${TARGET_P99_MS} ms target`);
        failed = true;
      }
      emailsExpected += expected;
      const emails = await waitForEmails(config, movers, emailsExpected);
      const extra = emails.messages - emailsExpected;
      console.info(
        `  e-mail: ${emails.byStatus.delivered ?? 0} of ${emailsExpected} deliveries done, ${emails.messages} messages stored${extra === 0 ? '' : ` (${extra} more than deliveries)`}`,
      );
      if (extra !== 0) failed = true;
    }
  } finally {
    await server.stop();
  }
}
await receivers.close();
console.info(
  failed
    ? '\nFAILED: a delivery was lost or doubled, or the p99 missed its target'
    : `\nOK: nothing lost, nothing doubled, healthy p99 under ${TARGET_P99_MS} ms`,
);
process.exitCode = failed ? 1 : 0;
