import type { Knex } from 'knex';

/**
 * The e-mails asking visitors how their move went (issue 19) go out once a day at 15:00 UTC: morning in every
 * US time zone (10:00 in New York, 7:00 in Los Angeles), when a message is read rather than buried overnight.
 * Created here, under the migration lock, for the reason 20261127_92 gives; staff change or disable it on the
 * Schedules screen.
 */
const SCRIPT_ID = 'send-review-requests';
const DAY_MS = 86_400_000;
const AT_HOUR_UTC = 15;

export async function up(knex: Knex): Promise<void> {
  const existing = await knex('job_schedules').where({ script_id: SCRIPT_ID }).first('id');
  if (existing) return;
  const now = Date.now();
  const today = Math.floor(now / DAY_MS) * DAY_MS + AT_HOUR_UTC * 3_600_000;
  await knex('job_schedules').insert({
    script_id: SCRIPT_ID,
    params: '{}',
    cron: `0 ${AT_HOUR_UTC} * * *`,
    timezone: 'UTC',
    enabled: true,
    next_run_at: today > now ? today : today + DAY_MS,
    created_by: 'system',
    created_at: now,
    updated_at: now,
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex('job_schedules').where({ script_id: SCRIPT_ID, created_by: 'system' }).delete();
}
