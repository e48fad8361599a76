import type { Knex } from 'knex';

/**
 * The rows an import rejected, with the line, the column and the reason, for the downloadable report:
 * phase 'dry' from the dry run, 'import' from the import itself (written with the batch they belong to).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('company_import_rejections', (t) => {
    t.increments('id');
    t.integer('import_id')
      .unsigned()
      .notNullable()
      .references('company_imports.id')
      .onDelete('CASCADE');
    t.string('phase', 8).notNullable();
    t.integer('line').notNullable();
    t.string('column', 64);
    t.string('reason', 500).notNullable();
    // JSON array of the row's cells as read, so the report can show the row beside the reason.
    t.text('cells').notNullable();
    t.index(['import_id', 'phase', 'line'], 'company_import_rejections_report');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('company_import_rejections');
}
