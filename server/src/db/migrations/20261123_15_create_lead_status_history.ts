import type { Knex } from 'knex';

/** Every status a lead has had, newest last; the first row (null → new) is written with the lead. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('lead_status_history', (t) => {
    t.increments('id');
    t.integer('lead_id').unsigned().notNullable().references('leads.id').onDelete('CASCADE');
    t.string('from_status', 16);
    t.string('to_status', 16).notNullable();
    t.string('changed_by', 64);
    t.string('note', 500);
    t.string('changed_at', 30).notNullable();
    t.index(['lead_id', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('lead_status_history');
}
