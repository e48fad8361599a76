import type { Knex } from 'knex';

/**
 * Test partners (QA automation, features/qa): leads, analytics copies and sessions attributed to a partner
 * marked is_test are stored with delivery_status 'test' and never forwarded to the lead backend. The QA
 * suites send their end-to-end quote as the `qa-test` partner seeded here. It lists no origins, so only
 * server-to-server calls (no browser Origin) can use it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('partners', (t) => {
    t.boolean('is_test').notNullable().defaultTo(false);
  });
  await knex('partners').insert({
    site_id: 'qa-test',
    name: 'QA test partner (leads never forwarded)',
    allowed_origins: '[]',
    active: true,
    is_test: true,
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex('partners').where({ site_id: 'qa-test' }).delete();
  await knex.schema.alterTable('partners', (t) => {
    t.dropColumn('is_test');
  });
}
