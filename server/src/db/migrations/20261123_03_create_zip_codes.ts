import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('zip_codes', (t) => {
    t.string('zip', 5).primary();
    t.integer('city_id').unsigned().notNullable().references('cities.id');
    t.double('lat').notNullable();
    t.double('lng').notNullable();
    t.index(['city_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('zip_codes');
}
