import type { Knex } from 'knex';

/**
 * Reviews written from a request's link (issue 19). title and body stay what the public reads (a phone number
 * or an e-mail address masked); typed_title and typed_body keep what the reviewer typed when a check changed
 * it, for staff. verified_request_on is the request's day, shown as "Verified request through … on …"; it is
 * kept on the review so the mark outlives the request's deletion. hired answers "Did you hire this mover?"
 * (yes, no, quote). held_reasons (JSON) says why the checks held it for staff; moderation_reason is staff's
 * reason for their last decision. The reviewer is reached through review_invitations, never copied here.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('reviews', (t) => {
    t.string('verified_request_on', 10);
    t.string('hired', 8);
    t.string('typed_title', 160);
    t.text('typed_body');
    t.text('held_reasons');
    t.string('moderation_reason', 500);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('reviews', (t) => {
    t.dropColumn('moderation_reason');
    t.dropColumn('held_reasons');
    t.dropColumn('typed_body');
    t.dropColumn('typed_title');
    t.dropColumn('hired');
    t.dropColumn('verified_request_on');
  });
}
