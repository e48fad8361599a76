/**
 * The alert check's schedule: every minute, created at start when there is none (an admin may change or
 * disable it on the Schedules screen; a deleted one comes back at the next start — disable it instead).
 * Created here rather than by a migration, so test databases and their scheduler tests see no schedule
 * they did not make.
 */
import type { Knex } from 'knex';
import { nextOccurrence } from '../../jobs/scheduler';
import { CHECK_ALERTS_SCRIPT_ID } from './check-alerts-script';

export const ALERT_CHECK_CRON = '* * * * *';

/** Answers whether it created the schedule. */
export async function ensureAlertCheckSchedule(db: Knex, now = Date.now()): Promise<boolean> {
  return db.transaction(async (trx) => {
    const existing = await trx('job_schedules')
      .where({ script_id: CHECK_ALERTS_SCRIPT_ID })
      .first('id');
    if (existing) return false;
    await trx('job_schedules').insert({
      script_id: CHECK_ALERTS_SCRIPT_ID,
      params: '{}',
      cron: ALERT_CHECK_CRON,
      timezone: 'UTC',
      enabled: true,
      next_run_at: nextOccurrence(ALERT_CHECK_CRON, 'UTC', now),
      created_by: 'system',
      created_at: now,
      updated_at: now,
    });
    return true;
  });
}
