import type { Knex } from 'knex';

/**
 * QA automation's history (features/qa): a run of some suites against the running site, and the pass or
 * fail of each check it made, with its timing and what went wrong. Times are epoch milliseconds.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('qa_runs', (t) => {
    t.increments('id');
    t.bigInteger('job_id');
    // running → passed | failed (some check failed) | error (the run itself stopped).
    t.string('status', 16).notNullable();
    // JSON list of suite names.
    t.string('suites', 200).notNullable();
    t.integer('total').notNullable().defaultTo(0);
    t.integer('passed').notNullable().defaultTo(0);
    t.integer('failed').notNullable().defaultTo(0);
    t.bigInteger('started_at').notNullable();
    t.bigInteger('finished_at');
    t.integer('duration_ms');
    t.text('error');
    t.index(['job_id'], 'qa_runs_job');
  });
  await knex.schema.createTable('qa_checks', (t) => {
    t.bigIncrements('id');
    t.integer('run_id')
      .unsigned()
      .notNullable()
      .references('id')
      .inTable('qa_runs')
      .onDelete('CASCADE');
    t.string('suite', 32).notNullable();
    t.string('name', 300).notNullable();
    t.string('status', 16).notNullable();
    t.integer('duration_ms').notNullable();
    t.string('url', 2000);
    t.text('detail');
    t.index(['run_id', 'id'], 'qa_checks_run');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('qa_checks');
  await knex.schema.dropTable('qa_runs');
}
