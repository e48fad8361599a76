import type { Knex } from 'knex';

/**
 * A mover's photos and logo (issue 17), as the server made them from an upload: WebP, resized, every bit of
 * metadata stripped. The bytes live in the database, not on a server's disk, so every server process serves
 * every image; `/media/companies/<id>-<variant>.webp` reads them (features/companies/media). A new upload is
 * a new row with a new id, so an address never changes what it shows and may be cached for good. A photo has
 * a large variant (1600 px wide at most) and a thumbnail (480 px); a logo one variant (400 px square at most).
 * `mediumblob` (16 MB) on MariaDB; SQLite reads the type name as a BLOB. Deleted with the company.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('company_images', (t) => {
    t.increments('id');
    t.integer('company_id').unsigned().notNullable().references('companies.id').onDelete('CASCADE');
    // photo | logo
    t.string('kind', 8).notNullable();
    // The photos' order on the profile (0 first); 0 for a logo.
    t.integer('position').notNullable().defaultTo(0);
    t.integer('width').unsigned().notNullable();
    t.integer('height').unsigned().notNullable();
    t.specificType('bytes', 'mediumblob').notNullable();
    t.specificType('thumb_bytes', 'mediumblob').nullable();
    // The mover who uploaded it (mover_users.id), kept when the user goes.
    t.integer('created_by_mover_id').unsigned().nullable();
    // Epoch milliseconds.
    t.bigInteger('created_at').notNullable();
    t.index(['company_id', 'kind', 'position']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('company_images');
}
