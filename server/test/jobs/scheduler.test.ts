/**
 * The cron scheduler on every test database: expressions and time zones, one job per occurrence however many
 * schedulers race for it, one catch-up firing after downtime, and a schedule whose script is gone.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection';
import { enqueueJob } from '../../src/jobs/queue';
import {
  InvalidCronError,
  JobScheduler,
  nextOccurrence,
  nextOccurrences,
  parseCron,
} from '../../src/jobs/scheduler';
import { fireScriptSchedule } from '../../src/features/scripts/schedules';
import { testDatabases } from '../databases';
import { pauseOtherSchedules } from '../support/other-schedules';

describe('cron expressions', () => {
  it('computes next occurrences in a time zone, with or without seconds', () => {
    const from = Date.UTC(2026, 0, 1, 10, 0, 0);
    expect(nextOccurrence('*/15 * * * *', 'UTC', from)).toBe(Date.UTC(2026, 0, 1, 10, 15));
    // 03:00 in New York is 08:00 UTC in winter.
    expect(nextOccurrence('0 3 * * *', 'America/New_York', from)).toBe(Date.UTC(2026, 0, 2, 8, 0));
    expect(nextOccurrences('30 * * * * *', 'UTC', 2, from)).toEqual([from + 30_000, from + 90_000]);
  });

  it('says what is wrong with a bad expression or time zone', () => {
    expect(() => parseCron('61 * * * *', 'UTC')).toThrow(InvalidCronError);
    expect(() => parseCron('61 * * * *', 'UTC')).toThrow(/minute/);
    expect(() => parseCron('* * *', 'UTC')).toThrow(InvalidCronError);
    expect(() => parseCron('0 3 * * *', 'Mars/Olympus')).toThrow(
      'Unknown time zone "Mars/Olympus"',
    );
  });
});

describe.each(testDatabases())('the scheduler on $name', ({ config }) => {
  let db: Knex;
  let other: Knex;
  const tag = randomUUID().slice(0, 8);
  const type = `test.sched.${tag}`;
  const logger = pino({ level: 'silent' });
  const scheduler = (pool: Knex) =>
    new JobScheduler({
      db: pool,
      logger,
      async fire(trx, schedule) {
        const jobId = await enqueueJob(
          trx,
          type,
          { scheduleId: schedule.id, occurrence: schedule.occurrence },
          { maxAttempts: 1 },
        );
        return { jobId, type };
      },
    });
  const addSchedule = async (values: Record<string, unknown>) => {
    const now = Date.now();
    const [id] = (await db('job_schedules').insert({
      script_id: `test-${tag}`,
      params: '{}',
      cron: '* * * * *',
      timezone: 'UTC',
      enabled: true,
      created_by: 'test',
      created_at: now,
      updated_at: now,
      ...values,
    })) as number[];
    return Number(id);
  };
  const jobsOf = async (scheduleId: number) =>
    (await db('jobs').where({ type }).select('payload'))
      .map(
        (r: { payload: string }) =>
          JSON.parse(r.payload) as { scheduleId: number; occurrence: number },
      )
      .filter((p) => p.scheduleId === scheduleId);
  const scheduleRow = async (id: number) =>
    (await db('job_schedules').where({ id }).first()) as {
      next_run_at: number | string | null;
      enabled: number | boolean;
      last_job_id: number | null;
      last_error: string | null;
    };

  let resumeOthers: () => Promise<void>;
  beforeAll(async () => {
    db = openDatabase(config);
    resumeOthers = await pauseOtherSchedules(db);
    // A second pool: on MariaDB its connections race the first's like another process's would. SQLite's
    // driver is synchronous, so a second connection in this thread would only block it while it waits for
    // the lock; multi-process.test.ts races real processes on SQLite.
    other = config.client === 'mysql' ? openDatabase(config) : db;
  });
  // A test's every-minute schedule is due again at the next minute: left enabled, it would fire in the next
  // test's tick, depending on where the minute boundary falls (a CI run found it so).
  afterEach(async () => {
    await db('job_schedules').where('script_id', 'like', `test-${tag}%`).update({ enabled: false });
  });
  afterAll(async () => {
    await db('jobs').where({ type }).delete();
    await db('job_schedules').where('script_id', 'like', `test-${tag}%`).delete();
    await resumeOthers();
    if (other !== db) await other.destroy();
    await db.destroy();
  });

  it('fires a due occurrence once when several schedulers tick at the same moment', async () => {
    const now = Date.now();
    const due = now - 1000;
    const id = await addSchedule({ next_run_at: due });
    const schedulers = [scheduler(db), scheduler(other), scheduler(db), scheduler(other)];
    const fired = await Promise.all(schedulers.map((s) => s.tick(now)));
    expect(fired.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await jobsOf(id)).toEqual([{ scheduleId: id, occurrence: due }]);
    const row = await scheduleRow(id);
    expect(Number(row.next_run_at)).toBe(nextOccurrence('* * * * *', 'UTC', now));
    expect(row.last_job_id).not.toBeNull();
    // Nothing more is due until that next minute.
    expect(await scheduler(db).tick(now + 1)).toBe(0);
  });

  it('fires once after downtime, however many occurrences were missed, then continues from now', async () => {
    const now = Date.now();
    const id = await addSchedule({ next_run_at: now - 3_600_000 });
    expect(await scheduler(db).tick(now)).toBe(1);
    expect(await jobsOf(id)).toHaveLength(1);
    expect(Number((await scheduleRow(id)).next_run_at)).toBeGreaterThan(now);
  });

  it('leaves disabled schedules alone', async () => {
    const id = await addSchedule({ next_run_at: Date.now() - 1000, enabled: false });
    await scheduler(db).tick();
    expect(await jobsOf(id)).toEqual([]);
  });

  it('records why an occurrence queued nothing and moves on to the next', async () => {
    const now = Date.now();
    const id = await addSchedule({ script_id: `test-${tag}-gone`, next_run_at: now - 1000 });
    const real = new JobScheduler({ db, logger, fire: fireScriptSchedule });
    expect(await real.tick(now)).toBe(0);
    const row = await scheduleRow(id);
    expect(row.last_error).toBe(`The script "test-${tag}-gone" no longer exists`);
    expect(row.last_job_id).toBeNull();
    expect(Number(row.next_run_at)).toBeGreaterThan(now);
  });
});
