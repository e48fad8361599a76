import type { Knex } from 'knex';

/**
 * What the alert check (features/alerts) last saw of each problem, so admins are e-mailed once when it starts
 * failing, not every minute, and again only after it recovered and failed anew. One row per problem key
 * (`lead-delivery`, `schedule:4`, …); a guarded update moves it between ok and failing, so two checks racing
 * send one e-mail. Times are epoch milliseconds.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('admin_alert_states', (t) => {
    t.string('problem_key', 100).primary();
    // failing | ok
    t.string('status', 16).notNullable();
    // The problem's title when it was last seen failing.
    t.string('title', 300).notNullable();
    t.bigInteger('failing_since');
    t.bigInteger('notified_at');
    // The alert e-mail sent for this episode (mail_messages.id), when one was.
    t.bigInteger('mail_id');
    t.bigInteger('recovered_at');
    t.bigInteger('updated_at').notNullable();
    t.index(['status'], 'admin_alert_states_status');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('admin_alert_states');
}
