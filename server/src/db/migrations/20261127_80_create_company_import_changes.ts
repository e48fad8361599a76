import type { Knex } from 'knex';

/**
 * The dry run's per-company diff: for each row it accepts, the company it would create (kind 'new') or the
 * fields it would change on an existing one, from what to what (kind 'update', `changes` a JSON array of
 * { field, from, to }). Rows that would change nothing are not stored. Paged by line on the import screen.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('company_import_changes', (t) => {
    t.increments('id');
    t.integer('import_id')
      .unsigned()
      .notNullable()
      .references('company_imports.id')
      .onDelete('CASCADE');
    t.integer('line').notNullable();
    t.string('kind', 8).notNullable();
    // The company as the file names it (a new one has no id yet).
    t.integer('company_id').unsigned();
    t.string('name', 160).notNullable();
    t.string('place', 120).notNullable();
    t.text('changes').notNullable();
    t.index(['import_id', 'line'], 'company_import_changes_page');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('company_import_changes');
}
