import type { Knex } from 'knex';

/**
 * FMCSA's files are downloaded and imported once a week, Mondays at 08:00 UTC (issue 20): FMCSA refreshes its
 * census monthly and its L&I files daily, and a weekly run keeps the badges a week fresh at most without
 * downloading a gigabyte every day. The script does nothing until FMCSA_CENSUS_URL or FMCSA_REVOCATIONS_URL
 * is set. Created here, under the migration lock, like the review requests' schedule (20261130_04); staff
 * change or disable it on the Schedules screen.
 */
const SCRIPT_ID = 'import-fmcsa-files';
const DAY_MS = 86_400_000;
const AT_HOUR_UTC = 8;

export async function up(knex: Knex): Promise<void> {
  const existing = await knex('job_schedules').where({ script_id: SCRIPT_ID }).first('id');
  if (existing) return;
  const now = Date.now();
  // The next Monday at 08:00 UTC (1970-01-01 was a Thursday: day 4).
  const today = Math.floor(now / DAY_MS);
  let day = today + ((8 - ((today + 4) % 7)) % 7);
  if (day * DAY_MS + AT_HOUR_UTC * 3_600_000 <= now) day += 7;
  await knex('job_schedules').insert({
    script_id: SCRIPT_ID,
    params: '{}',
    cron: `0 ${AT_HOUR_UTC} * * 1`,
    timezone: 'UTC',
    enabled: true,
    next_run_at: day * DAY_MS + AT_HOUR_UTC * 3_600_000,
    created_by: 'system',
    created_at: now,
    updated_at: now,
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex('job_schedules').where({ script_id: SCRIPT_ID, created_by: 'system' }).delete();
}
