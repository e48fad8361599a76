/**
 * A job worker for the maintenance scripts beside a test app: quick polls and retries, a lease long enough
 * for a slow machine. Scripts that fetch the site (SEO crawl, QA) reach it on the app's own port.
 */
import { pino } from 'pino';
import { loadConfig, type DatabaseConfig } from '../src/config';
import { JobWorker } from '../src/jobs/worker';
import { adminScripts } from '../src/features/scripts';
import { scriptJobHandlers } from '../src/jobs/script-jobs';
import type { TestApp } from './test-app';

export function startScriptWorker(
  app: TestApp,
  database: DatabaseConfig,
  env: NodeJS.ProcessEnv = {},
): JobWorker {
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }), database };
  const logger = pino({ level: 'silent' });
  const worker = new JobWorker({
    db: app.db,
    logger,
    handlers: scriptJobHandlers({ config, db: app.db, logger }, adminScripts),
    concurrency: 1,
    pollIntervalMs: 50,
    leaseMs: 10_000,
    backoff: { baseMs: 10, maxMs: 20 },
  });
  worker.start();
  return worker;
}
