/**
 * A job worker of the test's own that runs companies CSV imports (and nothing else), polling every 50 ms: the
 * import, round-trip and audit tests start one, then stop it when they are done with it.
 */
import type { Knex } from 'knex';
import { pino } from 'pino';
import { companyImportHandlers } from '../../src/features/companies';
import { JobWorker } from '../../src/jobs/worker';

export function startImportWorker(db: Knex): JobWorker {
  const worker = new JobWorker({
    db,
    logger: pino({ level: 'silent' }),
    handlers: companyImportHandlers(db),
    concurrency: 1,
    pollIntervalMs: 50,
    leaseMs: 60_000,
    backoff: { baseMs: 100, maxMs: 1000 },
  });
  worker.start();
  return worker;
}
