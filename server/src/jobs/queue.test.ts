/** The job queue on both databases: transactional enqueue, exclusive claims, leases, retries, dead letters. */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases';
import { openDatabase } from '../db/connection';
import {
  claimJob,
  completeJob,
  enqueueJob,
  failJob,
  findJob,
  jobCounts,
  jobEvents,
  LeaseLostError,
  reapExpiredLeases,
  retryJob,
} from './queue';
import { JobWorker, PermanentJobError } from './worker';

const backoff = { baseMs: 10, maxMs: 50 };

describe.each(testDatabases())('job queue on $name', (database) => {
  let db: Knex;
  const types: string[] = [];
  const newType = () => {
    const type = `test.${randomUUID().slice(0, 8)}`;
    types.push(type);
    return type;
  };

  beforeAll(() => {
    db = openDatabase(database.config);
  });
  afterAll(async () => {
    await db('jobs').whereIn('type', types).delete();
    await db.destroy();
  });

  it('enqueues inside the caller transaction: a rollback leaves no job', async () => {
    const type = newType();
    await expect(
      db.transaction(async (trx) => {
        await enqueueJob(trx, type, { n: 1 }, { maxAttempts: 3 });
        throw new Error('the caller failed');
      }),
    ).rejects.toThrow('the caller failed');
    expect(await claimJob(db, 'w', [type], 1000)).toBeUndefined();
    const id = await db.transaction((trx) => enqueueJob(trx, type, { n: 2 }, { maxAttempts: 3 }));
    const job = await claimJob(db, 'w', [type], 1000);
    expect(job).toMatchObject({
      id,
      type,
      payload: { n: 2 },
      status: 'running',
      attempts: 1,
      lockedBy: 'w',
    });
  });

  it('claims due jobs in run_at order, whatever order they were queued in', async () => {
    const type = newType();
    const now = Date.now();
    // Queued in one order, due in another: the earliest due is claimed first.
    const dueAgo = [1000, 5000, 3000, 2000, 4000];
    const ids = new Map<number, number>();
    for (const ago of dueAgo)
      ids.set(ago, await enqueueJob(db, type, { ago }, { maxAttempts: 1, runAt: now - ago }));
    const claimed: number[] = [];
    for (
      let job = await claimJob(db, 'w', [type], 1000);
      job;
      job = await claimJob(db, 'w', [type], 1000)
    )
      claimed.push(job.id);
    expect(claimed).toEqual([5000, 4000, 3000, 2000, 1000].map((ago) => ids.get(ago)));
  });

  it('hands each job to exactly one of many concurrent claimers', async () => {
    const type = newType();
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) ids.push(await enqueueJob(db, type, { i }, { maxAttempts: 3 }));
    const claimed: number[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async (_, w) => {
        for (;;) {
          const job = await claimJob(db, `worker-${w}`, [type], 10_000);
          if (!job) return;
          claimed.push(job.id);
        }
      }),
    );
    // Which claimer got which job is the race; the point is that none was handed out twice or left.
    expect(claimed.sort((a, b) => a - b)).toEqual(ids);
    const future = await enqueueJob(db, type, {}, { maxAttempts: 1, runAt: Date.now() + 60_000 });
    expect(await claimJob(db, 'w', [type], 1000)).toBeUndefined();
    await db('jobs').where({ id: future }).delete();
  });

  it('retries with backoff, then leaves the job dead with its history, until an admin retries it', async () => {
    const type = newType();
    const id = await enqueueJob(db, type, {}, { maxAttempts: 2 });
    let job = (await claimJob(db, 'w', [type], 1000))!;
    expect(await failJob(db, job, 'boom 1', { backoff })).toBe('retry');
    const queued = (await findJob(db, id))!;
    expect(queued).toMatchObject({ status: 'queued', lastError: 'boom 1', lockedBy: null });
    expect(queued.runAt).toBeGreaterThanOrEqual(job.runAt);
    await new Promise((r) => setTimeout(r, 60));
    job = (await claimJob(db, 'w', [type], 1000))!;
    expect(job.attempts).toBe(2);
    expect(await failJob(db, job, 'boom 2', { backoff })).toBe('dead');
    expect((await findJob(db, id))!.status).toBe('dead');
    expect((await jobCounts(db, type)).dead).toBe(1);
    expect(await claimJob(db, 'w', [type], 1000)).toBeUndefined();

    expect(await retryJob(db, id, 'ops')).toMatchObject({ status: 'queued', attempts: 0 });
    job = (await claimJob(db, 'w', [type], 1000))!;
    await completeJob(db, job, { ok: true });
    expect(await findJob(db, id)).toMatchObject({ status: 'succeeded', result: { ok: true } });
    expect((await jobEvents(db, id)).map((e) => [e.event, e.attempt])).toEqual([
      ['retry', 1],
      ['dead', 2],
      ['retried', 2],
      ['succeeded', 1],
    ]);
  });

  it('gives a job whose worker vanished to another worker once the lease expires', async () => {
    const type = newType();
    const id = await enqueueJob(db, type, {}, { maxAttempts: 3 });
    const lost = (await claimJob(db, 'crashed', [type], 50))!;
    expect(await claimJob(db, 'other', [type], 50)).toBeUndefined();
    await new Promise((r) => setTimeout(r, 80));
    expect(await reapExpiredLeases(db)).toBeGreaterThanOrEqual(1);
    const again = (await claimJob(db, 'other', [type], 10_000))!;
    expect(again).toMatchObject({ id, attempts: 2, lockedBy: 'other' });
    // The vanished worker cannot finish or fail a job it no longer holds.
    await expect(completeJob(db, lost, null)).rejects.toThrow(LeaseLostError);
    await expect(failJob(db, lost, 'late', { backoff })).rejects.toThrow(LeaseLostError);
    await completeJob(db, again, null);
    expect((await jobEvents(db, id)).map((e) => e.event)).toEqual(['lease-expired', 'succeeded']);
  });

  it('runs handlers in a worker: commit effects with success, permanent errors straight to dead', async () => {
    const ok = newType();
    const bad = newType();
    const flaky = newType();
    let flakyCalls = 0;
    const worker = new JobWorker({
      db,
      logger: pino({ level: 'silent' }),
      concurrency: 3,
      pollIntervalMs: 20,
      leaseMs: 5000,
      backoff,
      handlers: {
        [ok]: { run: async (job) => ({ result: { echoed: job.payload } }) },
        [bad]: {
          run: async () => {
            throw new PermanentJobError('never valid');
          },
        },
        [flaky]: {
          run: async () => {
            if (++flakyCalls < 3) throw new Error('not yet');
            return {};
          },
        },
      },
    });
    worker.start();
    try {
      const ids = await Promise.all([
        enqueueJob(db, ok, { hello: 'world' }, { maxAttempts: 3 }),
        enqueueJob(db, bad, {}, { maxAttempts: 5 }),
        enqueueJob(db, flaky, {}, { maxAttempts: 5 }),
      ]);
      worker.kick();
      const deadline = Date.now() + 10_000;
      for (;;) {
        const jobs = await Promise.all(ids.map((id) => findJob(db, id)));
        if (jobs.every((j) => j!.status === 'succeeded' || j!.status === 'dead')) break;
        if (Date.now() > deadline) throw new Error('jobs did not finish');
        await new Promise((r) => setTimeout(r, 20));
      }
      const [first, second, third] = await Promise.all(ids.map((id) => findJob(db, id)));
      expect(first).toMatchObject({
        status: 'succeeded',
        result: { echoed: { hello: 'world' } },
      });
      expect(second).toMatchObject({ status: 'dead', attempts: 1, lastError: 'never valid' });
      expect(third).toMatchObject({ status: 'succeeded', attempts: 3 });
    } finally {
      await worker.stop();
    }
  });
});
