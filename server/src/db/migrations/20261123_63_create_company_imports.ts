import type { Knex } from 'knex';

/**
 * Companies CSV imports (/admin/upload). The uploaded file is kept in the database, in chunks, rather than
 * on one server's disk: the import job may run in any server process, and a retried job reads the same
 * bytes. rows_done counts the data rows whose writes have committed, in the same transaction as those
 * writes, so a job that stops part-way resumes after the last committed batch and never writes a row twice.
 * Times are epoch milliseconds.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('company_imports', (t) => {
    t.increments('id');
    t.string('filename', 200).notNullable();
    t.bigInteger('bytes').notNullable();
    t.string('uploaded_by', 64).notNullable();
    t.bigInteger('uploaded_at').notNullable();
    // JSON arrays: the header as read, and the columns that are not in the template (ignored).
    t.text('columns').notNullable();
    t.text('ignored_columns').notNullable();
    // The dry run's figures.
    t.integer('dry_rows').notNullable().defaultTo(0);
    t.integer('dry_created').notNullable().defaultTo(0);
    t.integer('dry_updated').notNullable().defaultTo(0);
    t.integer('dry_rejected').notNullable().defaultTo(0);
    t.integer('neutralised').notNullable().defaultTo(0);
    // JSON [{line, column}] of the first neutralised cells.
    t.text('neutralised_cells').notNullable();
    // ready → queued → running → succeeded | failed.
    t.string('status', 16).notNullable();
    t.bigInteger('job_id');
    t.integer('progress').notNullable().defaultTo(0);
    t.integer('rows_done').notNullable().defaultTo(0);
    t.integer('created').notNullable().defaultTo(0);
    t.integer('updated').notNullable().defaultTo(0);
    t.integer('rejected').notNullable().defaultTo(0);
    t.text('error');
    t.bigInteger('started_at');
    t.bigInteger('finished_at');
    t.index(['uploaded_at'], 'company_imports_uploaded');
  });
  await knex.schema.createTable('company_import_chunks', (t) => {
    t.integer('import_id')
      .unsigned()
      .notNullable()
      .references('company_imports.id')
      .onDelete('CASCADE');
    t.integer('seq').notNullable();
    // Up to 1 MiB per chunk: MEDIUMBLOB on MySQL (BLOB stops at 64 KiB); SQLite reads it as a BLOB.
    t.specificType('data', 'mediumblob').notNullable();
    t.primary(['import_id', 'seq']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('company_import_chunks');
  await knex.schema.dropTable('company_imports');
}
