import type { Knex } from 'knex';

/**
 * Rows of an import that would change nothing (counted, not written), and the undo of an applied import:
 * its status (queued → running → succeeded | failed), its job, who asked, when it ended and what it did.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('company_imports', (t) => {
    t.integer('dry_unchanged').notNullable().defaultTo(0);
    t.integer('unchanged').notNullable().defaultTo(0);
    t.string('undo_status', 16);
    t.integer('undo_job_id').unsigned();
    t.string('undo_by', 64);
    t.bigInteger('undo_finished_at');
    t.integer('undo_restored').notNullable().defaultTo(0);
    t.integer('undo_deleted').notNullable().defaultTo(0);
    t.integer('undo_skipped').notNullable().defaultTo(0);
    t.string('undo_error', 2000);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('company_imports', (t) => {
    t.dropColumn('dry_unchanged');
    t.dropColumn('unchanged');
    t.dropColumn('undo_status');
    t.dropColumn('undo_job_id');
    t.dropColumn('undo_by');
    t.dropColumn('undo_finished_at');
    t.dropColumn('undo_restored');
    t.dropColumn('undo_deleted');
    t.dropColumn('undo_skipped');
    t.dropColumn('undo_error');
  });
}
