/**
 * The job worker with every job type the server knows. main.ts runs one per process; tests and benchmarks
 * build their own. Every job type registers here: the lead and session outboxes, the admin scripts, the
 * companies CSV import and outgoing mail; a new one is one line in `handlers`. The worker also runs
 * the scripts' cron scheduler: schedules fire in the processes that run jobs (JOB_CONCURRENCY > 0).
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from './config';
import { JobWorker } from './jobs/worker';
import { JobScheduler } from './jobs/scheduler';
import { adminScripts } from './features/scripts';
import { scriptJobHandlers } from './jobs/script-jobs';
import { fireScriptSchedule } from './features/scripts';
import { createLeadBackend } from './lead-backend/create-lead-backend';
import type { LeadBackend } from './lead-backend/lead-backend';
import { leadOutboxHandlers, visitorConfirmationHandlers } from './features/leads';
import { sessionOutboxHandlers } from './features/sessions';
import { companyImportHandlers } from './features/companies';
import { mailJobHandlers } from './features/mail';
import { deliveryJobHandlers } from './features/deliveries';
import { licensingImportHandlers } from './features/licensing';

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
      ...scriptJobHandlers({ config, db, logger: jobLogger }, adminScripts),
      ...companyImportHandlers(db),
      ...mailJobHandlers(db, config, jobLogger),
      ...deliveryJobHandlers({ db, config, logger: jobLogger }),
      ...visitorConfirmationHandlers(db, config),
      ...licensingImportHandlers(db, config.database),
    },
    concurrency: config.jobs.concurrency,
    pollIntervalMs: config.jobs.pollIntervalMs,
    leaseMs: config.jobs.leaseMs,
    backoff: config.jobs.backoff,
  });
}
