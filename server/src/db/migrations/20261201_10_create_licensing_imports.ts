import type { Knex } from 'knex';

/**
 * Imports of FMCSA's public files (issue 20, docs/decisions/040). licensing_imports: one row per file, with
 * what it is (kind, name, the date FMCSA published it), where the job is (status, the byte of the checked
 * facts it resumes from, committed with each batch) and its figures. licensing_import_chunks: the file's
 * bytes (part `file`) and then its checked facts (part `facts`, one JSON line each), gzipped a MiB at a
 * time in the database, so any server process can run the job and a retried job reads the same bytes;
 * dropped when the import ends. licensing_import_rejections: the rows refused, by line, with why.
 * Times are epoch milliseconds.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('licensing_imports', (t) => {
    t.increments('id');
    // census, revocations: the file module that reads it (features/licensing/files).
    t.string('kind', 24).notNullable();
    t.string('filename', 200).notNullable();
    // YYYY-MM-DD, as FMCSA published it: stated by staff, read from the file's name, or the upload's day.
    t.string('file_date', 10).notNullable();
    t.string('file_date_source', 16).notNullable();
    t.bigInteger('bytes').notNullable().defaultTo(0);
    t.string('sha256', 64);
    // JSON: the header as read.
    t.text('columns').notNullable();
    // queued → checking → applying → matching → succeeded; or refused (the file as a whole), failed.
    t.string('status', 16).notNullable();
    t.bigInteger('job_id');
    // Checking: how far the check has read the file. Applying: the checked facts' size, and where in them
    // the next batch starts (byte, and how many facts came before).
    t.bigInteger('checked_bytes').notNullable().defaultTo(0);
    t.bigInteger('staged_bytes').notNullable().defaultTo(0);
    t.bigInteger('resume_byte').notNullable().defaultTo(0);
    t.bigInteger('resume_line').notNullable().defaultTo(0);
    t.integer('rows_read').notNullable().defaultTo(0);
    t.integer('rows_rejected').notNullable().defaultTo(0);
    t.integer('rows_done').notNullable().defaultTo(0);
    t.integer('rows_inserted').notNullable().defaultTo(0);
    t.integer('rows_updated').notNullable().defaultTo(0);
    t.integer('rows_unchanged').notNullable().defaultTo(0);
    t.integer('companies_matched').notNullable().defaultTo(0);
    t.text('error');
    t.string('created_by', 100).notNullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('started_at');
    t.bigInteger('finished_at');
    t.index(['kind', 'status', 'file_date'], 'licensing_imports_kind');
  });
  await knex.schema.createTable('licensing_import_chunks', (t) => {
    t.integer('import_id')
      .unsigned()
      .notNullable()
      .references('licensing_imports.id')
      .onDelete('CASCADE');
    // file: the file as received; facts: its checked rows, a JSON line each.
    t.string('part', 8).notNullable();
    t.integer('seq').notNullable();
    // Where this chunk's bytes start in its part, and how many (before gzip).
    t.bigInteger('raw_start').notNullable();
    t.integer('raw_bytes').notNullable();
    // A gzipped MiB: MEDIUMBLOB on MySQL (BLOB stops at 64 KiB).
    t.specificType('data', 'mediumblob').notNullable();
    t.primary(['import_id', 'part', 'seq']);
  });
  await knex.schema.createTable('licensing_import_rejections', (t) => {
    t.increments('id');
    t.integer('import_id')
      .unsigned()
      .notNullable()
      .references('licensing_imports.id')
      .onDelete('CASCADE');
    t.bigInteger('line').notNullable();
    t.string('reason', 1000).notNullable();
    // JSON array of the row's first cells as read (cut to a couple of thousand characters).
    t.text('cells').notNullable();
    t.index(['import_id', 'line'], 'licensing_import_rejections_line');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('licensing_import_rejections');
  await knex.schema.dropTable('licensing_import_chunks');
  await knex.schema.dropTable('licensing_imports');
}
