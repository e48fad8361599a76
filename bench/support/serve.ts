/**
 * The server under benchmark, in its own process so the load generator does not share its CPU time:
 * the real app plus a bare Express route serving a 50-item JSON body as the baseline.
 * Usage: tsx bench/support/serve.ts <database-url> ; prints "listening <port>" when ready.
 */
import express from 'express';
import { pino } from 'pino';
import { loadConfig } from '../../server/src/config';
import { openDatabase } from '../../server/src/db/connection';
import { createApp } from '../../server/src/app';
import { createJobWorker } from '../../server/src/workers';
import { listCompanies } from '../../server/src/features/companies/list-companies';

const config = loadConfig({
  // Lead-pipeline settings (LEAD_BACKEND_URL, JOB_*, RATE_LIMIT_*) come from the benchmark's environment.
  ...process.env,
  DATABASE_URL: process.argv[2],
  // Production, unless a benchmark needs test mode (bench/deliveries: webhooks to plain-http loopback).
  NODE_ENV: process.env.BENCH_NODE_ENV === 'test' ? 'test' : 'production',
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
});
const logger = pino({ level: config.logLevel });
const db = openDatabase(config.database);
// BENCH_WORKER=1 runs the job worker in the server process, as main.ts does (the lead outbox).
const worker =
  process.env.BENCH_WORKER === '1' ? createJobWorker({ config, db, logger }) : undefined;
worker?.start();
const app = await createApp({ config, db, logger, jobs: worker });

// The baseline: same framework, same process, no database — a fixed 50-company body built once.
const bareBody = (await listCompanies(db, { limit: 50, offset: 0, sort: 'featured' })).companies;
const outer = express();
outer.disable('x-powered-by');
outer.get('/__bench/bare', (_req, res) => {
  res.json(bareBody);
});
outer.use(app);

const server = outer.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.info(`listening ${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(
    () =>
      void (worker?.stop() ?? Promise.resolve())
        .then(() => db.destroy())
        .then(() => process.exit(0)),
  );
});
