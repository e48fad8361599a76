import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('company_services', (t) => {
    t.integer('company_id').unsigned().notNullable().references('companies.id').onDelete('CASCADE');
    t.string('service_id', 40).notNullable().references('services.id');
    t.primary(['company_id', 'service_id']);
    t.index(['service_id', 'company_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('company_services');
}
