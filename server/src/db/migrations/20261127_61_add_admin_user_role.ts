import type { Knex } from 'knex';

/**
 * Staff roles (issue 16, docs/decisions/027): owner, editor or viewer. Every admin that exists today, and
 * every one the environment (ADMIN_USERNAME) or `npm run admin` creates without saying otherwise, is an
 * owner: they had every right before roles existed. The Settings screen names the role of each admin it creates.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('admin_users', (t) => {
    t.string('role', 16).notNullable().defaultTo('owner');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('admin_users', (t) => {
    t.dropColumn('role');
  });
}
