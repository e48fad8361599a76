/**
 * npm run jobs -- list [status] | show <id> | retry <id> | retry-dead [type] | cancel <id>: the queue for an
 * operator at a shell; the admin area's Jobs screen (/admin/jobs) calls the same functions.
 */
import { loadConfig } from '../config';
import { openDatabase } from '../db/connection';
import {
  cancelJob,
  findJob,
  jobCounts,
  jobEvents,
  JOB_STATUSES,
  listJobs,
  retryJob,
  type JobStatus,
} from './queue';

const [command, argument] = process.argv.slice(2);
const config = loadConfig();
const db = openDatabase(config.database);

const line = (job: Awaited<ReturnType<typeof findJob>> & object) =>
  [
    String(job.id).padStart(8),
    job.status.padEnd(9),
    job.type.padEnd(16),
    `${job.attempts}/${job.maxAttempts}`.padStart(7),
    new Date(job.updatedAt).toISOString(),
    JSON.stringify(job.payload),
    job.lastError ?? '',
  ].join('  ');

try {
  if (command === 'list' || command === undefined) {
    const status = argument as JobStatus | undefined;
    if (status !== undefined && !JOB_STATUSES.includes(status))
      throw new Error(`status must be one of: ${JOB_STATUSES.join(', ')}`);
    console.info(JSON.stringify(await jobCounts(db)));
    for (const job of await listJobs(db, { status, limit: 100 })) console.info(line(job));
  } else if (command === 'show' && argument) {
    const job = await findJob(db, Number(argument));
    if (!job) throw new Error(`no job ${argument}`);
    console.info(line(job));
    for (const event of await jobEvents(db, job.id))
      console.info(
        `  ${new Date(event.createdAt).toISOString()}  attempt ${event.attempt}  ${event.event}  ${event.message ?? ''}`,
      );
  } else if (command === 'retry' && argument) {
    const job = await retryJob(db, Number(argument), 'cli');
    if (!job) throw new Error(`no job ${argument}`);
    console.info(line(job));
  } else if (command === 'cancel' && argument) {
    const cancelled = await cancelJob(db, Number(argument), 'cli');
    if (!cancelled) throw new Error(`no job ${argument}`);
    console.info(`${cancelled.outcome}: ${line(cancelled.job)}`);
  } else if (command === 'retry-dead') {
    const dead = await listJobs(db, { status: 'dead', type: argument, limit: 10_000 });
    for (const job of dead) await retryJob(db, job.id, 'cli');
    console.info(`requeued ${dead.length} dead job(s)`);
  } else {
    console.error(
      'usage: jobs list [status] | show <id> | retry <id> | retry-dead [type] | cancel <id>',
    );
    process.exitCode = 2;
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
