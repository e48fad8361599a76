import type { Knex } from 'knex';

/**
 * Sample reviews (issue 19): the generated seed's reviews stay on the site, but staff must tell them from real
 * customers' in moderation. A review is a sample when it came from the seed, which is_sample says from now on
 * (the seed sets it). The rows already there are marked by what the seed never writes: a review from a
 * request's link keeps its verified_request_on (even after the request is deleted) and, while the request
 * lives, its review_invitations row; the seed's have neither.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('reviews', (t) => {
    t.boolean('is_sample').notNullable().defaultTo(false);
  });
  await knex('reviews')
    .whereNull('verified_request_on')
    .whereNotExists(
      knex('review_invitations')
        .select(knex.raw('1'))
        .whereRaw('review_invitations.review_id = reviews.id'),
    )
    .update({ is_sample: true });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('reviews', (t) => {
    t.dropColumn('is_sample');
  });
}
