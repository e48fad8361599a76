import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('states', (t) => {
    t.increments('id');
    t.string('name', 64).notNullable();
    t.string('abbreviation', 2).notNullable().unique();
    t.string('slug', 64).notNullable().unique();
    t.string('region', 16).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('states');
}
