import type { Knex } from 'knex';

/**
 * Issue 16, no lost work: a company's version, raised by every save. A save names the version it was based
 * on and is written only while the row still has it (`UPDATE … WHERE id = ? AND version = ?`), so two admins
 * editing one company can no longer overwrite each other unseen: the second gets a 409 to merge
 * (docs/decisions/028). An integer rather than updated_at: the timestamps are whole seconds, and two saves
 * in one second would look alike.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('companies', (t) => {
    t.integer('version').unsigned().notNullable().defaultTo(1);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('companies', (t) => {
    t.dropColumn('version');
  });
}
