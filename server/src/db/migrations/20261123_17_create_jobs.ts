import type { Knex } from 'knex';

/**
 * The durable job queue (server/src/jobs). Times are epoch milliseconds in BIGINT columns: comparisons and
 * arithmetic are then the same on SQLite and MySQL, with no time-zone or DATETIME-precision surprises.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('jobs', (t) => {
    t.bigIncrements('id');
    t.string('type', 64).notNullable();
    t.text('payload').notNullable();
    // queued → running → succeeded | queued (retry) | dead; failed is a cancelled or abandoned job.
    t.string('status', 16).notNullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.integer('max_attempts').notNullable();
    t.bigInteger('run_at').notNullable();
    t.string('locked_by', 100);
    t.bigInteger('locked_until');
    t.text('last_error');
    t.integer('progress');
    t.text('result');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    // A claim reads one type's due jobs in run_at order straight off this index, however many jobs of other
    // types are waiting; the reaper finds running jobs whose lease has expired.
    t.index(['status', 'type', 'run_at', 'id'], 'jobs_claim');
    t.index(['status', 'locked_until'], 'jobs_lease');
    t.index(['type', 'status'], 'jobs_type_status');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('jobs');
}
