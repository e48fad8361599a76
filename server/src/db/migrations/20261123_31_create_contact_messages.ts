import type { Knex } from 'knex';

/** Messages from the /contact form, for the admin area to read and answer. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('contact_messages', (t) => {
    t.increments('id');
    // What the visitor's confirmation shows; not guessable, unlike the row id.
    t.string('public_id', 16).notNullable().unique();
    t.string('name', 100).notNullable();
    t.string('email', 254).notNullable();
    t.string('topic', 40).notNullable();
    t.text('message').notNullable();
    // new → read → answered (or spam), set by admins.
    t.string('status', 16).notNullable().defaultTo('new');
    t.string('ip_address', 64).notNullable();
    t.string('user_agent', 500).notNullable();
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.index(['status', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('contact_messages');
}
