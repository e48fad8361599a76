import type { Knex } from 'knex';

/**
 * What the admin Jobs screens show and do: when the current attempt started and the job finished, who queued
 * it, and a cancel request a running job's worker sees at its next heartbeat. (type, id) finds a script's
 * latest run without sorting all its jobs.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('jobs', (t) => {
    t.bigInteger('started_at');
    t.bigInteger('finished_at');
    t.bigInteger('cancel_requested_at');
    t.string('created_by', 100);
    t.index(['type', 'id'], 'jobs_type_id');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('jobs', (t) => {
    t.dropIndex(['type', 'id'], 'jobs_type_id');
    t.dropColumn('started_at');
    t.dropColumn('finished_at');
    t.dropColumn('cancel_requested_at');
    t.dropColumn('created_by');
  });
}
