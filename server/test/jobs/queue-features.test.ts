/**
 * What the queue grew for the admin Jobs screens, on every test database: handlers' progress and log lines,
 * cancel (queued at once; running through the handler's signal), retry of a cancelled job, leases renewed
 * for jobs longer than a lease, the handler time limit, and purging finished jobs.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection';
import {
  cancelJob,
  claimJob,
  enqueueJob,
  findJob,
  jobEvents,
  purgeFinishedJobs,
  retryJob,
  type Job,
} from '../../src/jobs/queue';
import { JobWorker, type JobHandler } from '../../src/jobs/worker';
import { testDatabases } from '../databases';

const until = async (condition: () => Promise<boolean>, what: string, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe.each(testDatabases())('job queue features on $name', ({ config }) => {
  let db: Knex;
  const types: string[] = [];
  const newType = () => {
    const type = `test.${randomUUID().slice(0, 8)}`;
    types.push(type);
    return type;
  };
  const workers: JobWorker[] = [];
  const startWorker = (handlers: Record<string, JobHandler>, leaseMs = 5000, concurrency = 2) => {
    const worker = new JobWorker({
      db,
      logger: pino({ level: 'silent' }),
      handlers,
      concurrency,
      pollIntervalMs: 20,
      leaseMs,
      heartbeatMs: 50,
      backoff: { baseMs: 10, maxMs: 20 },
    });
    workers.push(worker);
    worker.start();
    return worker;
  };
  const statusOf = async (id: number) => (await findJob(db, id))!.status;

  beforeAll(() => {
    db = openDatabase(config);
  });
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    await db('jobs').whereIn('type', types).delete();
    await db.destroy();
  });

  it('keeps a type within its slots: hanging jobs of one type never hold up another', async () => {
    const hanging = newType();
    const quick = newType();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let running = 0;
    let most = 0;
    const quickDone: number[] = [];
    startWorker(
      {
        [hanging]: {
          maxSlots: 2,
          async run() {
            most = Math.max(most, ++running);
            await released;
            running--;
          },
        },
        [quick]: {
          async run(job) {
            quickDone.push(job.id);
          },
        },
      },
      5000,
      3,
    );
    // Five receivers that hang, then the e-mail behind them.
    for (let i = 0; i < 5; i++) await enqueueJob(db, hanging, { i }, { maxAttempts: 1 });
    await until(async () => running === 2, 'two hanging jobs in hand');
    const mail = await enqueueJob(db, quick, {}, { maxAttempts: 1 });
    await until(async () => quickDone.includes(mail), 'the quick job beside the hanging ones');
    expect(running).toBe(2);
    release();
    await until(
      async () =>
        Number(
          (await db('jobs').where({ type: hanging, status: 'succeeded' }).count({ n: '*' }))[0]!.n,
        ) === 5,
      'every hanging job',
    );
    expect(most).toBe(2);
  });

  it('records a handler’s progress and log lines while it runs, and the timing', async () => {
    const type = newType();
    let release!: () => void;
    const halfway = new Promise<void>((resolve) => (release = resolve));
    // The handler says when it has written everything it writes before pausing:
    // waiting on the stored progress alone raced the warning written after it.
    let paused!: () => void;
    const atHalfway = new Promise<void>((resolve) => (paused = resolve));
    startWorker({
      [type]: {
        async run(_job, _signal, context) {
          await context.progress(10);
          await context.log('first batch done');
          await context.progress(55.4);
          await context.log('a company had no name', 'warn');
          paused();
          await halfway;
          return { result: { done: true } };
        },
      },
    });
    const id = await enqueueJob(db, type, {}, { maxAttempts: 1, createdBy: 'admin:test' });
    try {
      await atHalfway;
      const running = (await findJob(db, id))!;
      expect(running).toMatchObject({
        status: 'running',
        createdBy: 'admin:test',
        finishedAt: null,
        progress: 55,
      });
      expect(running.startedAt).toBeGreaterThanOrEqual(running.createdAt);
      expect((await jobEvents(db, id)).map((e) => [e.event, e.message])).toEqual([
        ['log', 'first batch done'],
        ['warn', 'a company had no name'],
      ]);
    } finally {
      // A failed check must not leave the handler waiting, or stopping the worker hangs.
      release();
    }
    await until(async () => (await statusOf(id)) === 'succeeded', 'success');
    const done = (await findJob(db, id))!;
    expect(done).toMatchObject({ progress: 100, result: { done: true } });
    expect(done.finishedAt).toBeGreaterThanOrEqual(done.startedAt!);
    const after = (await jobEvents(db, id))[1]!.id;
    expect((await jobEvents(db, id, { afterId: after })).map((e) => e.event)).toEqual([
      'succeeded',
    ]);
  });

  it('cancels a queued job at once; it is never claimed, and can be retried', async () => {
    const type = newType();
    const id = await enqueueJob(db, type, {}, { maxAttempts: 3, runAt: Date.now() + 60_000 });
    const cancelled = await cancelJob(db, id, 'admin:alice');
    expect(cancelled).toMatchObject({ outcome: 'cancelled', job: { status: 'cancelled' } });
    expect(cancelled!.job.finishedAt).not.toBeNull();
    await db('jobs').where({ id }).update({ run_at: Date.now() });
    expect(await claimJob(db, 'w', [type], 1000)).toBeUndefined();
    expect(await cancelJob(db, id)).toMatchObject({ outcome: 'not-cancellable' });
    expect(await retryJob(db, id, 'admin:alice')).toMatchObject({
      status: 'queued',
      attempts: 0,
      finishedAt: null,
      cancelRequestedAt: null,
    });
    expect((await jobEvents(db, id)).map((e) => [e.event, e.message])).toEqual([
      ['cancelled', 'cancelled by admin:alice'],
      ['retried', 'retried by admin:alice'],
    ]);
    expect(await cancelJob(db, 999_999_999)).toBeUndefined();
  });

  it('cancels a running job through its signal: the handler stops and the job ends cancelled', async () => {
    const type = newType();
    let sawAbort = false;
    startWorker({
      [type]: {
        async run(_job, signal, context) {
          for (let batch = 0; ; batch++) {
            if (signal.aborted) {
              sawAbort = true;
              throw signal.reason;
            }
            await context.progress(batch);
            await new Promise((r) => setTimeout(r, 20));
          }
        },
      },
    });
    const id = await enqueueJob(db, type, {}, { maxAttempts: 5 });
    await until(async () => ((await findJob(db, id))!.progress ?? 0) >= 2, 'the job to run');
    expect(await cancelJob(db, id, 'admin:bob')).toMatchObject({ outcome: 'cancel-requested' });
    // Asking twice is harmless.
    expect(await cancelJob(db, id, 'admin:bob')).toMatchObject({ outcome: 'cancel-requested' });
    await until(async () => (await statusOf(id)) === 'cancelled', 'the cancel');
    expect(sawAbort).toBe(true);
    const job = (await findJob(db, id))!;
    // Not retried although attempts were left: a cancel is final until an admin retries.
    expect(job).toMatchObject({ attempts: 1, lastError: 'cancelled by an admin' });
    expect(job.finishedAt).not.toBeNull();
    expect((await jobEvents(db, id)).map((e) => e.event)).toEqual([
      'cancel-requested',
      'cancelled',
    ]);
  });

  it('lets a handler that finishes despite a cancel request succeed', async () => {
    const type = newType();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    startWorker({ [type]: { run: async () => (await gate, { result: 'done anyway' }) } });
    const id = await enqueueJob(db, type, {}, { maxAttempts: 1 });
    await until(async () => (await statusOf(id)) === 'running', 'the job to run');
    await cancelJob(db, id);
    release();
    await until(async () => (await statusOf(id)) !== 'running', 'the end');
    expect(await findJob(db, id)).toMatchObject({ status: 'succeeded', result: 'done anyway' });
  });

  it('renews the lease of a job that runs longer than one lease, so nobody reaps it', async () => {
    const type = newType();
    let runs = 0;
    const id = await enqueueJob(db, type, {}, { maxAttempts: 3 });
    const owner = startWorker(
      {
        [type]: {
          timeoutMs: 10_000,
          async run() {
            runs++;
            await new Promise((r) => setTimeout(r, 1500));
            return { result: 'long' };
          },
        },
      },
      400,
    );
    await until(async () => (await findJob(db, id))!.lockedBy === owner.id, 'the first claim');
    // A second worker that takes the job as soon as its lease lapses.
    startWorker({ [type]: { run: async () => ({ result: 'stolen' }) } }, 400);
    await until(async () => (await statusOf(id)) === 'succeeded', 'the long job');
    expect(await findJob(db, id)).toMatchObject({ attempts: 1, result: 'long' });
    expect(runs).toBe(1);
    expect((await jobEvents(db, id)).map((e) => e.event)).toEqual(['succeeded']);
  });

  it('aborts a handler that runs past its time limit, and retries it', async () => {
    const type = newType();
    startWorker({
      [type]: {
        timeoutMs: 200,
        async run(job: Job, signal) {
          if (job.attempts > 1) return { result: 'second time lucky' };
          await new Promise((_r, reject) =>
            signal.addEventListener('abort', () => reject(signal.reason)),
          );
        },
      },
    });
    const id = await enqueueJob(db, type, {}, { maxAttempts: 2 });
    await until(async () => (await statusOf(id)) === 'succeeded', 'the retry');
    expect((await jobEvents(db, id)).map((e) => [e.event, e.message])).toEqual([
      ['retry', 'ran past its time limit'],
      ['succeeded', null],
    ]);
  });

  it('purges succeeded and cancelled jobs past their keeping time, never dead ones', async () => {
    const type = newType();
    const ids = await Promise.all(
      ['succeeded', 'cancelled', 'dead', 'succeeded'].map(() =>
        enqueueJob(db, type, {}, { maxAttempts: 1 }),
      ),
    );
    const old = Date.now() - 10 * 86_400_000;
    await db('jobs').whereIn('id', ids.slice(0, 3)).update({ updated_at: old });
    await db('jobs').where({ id: ids[0] }).update({ status: 'succeeded' });
    await db('jobs').where({ id: ids[1] }).update({ status: 'cancelled' });
    await db('jobs').where({ id: ids[2] }).update({ status: 'dead' });
    await db('jobs').where({ id: ids[3] }).update({ status: 'succeeded' });
    expect(await purgeFinishedJobs(db, Date.now() - 86_400_000, 1)).toBeGreaterThanOrEqual(2);
    const left = (await db('jobs').whereIn('id', ids).select('id')).map((r: { id: number }) =>
      Number(r.id),
    );
    expect(left.sort((a, b) => a - b)).toEqual([ids[2], ids[3]].sort((a, b) => a! - b!));
  });
});
