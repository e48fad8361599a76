/**
 * The job worker with every job type the server knows. main.ts runs one per process; tests and benchmarks
 * build their own. Later job types (CSV imports, scripts, schedules) register here. The worker also runs
 * the scripts' cron scheduler: schedules fire in the processes that run jobs (JOB_CONCURRENCY > 0).
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from './config';
import { JobWorker } from './jobs/worker';
import { JobScheduler } from './jobs/scheduler';
import { scriptJobHandlers } from './features/admin-scripts/script-jobs';
import { fireScriptSchedule } from './features/admin-scripts/schedules';
import { createLeadBackend } from './lead-backend/create-lead-backend';
import type { LeadBackend } from './lead-backend/lead-backend';
import { leadOutboxHandlers } from './features/leads/outbox';
import { sessionOutboxHandlers } from './features/sessions/sessions';
import { companyImportHandlers } from './features/admin-upload/import-job';

export function createJobWorker(
  { config, db, logger }: { config: Config; db: Knex; logger: Logger },
  backend: LeadBackend = createLeadBackend(config, db),
): JobWorker {
  const jobLogger = logger.child({ component: 'jobs' });
  return new JobWorker({
    db,
    logger: jobLogger,
    scheduler: new JobScheduler({ db, logger: jobLogger, fire: fireScriptSchedule }),
    handlers: {
      ...leadOutboxHandlers(db, backend),
      ...sessionOutboxHandlers(db, backend),
      ...scriptJobHandlers({ config, db, logger: jobLogger }),
      ...companyImportHandlers(db),
    },
    concurrency: config.jobs.concurrency,
    pollIntervalMs: config.jobs.pollIntervalMs,
    leaseMs: config.jobs.leaseMs,
    backoff: config.jobs.backoff,
  });
}
