import type { Knex } from 'knex';

/**
 * Reports of reviews (issue 19): a visitor's from the profile (no account; an e-mail address only if they
 * give one) or the reviewed company's from its dashboard (mover_id: who sent it), each with one of a fixed
 * set of reasons and optional details, open until staff dismiss it (the review stays) or uphold it (the
 * review is hidden), with their reason. `repeats` counts later visitor reports of the same review folded into
 * an open one (features/reviews/review-reports.ts), so a burst of reports is one item in staff's queue.
 * Times are epoch milliseconds in BIGINT columns, like the other review tables.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('review_reports', (t) => {
    t.increments('id');
    t.integer('review_id')
      .unsigned()
      .notNullable()
      .references('id')
      .inTable('reviews')
      .onDelete('CASCADE');
    // visitor | company
    t.string('source', 16).notNullable();
    // fake | offensive | personal-information | wrong-company | spam | other
    t.string('reason', 32).notNullable();
    t.string('details', 1000);
    t.string('reporter_email', 254);
    t.integer('mover_id').unsigned().references('id').inTable('mover_users').onDelete('SET NULL');
    t.integer('repeats').notNullable().defaultTo(0);
    // open | dismissed | upheld
    t.string('status', 16).notNullable().defaultTo('open');
    t.string('staff_reason', 500);
    t.string('resolved_by', 64);
    t.bigInteger('resolved_at');
    t.bigInteger('created_at').notNullable();
    // Staff's queue, oldest open first; the count of open reports.
    t.index(['status', 'created_at'], 'review_reports_status');
    // A review's open reports from one source (folding repeats, a company's second report, upholding).
    t.index(['review_id', 'source', 'status'], 'review_reports_review');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('review_reports');
}
