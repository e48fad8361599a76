/**
 * A review's photos before the review is sent (issue 19), authorised by the link's secret in the
 * X-Review-Token header (never in a URL, so in no log):
 *   POST   /api/reviews/photos       one picture as the raw request body, through the movers' image pipeline
 *                                    (checked by content, 8 MB and 40 megapixels at most, resized, re-encoded
 *                                    as WebP without metadata); 201 with its preview
 *   DELETE /api/reviews/photos/:id   takes one back before the review is sent
 * A link that takes no review (unknown, used, expired, closed) is refused as the review itself is, so nothing
 * can be added once the review is sent or the link has expired.
 */
import type { Request, RequestHandler } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { idParam, REVIEW_TOKEN_HEADER, reviewInvitationReadSchema } from '@moveratlas/contracts';
import { withTransactionRetry } from '../../../db/dialect';
import { parseInput } from '../../../lib/validate';
import { processUpload } from '../../../lib/images/image-pipeline';
import { readImageUpload } from '../../../lib/images/read-upload';
import { findInvitation, type FoundInvitation } from '../review-links';
import { refusal } from '../submit-review';
import { addDraftPhoto, deleteDraftPhoto } from './review-photo-store';

const PhotoParams = z.object({ id: idParam('photo') });

/** The invitation whose secret the request carries, or the refusal in words. */
async function invitationOf(db: Knex, req: Request): Promise<FoundInvitation> {
  const { token } = parseInput(
    reviewInvitationReadSchema,
    { token: req.get(REVIEW_TOKEN_HEADER) },
    'body',
  );
  const found = await findInvitation(db, token, Date.now());
  if (!found.found) throw refusal(found.reason);
  return found.invitation;
}

export function uploadReviewPhotoRoute(db: Knex): RequestHandler {
  return async (req, res) => {
    const invitation = await invitationOf(db, req);
    const bytes = await readImageUpload(req, res);
    // Decoding and resizing before the transaction: no lock is held while they run.
    const processed = await processUpload(bytes, 'photo');
    const photo = await withTransactionRetry(db, (trx) =>
      addDraftPhoto(trx, invitation.id, processed, Date.now()),
    );
    res.status(201).set('Cache-Control', 'no-store').json(photo);
  };
}

export function deleteReviewPhotoRoute(db: Knex): RequestHandler {
  return async (req, res) => {
    const { id } = parseInput(PhotoParams, req.params, 'params');
    const invitation = await invitationOf(db, req);
    await deleteDraftPhoto(db, invitation.id, id);
    res.status(204).set('Cache-Control', 'no-store').end();
  };
}
