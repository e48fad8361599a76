import type { Knex } from 'knex';

/** A job's attempt history: each claim's outcome, the error it met, and manual retries. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('job_events', (t) => {
    t.bigIncrements('id');
    t.bigInteger('job_id').unsigned().notNullable().references('jobs.id').onDelete('CASCADE');
    t.integer('attempt').notNullable();
    // succeeded, retry, dead, lease-expired, retried-by-admin
    t.string('event', 32).notNullable();
    t.text('message');
    t.bigInteger('created_at').notNullable();
    t.index(['job_id', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('job_events');
}
