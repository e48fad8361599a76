import type { Knex } from 'knex';

/** A partner's version, as companies.version: the Settings screen's partner edits are checked against it. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('partners', (t) => {
    t.integer('version').unsigned().notNullable().defaultTo(1);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('partners', (t) => {
    t.dropColumn('version');
  });
}
