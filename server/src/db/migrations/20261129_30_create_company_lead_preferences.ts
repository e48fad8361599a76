import type { Knex } from 'knex';

/**
 * Which leads a mover takes (issue 18): no row means every lead. match_companies reads it so the widget only
 * offers a mover a lead it will take — paused, the kinds of move it accepts, the smallest home (in the rooms of
 * spec 3's mapping: 1 studio, 3 two-to-three bedrooms, 4 four and up) and the most leads in any 24 hours and 7
 * days (null: no limit).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('company_lead_preferences', (t) => {
    t.increments('id');
    t.integer('company_id')
      .unsigned()
      .notNullable()
      .unique()
      .references('companies.id')
      .onDelete('CASCADE');
    t.boolean('paused').notNullable().defaultTo(false);
    t.boolean('accepts_local').notNullable().defaultTo(true);
    t.boolean('accepts_long_distance').notNullable().defaultTo(true);
    t.boolean('accepts_commercial').notNullable().defaultTo(true);
    t.integer('min_rooms').notNullable().defaultTo(0);
    t.integer('max_per_day');
    t.integer('max_per_week');
    t.integer('updated_by_user_id').unsigned().references('mover_users.id').onDelete('SET NULL');
    t.bigInteger('updated_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('company_lead_preferences');
}
