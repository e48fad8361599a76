import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('services', (t) => {
    // The slug is the id: it is what URLs, filters and the wire format use.
    t.string('id', 40).primary();
    t.string('name', 80).notNullable();
    t.integer('sort_order').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('services');
}
