import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('cities', (t) => {
    t.increments('id');
    t.integer('state_id').unsigned().notNullable().references('states.id');
    t.string('name', 100).notNullable();
    t.string('slug', 120).notNullable();
    // Lowercase ASCII form of the name for prefix search through the index.
    t.string('search_name', 120).notNullable();
    t.double('lat');
    t.double('lng');
    t.integer('zip_count').notNullable().defaultTo(0);
    t.unique(['state_id', 'slug']);
    t.index(['search_name']);
    t.index(['state_id', 'name']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('cities');
}
