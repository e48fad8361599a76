/**
 * The scheduler tests race schedulers over the shared test database, where other schedules exist too (the
 * alert check's, made by a migration; those other files add). A scheduler fires every due schedule, so
 * those would fire in the test's ticks: they are disabled for the file and enabled again after it.
 */
import type { Knex } from 'knex';

/** Disables every enabled schedule; answers the function that enables them again. */
export async function pauseOtherSchedules(db: Knex): Promise<() => Promise<void>> {
  const ids = (
    (await db('job_schedules').where({ enabled: true }).select('id')) as Array<{ id: number }>
  ).map((r) => Number(r.id));
  if (ids.length > 0) await db('job_schedules').whereIn('id', ids).update({ enabled: false });
  return async () => {
    if (ids.length > 0) await db('job_schedules').whereIn('id', ids).update({ enabled: true });
  };
}
