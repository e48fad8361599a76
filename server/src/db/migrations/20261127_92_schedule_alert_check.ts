import type { Knex } from 'knex';

/**
 * The alert check (features/alerts, docs/decisions/030) runs every minute on a cron schedule. It is created
 * here rather than at start: migrations run under knex's lock, once per database, whereas several processes
 * starting at the same moment each read "no schedule yet" and then raced to insert one (two schedules on
 * MariaDB; on SQLite the loser's read-then-write transaction failed with SQLITE_BUSY_SNAPSHOT and the process
 * did not start). An admin may change or disable it on the Schedules screen, or delete it for good.
 */
const SCRIPT_ID = 'check-alerts';
const MINUTE_MS = 60_000;

export async function up(knex: Knex): Promise<void> {
  const existing = await knex('job_schedules').where({ script_id: SCRIPT_ID }).first('id');
  if (existing) return;
  const now = Date.now();
  await knex('job_schedules').insert({
    script_id: SCRIPT_ID,
    params: '{}',
    cron: '* * * * *',
    timezone: 'UTC',
    enabled: true,
    // The next whole minute, as the scheduler computes for '* * * * *'.
    next_run_at: Math.floor(now / MINUTE_MS) * MINUTE_MS + MINUTE_MS,
    created_by: 'system',
    created_at: now,
    updated_at: now,
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex('job_schedules').where({ script_id: SCRIPT_ID, created_by: 'system' }).delete();
}
