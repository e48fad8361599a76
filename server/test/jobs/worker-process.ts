/**
 * A job worker (or scheduler) in a process of its own, for the multi-process tests: it runs against the
 * database in WORKER_DATABASE (a DatabaseConfig as JSON) and reports on stdout, one line per fact:
 *   ready                 the worker or scheduler has started
 *   ran <id> <attempt>    a handler ran job <id> (the parent counts these to prove "exactly once")
 *   started <id>          the `hang` handler began its first attempt and will never finish it
 * WORKER_TAG names this test run's job types (test.count.<tag>, test.hang.<tag>, test.tick.<tag>) so runs
 * never see each other's jobs. WORKER_MODE: `worker` (count + hang handlers) or `scheduler`.
 */
import { pino } from 'pino';
import type { DatabaseConfig } from '../../src/config';
import { openDatabase } from '../../src/db/connection';
import { enqueueJob } from '../../src/jobs/queue';
import { JobScheduler } from '../../src/jobs/scheduler';
import { JobWorker } from '../../src/jobs/worker';

const config = JSON.parse(process.env.WORKER_DATABASE ?? '') as DatabaseConfig;
const tag = process.env.WORKER_TAG ?? 'default';
const mode = process.env.WORKER_MODE ?? 'worker';
const leaseMs = Number(process.env.WORKER_LEASE_MS ?? 2000);
const db = openDatabase(config);
const logger = pino({ level: 'silent' });
const say = (line: string) => process.stdout.write(`${line}\n`);

let stop: () => Promise<void>;
if (mode === 'scheduler') {
  const scheduler = new JobScheduler({
    db,
    logger,
    tickMs: 100,
    async fire(trx, schedule) {
      const type = `test.tick.${tag}`;
      const jobId = await enqueueJob(
        trx,
        type,
        { scheduleId: schedule.id, occurrence: schedule.occurrence, pid: process.pid },
        { maxAttempts: 1 },
      );
      return { jobId, type };
    },
  });
  scheduler.start();
  stop = () => scheduler.stop();
} else {
  const worker = new JobWorker({
    db,
    logger,
    concurrency: Number(process.env.WORKER_CONCURRENCY ?? 4),
    pollIntervalMs: 50,
    leaseMs,
    heartbeatMs: 100,
    backoff: { baseMs: 10, maxMs: 50 },
    handlers: {
      [`test.count.${tag}`]: {
        async run(job) {
          say(`ran ${job.id} ${job.attempts}`);
          return { result: { pid: process.pid } };
        },
      },
      [`test.hang.${tag}`]: {
        timeoutMs: 60_000,
        async run(job, signal) {
          if (job.attempts === 1) {
            say(`started ${job.id}`);
            // Never finishes: the test kills this process with SIGKILL while it waits here.
            await new Promise((_resolve, reject) =>
              signal.addEventListener('abort', () => reject(new Error('aborted'))),
            );
          }
          say(`ran ${job.id} ${job.attempts}`);
          return { result: { pid: process.pid } };
        },
      },
    },
  });
  worker.start();
  stop = () => worker.stop();
}
say('ready');

process.on('SIGTERM', () => {
  void stop()
    .then(() => db.destroy())
    .finally(() => process.exit(0));
});
