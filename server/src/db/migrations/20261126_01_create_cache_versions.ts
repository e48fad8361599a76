import type { Knex } from 'knex';

/**
 * One counter per family of cached public reads (db/cache-versions.ts). A process that changes what the
 * public sees adds one after its write commits; every process reads the row about once a second and, when it
 * moved, empties its own caches, so an edit reaches every process of a fleet within a couple of seconds.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('cache_versions', (t) => {
    t.string('name', 32).primary();
    t.bigInteger('version').unsigned().notNullable().defaultTo(0);
    t.bigInteger('changed_at').notNullable().defaultTo(0);
  });
  await knex('cache_versions').insert({ name: 'public', version: 0, changed_at: 0 });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('cache_versions');
}
