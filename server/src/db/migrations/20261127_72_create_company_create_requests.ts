import type { Knex } from 'knex';

/**
 * The admin's "Create company" requests by their Idempotency-Key, kept a day: a second request with a key
 * already here (a double click, a retry after a lost answer, two server processes at once) answers the
 * company the first one created and creates nothing. The primary key is the guarantee — the first insert
 * wins and the other waits for it, then fails as a duplicate — not a read before the write
 * (docs/decisions/028). company_id is null while the creating transaction runs, and after the company is
 * deleted.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('company_create_requests', (t) => {
    t.string('idempotency_key', 100).primary();
    t.integer('company_id').unsigned().references('companies.id').onDelete('SET NULL');
    t.string('created_by', 64).notNullable();
    // 'YYYY-MM-DD HH:MM:SS' UTC, as the companies' own timestamps.
    t.timestamp('created_at').notNullable();
    t.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('company_create_requests');
}
