import type { Knex } from 'knex';

/**
 * Which e-mails a company gets and who receives them (issue 17, the /pro notification settings): one row per
 * company and kind of message once an owner has changed it; no row means the default, the company's owners.
 * member_ids_json lists account ids of the team (people who left the team are skipped when read);
 * extra_emails_json at most three other addresses.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('company_notification_settings', (t) => {
    t.increments('id');
    t.integer('company_id')
      .unsigned()
      .notNullable()
      .references('id')
      .inTable('companies')
      .onDelete('CASCADE');
    // new-lead | new-review | review-reply-moderated | weekly-summary
    t.string('kind', 32).notNullable();
    t.text('member_ids_json').notNullable();
    t.text('extra_emails_json').notNullable();
    t.integer('updated_by_user_id').unsigned();
    t.bigInteger('updated_at').notNullable();
    t.unique(['company_id', 'kind'], { indexName: 'company_notification_settings_kind' });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('company_notification_settings');
}
