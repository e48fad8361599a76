import type { Knex } from 'knex';

/**
 * Sites that may send us leads: our own directory and partners embedding the widget. A lead is attributed
 * to a site id, and only active partners' origins may call the widget's endpoints from a browser.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('partners', (t) => {
    t.increments('id');
    t.string('site_id', 64).notNullable().unique();
    t.string('name', 160).notNullable();
    // JSON array of origins such as "https://partner.example"; our own site's row lists none, since its
    // origin is the server's own (PUBLIC_URL).
    t.text('allowed_origins').notNullable();
    t.boolean('active').notNullable().defaultTo(true);
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at').notNullable().defaultTo(knex.fn.now());
  });
  await knex('partners').insert([
    { site_id: 'moveratlas-directory', name: 'MoverAtlas directory', allowed_origins: '[]' },
    {
      site_id: 'demo-partner',
      name: 'Demo partner page',
      allowed_origins: JSON.stringify(['http://localhost:4000']),
    },
  ]);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('partners');
}
