import type { Knex } from 'knex';

/**
 * Cron schedules of the admin scripts (features/admin-scripts, jobs/scheduler.ts), in the database so a restart
 * keeps them and every server process sees the same ones. next_run_at is the occurrence due next (epoch ms,
 * like the job tables); a scheduler fires it by moving it on with a guarded update, so only one process does.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('job_schedules', (t) => {
    t.increments('id');
    t.string('script_id', 64).notNullable();
    // The script's parameters (JSON), validated against its schema when saved and again when fired.
    t.text('params').notNullable();
    t.string('cron', 120).notNullable();
    t.string('timezone', 64).notNullable().defaultTo('UTC');
    t.boolean('enabled').notNullable().defaultTo(true);
    // Null while disabled: a disabled schedule has no occurrence due.
    t.bigInteger('next_run_at');
    t.bigInteger('last_run_at');
    t.bigInteger('last_job_id');
    // Why the last occurrence queued no job (the script is gone, its parameters no longer fit).
    t.text('last_error');
    t.string('created_by', 100).notNullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['enabled', 'next_run_at'], 'job_schedules_due');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('job_schedules');
}
