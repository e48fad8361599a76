import type { Knex } from 'knex';

/**
 * What an applied import did to each company, so it can be undone: the companies it created (kind
 * 'created') and, for those it updated (kind 'updated'), the row as it was before (`before`, JSON of the
 * columns an import writes plus the services). `after_hash` is a SHA-1 of the same image as the import left
 * it (a hash, not the image: a 100,000-row import would otherwise keep 100,000 copies of what the companies
 * table already holds): a company whose image hashes differently now was changed again since, and undo will
 * not overwrite that unasked.
 * Written in the import's own batch transactions (docs/decisions/029).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('company_import_undo', (t) => {
    t.increments('id');
    t.integer('import_id')
      .unsigned()
      .notNullable()
      .references('company_imports.id')
      .onDelete('CASCADE');
    // No foreign key: a company deleted since must not take its undo row (and the record of it) along.
    t.integer('company_id').unsigned().notNullable();
    t.string('kind', 8).notNullable();
    t.text('before');
    t.string('after_hash', 40).notNullable();
    t.index(['import_id', 'id'], 'company_import_undo_rows');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('company_import_undo');
}
