import type { Knex } from 'knex';

/**
 * Profile analytics (features/profile-analytics, docs/decisions/033): how many times each company's public
 * profile was viewed and its Get Quote, phone and website links used, one row per company, UTC day and kind,
 * raised by an atomic upsert-increment so any number of server processes count exactly. Only counts: no
 * visitor, address or cookie is kept. Deleted with the company.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('company_daily_activity', (t) => {
    t.integer('company_id').unsigned().notNullable().references('companies.id').onDelete('CASCADE');
    // The UTC calendar day as YYYY-MM-DD: ordered and compared as text, the same on both engines.
    t.string('day', 10).notNullable();
    // view | quote_click | phone_click | website_click
    t.string('kind', 16).notNullable();
    t.integer('count').unsigned().notNullable().defaultTo(0);
    // The key the upsert meets, and the index a company's days are read by.
    t.primary(['company_id', 'day', 'kind']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('company_daily_activity');
}
