import type { Knex } from 'knex';

/**
 * What staff did with a contact message, oldest first: read (first opened), a status change, an assignment.
 * The actor and an assignee are kept by username, as lead_status_history does, so the trail still reads
 * right after an admin account is removed (docs/decisions/026).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('contact_message_events', (t) => {
    t.increments('id');
    t.integer('message_id')
      .unsigned()
      .notNullable()
      .references('contact_messages.id')
      .onDelete('CASCADE');
    t.string('actor', 64).notNullable();
    // read | status | assigned
    t.string('action', 16).notNullable();
    // Before and after: a status, or an admin's username; null for "nobody". Not named before/after, which
    // MariaDB reserves.
    t.string('from_value', 64);
    t.string('to_value', 64);
    // UTC, ISO 8601 (as lead_status_history.changed_at): the same text on both engines, to the millisecond.
    t.string('at', 30).notNullable();
    t.index(['message_id', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('contact_message_events');
}
