import type { Knex } from 'knex';

/**
 * Outgoing e-mail (features/mail): every message the server sends, stored when it is accepted — in the same
 * transaction as the job that sends it — so none is lost and the admin Mail screen can show each one. Without
 * SMTP_URL a message is only kept here (status kept). Times are epoch milliseconds, like the job tables.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mail_messages', (t) => {
    t.increments('id');
    t.string('to_address', 254).notNullable();
    t.string('from_address', 320).notNullable();
    t.string('subject', 300).notNullable();
    t.text('text_body').notNullable();
    t.text('html_body').notNullable();
    // Which message it is (admin-alert, …): the template module that made it.
    t.string('template', 64).notNullable();
    // queued | retrying | sent | kept | failed
    t.string('status', 16).notNullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('last_error');
    // Our Message-ID header: the same on every attempt, so a receiver can tell a repeat.
    t.string('message_id', 200).notNullable();
    // What the SMTP server called it when it accepted it (its queue id), when it said.
    t.string('provider_message_id', 200);
    t.bigInteger('job_id');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.bigInteger('sent_at');
    t.index(['to_address', 'id'], 'mail_messages_to');
    t.index(['status', 'id'], 'mail_messages_status');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('mail_messages');
}
