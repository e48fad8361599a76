import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('companies', (t) => {
    t.increments('id');
    t.string('slug', 160).notNullable().unique();
    t.string('name', 160).notNullable();
    t.text('description');
    t.string('website', 255);
    t.string('phone', 32);
    t.string('email', 255);
    t.string('logo', 500);
    // JSON array of photo URLs.
    t.text('photo_urls');
    t.string('street', 200);
    t.string('zip_code', 10);
    t.integer('city_id').unsigned().notNullable().references('cities.id');
    t.integer('state_id').unsigned().notNullable().references('states.id');
    t.double('lat');
    t.double('lng');
    // Derived from published reviews; kept on the row so lists sort through an index.
    t.decimal('rating', 3, 2);
    t.integer('review_count').notNullable().defaultTo(0);
    t.boolean('is_featured').notNullable().defaultTo(false);
    t.boolean('is_in_list').notNullable().defaultTo(true);
    t.string('usdot_number', 12).unique();
    t.string('mc_number', 12);
    t.integer('founded_year');
    t.string('service_area', 255);
    t.integer('service_radius_miles');
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at').notNullable().defaultTo(knex.fn.now());

    // One index per list sort, alone and within a state (the API's filters), so no list sorts rows in memory.
    t.index(
      ['is_in_list', 'is_featured', 'rating', 'review_count', 'id'],
      'companies_sort_featured',
    );
    t.index(['is_in_list', 'rating', 'review_count', 'id'], 'companies_sort_rating');
    t.index(['is_in_list', 'review_count', 'rating', 'id'], 'companies_sort_reviews');
    t.index(['is_in_list', 'name', 'id'], 'companies_sort_name');
    t.index(
      ['state_id', 'is_in_list', 'is_featured', 'rating', 'review_count', 'id'],
      'companies_state_featured',
    );
    t.index(['state_id', 'is_in_list', 'rating', 'review_count', 'id'], 'companies_state_rating');
    t.index(['state_id', 'is_in_list', 'review_count', 'rating', 'id'], 'companies_state_reviews');
    t.index(['state_id', 'is_in_list', 'name', 'id'], 'companies_state_name');
    t.index(['city_id', 'is_in_list'], 'companies_city');
    t.index(['is_featured', 'is_in_list'], 'companies_featured');
    t.index(['zip_code'], 'companies_zip');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('companies');
}
