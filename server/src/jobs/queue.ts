/**
 * The durable job queue in the database: jobs are rows, enqueued inside the caller's transaction (so a lead
 * and the job that forwards it commit together or not at all), claimed by exactly one worker under a lease,
 * retried with backoff and, after their last attempt, left `dead` for an admin to see and retry. Handlers
 * report progress and log lines; an admin can cancel a job (at once while queued, at the worker's next
 * heartbeat while running) and retry one that ended badly.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { JOB_STATUSES, type JobStatus } from '@moveratlas/contracts';
import { dialectOf } from '../db/dialect';
import { retryDelayMs, type BackoffPolicy } from './backoff';

// The statuses are the admin API's: the Jobs screen shows them as they are stored.
export { JOB_STATUSES, type JobStatus };

/** Statuses a job does not leave by itself; only an admin's retry puts dead, failed and cancelled jobs back. */
export const FINISHED_STATUSES: readonly JobStatus[] = ['succeeded', 'failed', 'dead', 'cancelled'];
const RETRYABLE_STATUSES: readonly JobStatus[] = ['dead', 'failed', 'cancelled'];

export interface Job<Payload = unknown> {
  id: number;
  type: string;
  payload: Payload;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  runAt: number;
  lockedBy: string | null;
  lockedUntil: number | null;
  lastError: string | null;
  progress: number | null;
  result: unknown;
  /** When the current (or last) attempt was claimed. */
  startedAt: number | null;
  finishedAt: number | null;
  /** Set while a running job's cancellation waits for its worker to notice. */
  cancelRequestedAt: number | null;
  /** Who queued it: `admin:<name>`, `schedule:<id>`, or null for the system's own jobs (the lead outbox). */
  createdBy: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface JobEvent {
  id: number;
  jobId: number;
  attempt: number;
  event: string;
  message: string | null;
  createdAt: number;
}

const parseJson = (text: unknown): unknown => {
  if (typeof text !== 'string') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

const num = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);

export function toJob(row: Record<string, unknown>): Job {
  return {
    id: Number(row.id),
    type: String(row.type),
    payload: parseJson(row.payload),
    status: row.status as JobStatus,
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
    runAt: Number(row.run_at),
    lockedBy: (row.locked_by as string | null) ?? null,
    lockedUntil: num(row.locked_until),
    lastError: (row.last_error as string | null) ?? null,
    progress: num(row.progress),
    result: parseJson(row.result),
    startedAt: num(row.started_at),
    finishedAt: num(row.finished_at),
    cancelRequestedAt: num(row.cancel_requested_at),
    createdBy: (row.created_by as string | null | undefined) ?? null,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export interface EnqueueOptions {
  maxAttempts: number;
  /** Epoch ms; now when omitted. */
  runAt?: number;
  /** Who asked for it (shown on the Jobs screen); the system's own jobs leave it out. */
  createdBy?: string;
}

/** Adds jobs of one type in one statement (a batch of leads, say), in the caller's transaction. */
export async function enqueueJobs(
  trx: Knex | Knex.Transaction,
  type: string,
  payloads: readonly unknown[],
  options: EnqueueOptions,
): Promise<void> {
  if (payloads.length === 0) return;
  const now = Date.now();
  // In chunks the engine accepts (SQLite takes at most 500 rows in one multi-row insert).
  await dialectOf(trx as Knex).batchInsert(
    trx,
    'jobs',
    payloads.map((payload) => ({
      type,
      payload: JSON.stringify(payload),
      status: 'queued',
      attempts: 0,
      max_attempts: options.maxAttempts,
      run_at: options.runAt ?? now,
      created_at: now,
      updated_at: now,
    })),
  );
}

/** Adds a job; pass the caller's transaction so the job exists exactly when the caller's rows do. */
export async function enqueueJob(
  trx: Knex | Knex.Transaction,
  type: string,
  payload: unknown,
  options: EnqueueOptions,
): Promise<number> {
  const now = Date.now();
  const [id] = (await trx('jobs').insert({
    type,
    payload: JSON.stringify(payload),
    status: 'queued',
    attempts: 0,
    max_attempts: options.maxAttempts,
    run_at: options.runAt ?? now,
    created_by: options.createdBy?.slice(0, 100) ?? null,
    created_at: now,
    updated_at: now,
  })) as number[];
  return Number(id);
}

async function recordEvent(
  trx: Knex | Knex.Transaction,
  job: Pick<Job, 'id' | 'attempts'>,
  event: string,
  message: string | null,
  now: number,
): Promise<void> {
  await trx('job_events').insert({
    job_id: job.id,
    attempt: job.attempts,
    event,
    message: message?.slice(0, 2000) ?? null,
    created_at: now,
  });
}

/** A worker's name in locked_by: host-independent but unique per process and worker. */
export const newWorkerId = (): string => `worker-${process.pid}-${randomUUID().slice(0, 8)}`;

/**
 * Claims up to `limit` due jobs of the given types, oldest first within a type, taking the types in turn;
 * each job is this worker's alone until its lease ends.
 */
export async function claimJobs(
  db: Knex,
  workerId: string,
  types: readonly string[],
  leaseMs: number,
  limit: number,
): Promise<Job[]> {
  const dialect = dialectOf(db);
  const jobs: Job[] = [];
  for (const type of types) {
    if (jobs.length >= limit) break;
    const rows = await dialect.claimJobs({
      workerId,
      type,
      now: Date.now(),
      leaseMs,
      limit: limit - jobs.length,
    });
    jobs.push(...rows.map(toJob));
  }
  return jobs;
}

export async function claimJob(
  db: Knex,
  workerId: string,
  types: readonly string[],
  leaseMs: number,
): Promise<Job | undefined> {
  return (await claimJobs(db, workerId, types, leaseMs, 1))[0];
}

/** Thrown when a worker finishes a job whose lease it had lost: another worker owns the job now. */
export class LeaseLostError extends Error {}

/** The job's own rows only change while this worker still holds its lease. */
function heldBy(qb: Knex.QueryBuilder, job: Job): Knex.QueryBuilder {
  return qb.where({
    id: job.id,
    status: 'running',
    locked_by: job.lockedBy,
    attempts: job.attempts,
  });
}

/**
 * Marks a claimed job succeeded and runs the handler's own database effects in the same transaction,
 * so "lead delivered" and "job done" are never seen apart.
 */
export async function completeJob(
  db: Knex,
  job: Job,
  result: unknown,
  commit?: (trx: Knex.Transaction) => Promise<void>,
): Promise<void> {
  await db.transaction(async (trx) => {
    const now = Date.now();
    const updated = await heldBy(trx('jobs'), job).update({
      status: 'succeeded',
      locked_by: null,
      locked_until: null,
      last_error: null,
      progress: 100,
      result: result === undefined ? null : JSON.stringify(result),
      finished_at: now,
      updated_at: now,
    });
    if (updated !== 1)
      throw new LeaseLostError(`job ${job.id} is no longer held by ${job.lockedBy}`);
    if (commit) await commit(trx);
    await recordEvent(trx, job, 'succeeded', null, now);
  });
}

/**
 * The status a job leaves `running` with: `otherwise`, unless an admin asked to cancel it meanwhile. Decided
 * in the UPDATE itself, so a cancel request that lands while the attempt ends is never lost.
 */
const unlessCancelled = (trx: Knex | Knex.Transaction, otherwise: JobStatus) =>
  trx.raw(`CASE WHEN cancel_requested_at IS NULL THEN ? ELSE 'cancelled' END`, [otherwise]);
const finishedUnlessCancelled = (
  trx: Knex | Knex.Transaction,
  otherwise: number | null,
  now: number,
) => trx.raw(`CASE WHEN cancel_requested_at IS NULL THEN ? ELSE ? END`, [otherwise, now]);

async function statusOf(trx: Knex.Transaction, id: number): Promise<JobStatus> {
  const row = (await trx('jobs').where({ id }).first('status')) as { status: JobStatus };
  return row.status;
}

/**
 * Records a failed attempt: queued again after a jittered backoff, or dead when attempts are spent — or
 * cancelled, when an admin asked for that while it ran (the handler stopped because of it).
 */
export async function failJob(
  db: Knex,
  job: Job,
  error: string,
  options: { backoff: BackoffPolicy; permanent?: boolean; delayMs?: number },
): Promise<'retry' | 'dead' | 'cancelled'> {
  const now = Date.now();
  const dead = options.permanent === true || job.attempts >= job.maxAttempts;
  return db.transaction(async (trx) => {
    const updated = await heldBy(trx('jobs'), job).update({
      status: unlessCancelled(trx, dead ? 'dead' : 'queued'),
      locked_by: null,
      locked_until: null,
      last_error: error.slice(0, 2000),
      run_at: dead
        ? job.runAt
        : now + (options.delayMs ?? retryDelayMs(job.attempts, options.backoff)),
      finished_at: finishedUnlessCancelled(trx, dead ? now : null, now),
      updated_at: now,
    });
    if (updated !== 1)
      throw new LeaseLostError(`job ${job.id} is no longer held by ${job.lockedBy}`);
    const status = await statusOf(trx, job.id);
    const outcome = status === 'cancelled' ? 'cancelled' : dead ? 'dead' : 'retry';
    await recordEvent(trx, job, outcome, error, now);
    return outcome;
  });
}

/**
 * Puts back jobs whose worker died or hung past its lease: queued again for another try, or dead when
 * that was their last attempt. Any worker may run this; the guarded update makes it safe to race.
 */
export async function reapExpiredLeases(db: Knex, limit = 100): Promise<number> {
  const now = Date.now();
  const rows = (await db('jobs')
    .where('status', 'running')
    .andWhere('locked_until', '<', now)
    .orderBy('locked_until')
    .limit(limit)
    .select('*')) as Array<Record<string, unknown>>;
  let reaped = 0;
  for (const job of rows.map(toJob)) {
    const dead = job.attempts >= job.maxAttempts;
    await db.transaction(async (trx) => {
      const updated = await trx('jobs')
        .where({ id: job.id, status: 'running', attempts: job.attempts })
        .andWhere('locked_until', '<', now)
        .update({
          status: unlessCancelled(trx, dead ? 'dead' : 'queued'),
          locked_by: null,
          locked_until: null,
          last_error: `lease expired while ${job.lockedBy} ran it`,
          run_at: now,
          finished_at: finishedUnlessCancelled(trx, dead ? now : null, now),
          updated_at: now,
        });
      if (updated === 1) {
        reaped++;
        await recordEvent(trx, job, 'lease-expired', `worker ${job.lockedBy} did not finish`, now);
        if ((await statusOf(trx, job.id)) === 'cancelled')
          await recordEvent(trx, job, 'cancelled', 'cancelled while its worker was gone', now);
      }
    });
  }
  return reaped;
}

/** An admin's retry of a dead, failed or cancelled job: a fresh set of attempts, starting now. */
export async function retryJob(db: Knex, id: number, by = 'admin'): Promise<Job | undefined> {
  return db.transaction(async (trx) => {
    const row = (await trx('jobs').where({ id }).first()) as Record<string, unknown> | undefined;
    if (!row) return undefined;
    const job = toJob(row);
    if (!RETRYABLE_STATUSES.includes(job.status)) return job;
    const now = Date.now();
    await trx('jobs').where({ id, status: job.status }).update({
      status: 'queued',
      attempts: 0,
      run_at: now,
      locked_by: null,
      locked_until: null,
      progress: null,
      started_at: null,
      finished_at: null,
      cancel_requested_at: null,
      updated_at: now,
    });
    await recordEvent(trx, job, 'retried', `retried by ${by}`, now);
    return toJob((await trx('jobs').where({ id }).first()) as Record<string, unknown>);
  });
}

export async function findJob(db: Knex, id: number): Promise<Job | undefined> {
  const row = (await db('jobs').where({ id }).first()) as Record<string, unknown> | undefined;
  return row ? toJob(row) : undefined;
}

export async function listJobs(
  db: Knex,
  filter: {
    status?: JobStatus;
    type?: string;
    limit?: number;
    offset?: number;
    /** By id: the order jobs were queued in. */
    order?: 'newest' | 'oldest';
  } = {},
): Promise<Job[]> {
  const query = db('jobs').orderBy('id', filter.order === 'oldest' ? 'asc' : 'desc');
  if (filter.status) query.where('status', filter.status);
  if (filter.type) query.where('type', filter.type);
  const rows = (await query.limit(filter.limit ?? 50).offset(filter.offset ?? 0)) as Array<
    Record<string, unknown>
  >;
  return rows.map(toJob);
}

/** The newest job of each given type (a script's last run), one indexed lookup per type. */
export async function latestJobOfTypes(
  db: Knex,
  types: readonly string[],
): Promise<Map<string, Job>> {
  const latest = new Map<string, Job>();
  await Promise.all(
    types.map(async (type) => {
      const row = (await db('jobs').where({ type }).orderBy('id', 'desc').first()) as
        Record<string, unknown> | undefined;
      if (row) latest.set(type, toJob(row));
    }),
  );
  return latest;
}

/** A job's events in order; `afterId` gives only those newer than the last one a viewer has. */
export async function jobEvents(
  db: Knex,
  jobId: number,
  options: { afterId?: number; limit?: number } = {},
): Promise<JobEvent[]> {
  const query = db('job_events').where({ job_id: jobId }).orderBy('id');
  if (options.afterId !== undefined) query.andWhere('id', '>', options.afterId);
  if (options.limit !== undefined) query.limit(options.limit);
  const rows = (await query) as Array<Record<string, unknown>>;
  return rows.map((r) => ({
    id: Number(r.id),
    jobId: Number(r.job_id),
    attempt: Number(r.attempt),
    event: String(r.event),
    message: (r.message as string | null) ?? null,
    createdAt: Number(r.created_at),
  }));
}

/** Jobs per type and status in one grouped read: the Jobs screen's counts and its list of types. */
export async function jobCountsByType(
  db: Knex,
): Promise<Array<{ type: string; status: JobStatus; count: number }>> {
  const rows = (await db('jobs')
    .groupBy('type', 'status')
    .select('type', 'status')
    .count({ n: '*' })) as Array<{ type: string; status: JobStatus; n: number | string }>;
  return rows.map((row) => ({ type: row.type, status: row.status, count: Number(row.n) }));
}

export type CancelOutcome = 'cancelled' | 'cancel-requested' | 'not-cancellable';

/**
 * An admin's cancel: a queued job is cancelled at once; a running one is marked, and its worker aborts the
 * handler's signal at its next heartbeat (the job ends `cancelled` when the handler stops, or `succeeded` if
 * it finished first). Each step is a guarded update, so a cancel racing a claim or a finish retries against
 * the job's new state instead of overwriting it.
 */
export async function cancelJob(
  db: Knex,
  id: number,
  by = 'admin',
): Promise<{ job: Job; outcome: CancelOutcome } | undefined> {
  for (let round = 0; round < 5; round++) {
    const job = await findJob(db, id);
    if (!job) return undefined;
    const now = Date.now();
    if (job.status === 'queued') {
      const done = await db.transaction(async (trx) => {
        const updated = await trx('jobs').where({ id, status: 'queued' }).update({
          status: 'cancelled',
          finished_at: now,
          updated_at: now,
        });
        if (updated === 1) await recordEvent(trx, job, 'cancelled', `cancelled by ${by}`, now);
        return updated === 1;
      });
      if (done) return { job: (await findJob(db, id))!, outcome: 'cancelled' };
    } else if (job.status === 'running') {
      if (job.cancelRequestedAt !== null) return { job, outcome: 'cancel-requested' };
      const done = await db.transaction(async (trx) => {
        const updated = await trx('jobs')
          .where({ id, status: 'running', attempts: job.attempts })
          .update({ cancel_requested_at: now, updated_at: now });
        if (updated === 1)
          await recordEvent(trx, job, 'cancel-requested', `cancel requested by ${by}`, now);
        return updated === 1;
      });
      if (done) return { job: (await findJob(db, id))!, outcome: 'cancel-requested' };
    } else {
      return { job, outcome: 'not-cancellable' };
    }
  }
  // The job changed state five times under us: it is moving too fast to cancel; say what it is now.
  const job = await findJob(db, id);
  return job ? { job, outcome: 'not-cancellable' } : undefined;
}

/** A handler's progress (0–100); false when the worker no longer holds the job. */
export async function reportProgress(db: Knex, job: Job, progress: number): Promise<boolean> {
  const value = Math.max(0, Math.min(100, Math.round(progress)));
  const updated = await heldBy(db('jobs'), job).update({ progress: value, updated_at: Date.now() });
  return updated === 1;
}

export const JOB_LOG_LEVELS = ['info', 'warn', 'error'] as const;
export type JobLogLevel = (typeof JOB_LOG_LEVELS)[number];

/** A line of a handler's log, kept with the job's events (event `log`, `warn` or `error`). */
export async function appendJobLog(
  db: Knex,
  job: Pick<Job, 'id' | 'attempts'>,
  message: string,
  level: JobLogLevel = 'info',
): Promise<void> {
  await recordEvent(db, job, level === 'info' ? 'log' : level, message, Date.now());
}

/** Extends the leases of the jobs a live worker holds, so a job may run longer than one lease. */
export async function renewLeases(
  db: Knex,
  workerId: string,
  ids: readonly number[],
  leaseMs: number,
): Promise<number> {
  if (ids.length === 0) return 0;
  const now = Date.now();
  return db('jobs')
    .whereIn('id', ids)
    .andWhere({ status: 'running', locked_by: workerId })
    .update({ locked_until: now + leaseMs });
}

/** Which of the jobs a worker holds an admin has asked to cancel. */
export async function cancelRequestedAmong(
  db: Knex,
  workerId: string,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = (await db('jobs')
    .whereIn('id', ids)
    .andWhere({ status: 'running', locked_by: workerId })
    .whereNotNull('cancel_requested_at')
    .select('id')) as Array<{ id: number | string }>;
  return rows.map((row) => Number(row.id));
}

/**
 * Deletes succeeded and cancelled jobs (and, by cascade, their events) last touched before `before`, in
 * batches so no statement holds locks for long. Dead and failed jobs stay: they wait for an admin.
 */
export async function purgeFinishedJobs(
  db: Knex,
  before: number,
  batchSize = 1000,
): Promise<number> {
  let purged = 0;
  for (;;) {
    const ids = (
      (await db('jobs')
        .whereIn('status', ['succeeded', 'cancelled'])
        .andWhere('updated_at', '<', before)
        .limit(batchSize)
        .select('id')) as Array<{ id: number | string }>
    ).map((row) => Number(row.id));
    if (ids.length === 0) return purged;
    await db('job_events').whereIn('job_id', ids).delete();
    purged += await db('jobs').whereIn('id', ids).delete();
  }
}

/** Jobs per status, for health and admin dashboards. */
export async function jobCounts(db: Knex, type?: string): Promise<Record<JobStatus, number>> {
  const query = db('jobs').groupBy('status').select('status').count({ n: '*' });
  if (type) query.where('type', type);
  const rows = (await query) as Array<{ status: JobStatus; n: number | string }>;
  const counts = Object.fromEntries(JOB_STATUSES.map((s) => [s, 0])) as Record<JobStatus, number>;
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}
