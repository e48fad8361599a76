import type { Knex } from 'knex';

/**
 * Photos on reviews (issue 19), as the movers' image pipeline made them from an upload: WebP, resized, every
 * bit of metadata (EXIF with its GPS position) dropped; the bytes in the database like company_images, so
 * every server process serves every photo. A photo is uploaded from a review's link before the review is
 * sent (`invitation_id` set, `review_id` null) and tied to the review in the review's own transaction; the
 * public reads `/media/reviews/<id>-<variant>.webp` only while its review is published. Deleted with the
 * review. A request's deletion (which deletes its links) keeps a sent review's photos, as it keeps the text
 * the public reads. `caption` is what the public reads, `typed_caption` the writer's words when a check
 * masked something in them. `mediumblob` (16 MB) on MariaDB; SQLite reads the type name as a BLOB.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('review_photos', (t) => {
    t.increments('id');
    t.integer('invitation_id')
      .unsigned()
      .nullable()
      .references('review_invitations.id')
      .onDelete('SET NULL');
    t.integer('review_id').unsigned().nullable().references('reviews.id').onDelete('CASCADE');
    // The photos' order on the review (0 first).
    t.integer('position').notNullable().defaultTo(0);
    t.string('caption', 500).nullable();
    t.string('typed_caption', 500).nullable();
    t.integer('width').unsigned().notNullable();
    t.integer('height').unsigned().notNullable();
    t.specificType('bytes', 'mediumblob').notNullable();
    t.specificType('thumb_bytes', 'mediumblob').notNullable();
    // Epoch milliseconds.
    t.bigInteger('created_at').notNullable();
    t.index(['review_id', 'position']);
    t.index(['invitation_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('review_photos');
}
