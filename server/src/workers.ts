/**
 * The job worker with every job type the server knows. main.ts runs one per process; tests and benchmarks
 * build their own. Later job types (CSV imports, scripts, schedules) register here.
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from './config';
import { JobWorker } from './jobs/worker';
import { createLeadBackend } from './lead-backend/create-lead-backend';
import type { LeadBackend } from './lead-backend/lead-backend';
import { leadOutboxHandlers } from './features/leads/outbox';
import { sessionOutboxHandlers } from './features/sessions/sessions';

export function createJobWorker(
  { config, db, logger }: { config: Config; db: Knex; logger: Logger },
  backend: LeadBackend = createLeadBackend(config, db),
): JobWorker {
  return new JobWorker({
    db,
    logger: logger.child({ component: 'jobs' }),
    handlers: {
      ...leadOutboxHandlers(db, backend),
      ...sessionOutboxHandlers(db, backend),
    },
    concurrency: config.jobs.concurrency,
    pollIntervalMs: config.jobs.pollIntervalMs,
    leaseMs: config.jobs.leaseMs,
    backoff: config.jobs.backoff,
  });
}
