/**
 * A review written from a request's link (issue 19), in one transaction: the link is claimed with a guarded
 * update (used_at from null, not expired), so of two submissions of one link — a double click, two tabs, two server
 * processes — exactly one stores a review and the other is refused in words; the review is checked, stored as
 * typed with what the public sees beside it, marked verified with the request's day, and tied to its link (the
 * way back to the reviewer, which a deletion of the request cuts). Published at once when nothing was doubtful,
 * the company's rating recomputed in the same transaction; otherwise held for staff with the reasons.
 */
import type { Knex } from 'knex';
import {
  companyProfilePath,
  type ReviewSubmitInput,
  type ReviewSubmitResult,
} from '@moveratlas/contracts';
import { withTransactionRetry } from '../../db/dialect';
import { HttpError } from '../../lib/http-error';
import { recomputeRating } from './company-rating';
import { attachPhotos } from './photos/review-photo-store';
import { checkReview } from './review-checks';
import { dayOf } from './review-days';
import {
  findInvitation,
  hashOfReviewToken,
  LINK_CLOSED,
  LINK_EXPIRED,
  LINK_UNKNOWN,
  LINK_USED,
  type InvitationLookup,
} from './review-links';

type Refusal = Extract<InvitationLookup, { found: false }>['reason'];

const REFUSALS: Record<Refusal, [number, string]> = {
  unknown: [404, LINK_UNKNOWN],
  expired: [410, LINK_EXPIRED],
  used: [409, LINK_USED],
  closed: [410, LINK_CLOSED],
};

export const refusal = (reason: Refusal) => new HttpError(...REFUSALS[reason]);

export async function submitReview(
  db: Knex,
  input: ReviewSubmitInput,
  now = Date.now(),
): Promise<ReviewSubmitResult & { companyId: number }> {
  const hash = hashOfReviewToken(input.token);
  return withTransactionRetry(db, async (trx) => {
    // The claim is the transaction's first statement: on SQLite a transaction that reads before it writes can
    // be refused its write when another process wrote meanwhile; one that starts with its write waits instead.
    const claimed = await trx('review_invitations')
      .where((q) => q.where('token_hash', hash).orWhere('reminder_token_hash', hash))
      .whereNull('used_at')
      .where('expires_at', '>', now)
      .update({ used_at: now });
    if (claimed === 0) {
      // Why not: unknown, used or expired (read as the page reads it).
      const found = await findInvitation(trx, input.token, now);
      throw refusal(found.found ? 'used' : found.reason);
    }
    const found = await findInvitation(trx, input.token, now, { claimed: true });
    // Closed (a deletion request) or gone: the claim is rolled back with the refusal.
    if (!found.found) throw refusal(found.reason);
    const { invitation } = found;
    const photos = input.photos ?? [];

    const checks = await checkReview(trx, {
      companyId: invitation.companyId,
      title: input.title,
      text: input.text,
      emailKey: invitation.emailKey,
      phone: invitation.phone,
      captions: photos.map((p) => p.caption ?? ''),
    });
    const status = checks.reasons.length === 0 ? 'published' : 'pending';
    const [id] = (await trx('reviews').insert({
      company_id: invitation.companyId,
      rating: input.rating,
      title: checks.shownTitle.slice(0, 160),
      body: checks.shownText,
      // As typed, only where a check changed what is shown.
      typed_title: checks.shownTitle === input.title ? null : input.title,
      typed_body: checks.shownText === input.text ? null : input.text,
      author_first_name: invitation.firstName.slice(0, 60),
      reviewed_on: dayOf(now),
      status,
      verified_request_on: invitation.requestDate,
      hired: input.hired,
      held_reasons: checks.reasons.length > 0 ? JSON.stringify(checks.reasons) : null,
    })) as number[];
    await trx('review_invitations')
      .where({ id: invitation.id })
      .update({ review_id: Number(id) });
    // The photos chosen on the form, with their captions as the public reads them; other uploads go.
    await attachPhotos(
      trx,
      invitation.id,
      Number(id),
      photos.map((photo, i) => {
        const shown = checks.shownCaptions[i] || null;
        const typed = photo.caption || null;
        return { id: photo.id, caption: shown, typedCaption: shown === typed ? null : typed };
      }),
    );
    if (status === 'published') await recomputeRating(trx, invitation.companyId);
    return {
      status,
      companyId: invitation.companyId,
      companyName: invitation.companyName,
      profilePath: companyProfilePath(invitation.companySlug),
      message:
        status === 'published'
          ? `Thank you! Your review of ${invitation.companyName} is published.`
          : `Thank you! Your review of ${invitation.companyName} is with our team, who read it before it is published. We will e-mail you when they have.`,
    };
  });
}
