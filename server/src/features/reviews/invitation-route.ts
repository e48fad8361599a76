/**
 * POST /api/reviews/invitation { token }: what the review page shows above its form — the mover, the name the
 * review will carry, the request's day and until when the link works — or why the link takes no review, in
 * words (404 unknown, 409 used, 410 expired or the visitor's data to be deleted). The secret comes in the body,
 * never in a URL, so it is in no log.
 */
import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import {
  companyProfilePath,
  reviewInvitationReadSchema,
  type ReviewInvitation,
} from '@moveratlas/contracts';
import type { Config } from '../../config';
import { parseInput } from '../../lib/validate';
import { SiteSettings } from '../settings';
import { listDraftPhotos } from './photos/review-photo-store';
import { findInvitation } from './review-links';
import { refusal } from './submit-review';

export function reviewInvitationRoute(db: Knex, config: Config): RequestHandler {
  return async (req, res) => {
    const { token } = parseInput(reviewInvitationReadSchema, req.body, 'body');
    const found = await findInvitation(db, token, Date.now());
    if (!found.found) throw refusal(found.reason);
    const { invitation } = found;
    const { siteName } = await SiteSettings.for(db, config).current();
    const view: ReviewInvitation = {
      companyName: invitation.companyName,
      profilePath: companyProfilePath(invitation.companySlug),
      firstName: invitation.firstName,
      requestDate: invitation.requestDate,
      siteName,
      expiresAt: new Date(invitation.expiresAt).toISOString(),
      // Photos uploaded from this link before a reload: the form shows them again.
      photos: await listDraftPhotos(db, invitation.id),
    };
    res.set('Cache-Control', 'no-store').json(view);
  };
}
