/** The lead pipeline's test harness: the real app (optionally with its job worker) and valid quote forms. */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Knex } from 'knex';
import { pino } from 'pino';
import { loadConfig, type Config, type DatabaseConfig } from '../../src/config';
import { openDatabase } from '../../src/db/connection';
import { createApp } from '../../src/app';
import { KEEP_ALIVE_TIMEOUT_MS } from '../../src/lib/http/keep-alive';
import { createJobWorker } from '../../src/workers';
import type { JobWorker } from '../../src/jobs/worker';
import type { PartnerDirectory } from '../../src/features/partners/partners';

/** Quick retries and short timeouts, so failure scenarios play out in a second or two. */
export const FAST_JOBS: NodeJS.ProcessEnv = {
  JOB_POLL_INTERVAL_MS: '50',
  JOB_BACKOFF_BASE_MS: '20',
  JOB_BACKOFF_MAX_MS: '200',
  // Long enough that a loaded machine's stalls do not turn a 200 into a timeout (with 400 ms, a backend that had
  // accepted a lead got it again on the retry); the tests of a hanging backend wait out two of them.
  LEAD_BACKEND_TIMEOUT_MS: '2000',
  // A lease no stall of a loaded CI machine outlasts: with 1.8 s, a job whose outcome waited behind others
  // on the database lost its lease and ran twice; with 10 s it still did once, in the Node 24 stage that CI
  // runs at a lower priority beside the rest (two servers' webhook jobs, one receiver called twice). Tests of
  // a lost lease (kill -9) set a short one themselves.
  JOB_LEASE_MS: '30000',
  LEAD_FORWARD_MAX_ATTEMPTS: '50',
  RATE_LIMIT_LEADS: '0',
  RATE_LIMIT_SESSIONS: '0',
  RATE_LIMIT_MATCHES: '0',
  // Movers' webhooks (features/deliveries): a second to answer, then three quick retries and the dead letter.
  WEBHOOK_TIMEOUT_MS: '1500',
  WEBHOOK_RETRY_DELAYS_MS: '30,30,30',
};

export interface LeadApp {
  baseUrl: string;
  db: Knex;
  config: Config;
  worker: JobWorker | undefined;
  partners: PartnerDirectory;
  get(path: string): Promise<Response>;
  postForm(
    path: string,
    fields: Record<string, string>,
    headers?: Record<string, string>,
  ): Promise<Response>;
  postJson(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  close(): Promise<void>;
}

export async function startLeadApp(
  database: DatabaseConfig,
  env: NodeJS.ProcessEnv = {},
  options: { worker?: boolean } = {},
): Promise<LeadApp> {
  const config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...FAST_JOBS, ...env }),
    database,
  };
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const db = openDatabase(database);
  const worker = options.worker ? createJobWorker({ config, db, logger }) : undefined;
  worker?.start();
  const app = await createApp({ config, db, logger, jobs: worker });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
    s.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    db,
    config,
    worker,
    partners: app.locals.partners as PartnerDirectory,
    get: (path) => fetch(baseUrl + path),
    postForm: (path, fields, headers = {}) =>
      fetch(baseUrl + path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams(fields).toString(),
      }),
    postJson: (path, body, headers = {}) =>
      fetch(baseUrl + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await worker?.stop();
      await db.destroy();
    },
  };
}

export { leadForm, leadUuid, newVisitor } from './lead-form';

export async function waitFor(
  check: () => Promise<boolean> | boolean,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Removes the leads (with consents, history, deliveries, analytics copies and jobs) of these lead_uuids. */
export async function removeLeads(db: Knex, uuids: readonly string[]): Promise<void> {
  if (uuids.length === 0) return;
  for (let i = 0; i < uuids.length; i += 200) {
    const chunk = uuids.slice(i, i + 200);
    const leads = (await db('leads').whereIn('lead_uuid', chunk).pluck('id')) as number[];
    const copies = (await db('lead_analytics').whereIn('lead_uuid', chunk).pluck('id')) as number[];
    const deliveries = (await db('lead_deliveries')
      .whereIn('lead_id', leads)
      .pluck('id')) as number[];
    const payloads = [
      ...leads.map((id) => JSON.stringify({ leadId: id })),
      ...deliveries.map((id) => JSON.stringify({ deliveryId: Number(id) })),
      ...copies.map((id) => JSON.stringify({ analyticsId: id })),
    ];
    for (let j = 0; j < payloads.length; j += 200)
      await db('jobs')
        .whereIn('payload', payloads.slice(j, j + 200))
        .delete();
    await db('leads').whereIn('id', leads).delete();
    await db('lead_analytics').whereIn('id', copies).delete();
  }
}

export async function removeSessions(db: Knex, visitorUuids: readonly string[]): Promise<void> {
  const ids = (await db('visitor_sessions')
    .whereIn('visitor_uuid', visitorUuids)
    .pluck('id')) as number[];
  await db('jobs')
    .whereIn(
      'payload',
      ids.map((id) => JSON.stringify({ sessionRowId: id })),
    )
    .delete();
  await db('visitor_sessions').whereIn('id', ids).delete();
}
