/**
 * The durable job queue in the database: jobs are rows, enqueued inside the caller's transaction (so a lead
 * and the job that forwards it commit together or not at all), claimed by exactly one worker under a lease,
 * retried with backoff and, after their last attempt, left `dead` for an admin to see and retry.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { dialectOf } from '../db/dialect';
import { retryDelayMs, type BackoffPolicy } from './backoff';

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'dead'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

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
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export interface EnqueueOptions {
  maxAttempts: number;
  /** Epoch ms; now when omitted. */
  runAt?: number;
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
  await trx('jobs').insert(
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
      updated_at: now,
    });
    if (updated !== 1)
      throw new LeaseLostError(`job ${job.id} is no longer held by ${job.lockedBy}`);
    if (commit) await commit(trx);
    await recordEvent(trx, job, 'succeeded', null, now);
  });
}

/** Records a failed attempt: queued again after a jittered backoff, or dead when attempts are spent. */
export async function failJob(
  db: Knex,
  job: Job,
  error: string,
  options: { backoff: BackoffPolicy; permanent?: boolean },
): Promise<'retry' | 'dead'> {
  const now = Date.now();
  const dead = options.permanent === true || job.attempts >= job.maxAttempts;
  await db.transaction(async (trx) => {
    const updated = await heldBy(trx('jobs'), job).update({
      status: dead ? 'dead' : 'queued',
      locked_by: null,
      locked_until: null,
      last_error: error.slice(0, 2000),
      run_at: dead ? job.runAt : now + retryDelayMs(job.attempts, options.backoff),
      updated_at: now,
    });
    if (updated !== 1)
      throw new LeaseLostError(`job ${job.id} is no longer held by ${job.lockedBy}`);
    await recordEvent(trx, job, dead ? 'dead' : 'retry', error, now);
  });
  return dead ? 'dead' : 'retry';
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
          status: dead ? 'dead' : 'queued',
          locked_by: null,
          locked_until: null,
          last_error: `lease expired while ${job.lockedBy} ran it`,
          run_at: now,
          updated_at: now,
        });
      if (updated === 1) {
        reaped++;
        await recordEvent(trx, job, 'lease-expired', `worker ${job.lockedBy} did not finish`, now);
      }
    });
  }
  return reaped;
}

/** An admin's retry of a dead (or failed) job: a fresh set of attempts, starting now. */
export async function retryJob(db: Knex, id: number, by = 'admin'): Promise<Job | undefined> {
  return db.transaction(async (trx) => {
    const row = (await trx('jobs').where({ id }).first()) as Record<string, unknown> | undefined;
    if (!row) return undefined;
    const job = toJob(row);
    if (job.status !== 'dead' && job.status !== 'failed') return job;
    const now = Date.now();
    await trx('jobs').where({ id, status: job.status }).update({
      status: 'queued',
      attempts: 0,
      run_at: now,
      locked_by: null,
      locked_until: null,
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
  filter: { status?: JobStatus; type?: string; limit?: number; offset?: number } = {},
): Promise<Job[]> {
  const query = db('jobs').orderBy('id', 'desc');
  if (filter.status) query.where('status', filter.status);
  if (filter.type) query.where('type', filter.type);
  const rows = (await query.limit(filter.limit ?? 50).offset(filter.offset ?? 0)) as Array<
    Record<string, unknown>
  >;
  return rows.map(toJob);
}

export async function jobEvents(db: Knex, jobId: number): Promise<JobEvent[]> {
  const rows = (await db('job_events').where({ job_id: jobId }).orderBy('id')) as Array<
    Record<string, unknown>
  >;
  return rows.map((r) => ({
    id: Number(r.id),
    jobId: Number(r.job_id),
    attempt: Number(r.attempt),
    event: String(r.event),
    message: (r.message as string | null) ?? null,
    createdAt: Number(r.created_at),
  }));
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
