import type { Knex } from 'knex';

/**
 * The admin companies table lists every company (listed or not), so the public sort indexes, which start
 * with is_in_list, cannot serve its sorts: one index per admin sort keeps a page of a 200,000-company
 * directory from sorting the whole table.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('companies', (t) => {
    t.index(['name', 'id'], 'companies_admin_name');
    t.index(['rating', 'review_count', 'id'], 'companies_admin_rating');
    t.index(['review_count', 'rating', 'id'], 'companies_admin_reviews');
    t.index(['updated_at', 'id'], 'companies_admin_updated');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('companies', (t) => {
    t.dropIndex(['name', 'id'], 'companies_admin_name');
    t.dropIndex(['rating', 'review_count', 'id'], 'companies_admin_rating');
    t.dropIndex(['review_count', 'rating', 'id'], 'companies_admin_reviews');
    t.dropIndex(['updated_at', 'id'], 'companies_admin_updated');
  });
}
