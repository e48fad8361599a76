import type { Knex } from 'knex';

/**
 * An admin's decision on a company application: who approved or declined it, when, an optional note, and
 * the company an approval created. company_id has no foreign key (SQLite cannot add one to an existing
 * table); deleting a company clears it (features/admin-companies).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('company_applications', (t) => {
    t.string('decided_by', 64);
    t.bigInteger('decided_at');
    t.string('decision_note', 500);
    t.integer('company_id').unsigned();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('company_applications', (t) => {
    t.dropColumn('company_id');
    t.dropColumn('decision_note');
    t.dropColumn('decided_at');
    t.dropColumn('decided_by');
  });
}
