/**
 * Purge expired sessions and old tracking data: ended admin sessions, rate-limit windows that are over, the
 * widget's step events past their keeping time, and finished jobs (succeeded or cancelled) past theirs.
 * Dead and failed jobs stay for an admin to look at. Deletes go in batches, so no statement locks for long.
 */
import { z } from 'zod';
import { purgeFinishedJobs } from '../../../jobs/queue';
import { purgeExpiredSessions } from '../../auth';
import { checkpoint, defineScript } from '../../../jobs/script';

const DAY_MS = 86_400_000;
const BATCH = 5000;

/** widget_step_events.created_at is a TIMESTAMP written by the database in UTC ('YYYY-MM-DD HH:MM:SS'). */
const sqlTimestamp = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

export const purgeOldData = defineScript({
  id: 'purge-old-data',
  title: 'Purge expired sessions and old tracking data',
  description:
    'Deletes ended admin sessions, rate-limit counters whose window is over, widget step events older than the keeping time, and succeeded or cancelled jobs older than theirs. Dead and failed jobs are kept.',
  params: z.strictObject({
    stepEventsDays: z.number().int().min(1).max(3650).default(180).meta({
      title: 'Keep widget step events (days)',
      description: 'Funnel events older than this are deleted.',
    }),
    finishedJobsDays: z.number().int().min(1).max(3650).default(30).meta({
      title: 'Keep finished jobs (days)',
      description: 'Succeeded and cancelled jobs older than this are deleted with their logs.',
    }),
  }),
  async run({ stepEventsDays, finishedJobsDays }, { config, db, signal, progress, log }) {
    const now = Date.now();
    const sessions = await purgeExpiredSessions(db, config.adminAuth, now);
    await log(`Admin sessions ended: ${sessions} deleted`);
    await progress(10);

    let rateLimits = 0;
    for (;;) {
      checkpoint(signal);
      const keys = (
        (await db('rate_limit_hits')
          .where('reset_at', '<=', now)
          .limit(BATCH)
          .select('key')) as Array<{ key: string }>
      ).map((row) => row.key);
      if (keys.length === 0) break;
      rateLimits += await db('rate_limit_hits')
        .whereIn('key', keys)
        .andWhere('reset_at', '<=', now)
        .delete();
    }
    await log(`Rate-limit counters past their window: ${rateLimits} deleted`);
    await progress(30);

    const stepCutoff = sqlTimestamp(now - stepEventsDays * DAY_MS);
    let stepEvents = 0;
    for (;;) {
      checkpoint(signal);
      const ids = (
        (await db('widget_step_events')
          .where('created_at', '<', stepCutoff)
          .orderBy('id')
          .limit(BATCH)
          .select('id')) as Array<{ id: number }>
      ).map((row) => Number(row.id));
      if (ids.length === 0) break;
      stepEvents += await db('widget_step_events').whereIn('id', ids).delete();
    }
    await log(`Widget step events older than ${stepEventsDays} days: ${stepEvents} deleted`);
    await progress(60);

    const jobs = await purgeFinishedJobs(db, now - finishedJobsDays * DAY_MS);
    await log(`Finished jobs older than ${finishedJobsDays} days: ${jobs} deleted`);
    return { adminSessions: sessions, rateLimitCounters: rateLimits, stepEvents, jobs };
  },
});
