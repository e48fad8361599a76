/**
 * The public side of reviews from real requests (issue 19), without an account: the link's secret is the key.
 *   POST /api/reviews/invitation   which mover the link is for (invitation-route.ts)
 *   POST /api/reviews              the review (submit-route.ts)
 *   POST /api/reviews/photos       a photo for it before it is sent; DELETE …/:id takes one back
 *                                  (photos/photo-routes.ts): REVIEW_PHOTO_CALLS_PER_REVIEW per review allowed
 *   POST /api/reviews/:reviewId/report   a visitor's report of a published review (report-route.ts)
 * All limited per address: a visitor reads a link a few times and writes one review per mover they chose
 * (at most 10: RATE_LIMIT_REVIEWS), so a burst beyond that is someone trying links or flooding a mover's page.
 * Reports have the same allowance, counted apart: nobody reports more than a few reviews in ten minutes.
 */
import { Router } from 'express';
import { REVIEW_INVITATION_API, REVIEW_PHOTO_API, REVIEW_SUBMIT_API } from '@moveratlas/contracts';
import type { AppContext } from '../../app-context';
import { perIpRateLimit } from '../../lib/rate-limit';
import { reviewInvitationRoute } from './invitation-route';
import { deleteReviewPhotoRoute, uploadReviewPhotoRoute } from './photos/photo-routes';
import { reportReviewRoute } from './report-route';
import { submitReviewRoute } from './submit-route';

/** The paths as mounted under /api. */
const underApi = (path: string) => path.replace(/^\/api/, '');

export const REVIEW_READS_PER_WINDOW = 60;
/** Photo uploads and removals a review's allowance adds: four photos and a few changes of mind. */
export const REVIEW_PHOTO_CALLS_PER_REVIEW = 8;

export function reviewRoutes({ config, db }: AppContext): Router {
  const router = Router();
  const windowMs = config.rateLimits.windowMs;
  router.post(
    underApi(REVIEW_INVITATION_API),
    perIpRateLimit(
      db,
      'review-invitation',
      'review links opened',
      REVIEW_READS_PER_WINDOW,
      windowMs,
    ),
    reviewInvitationRoute(db, config),
  );
  router.post(
    underApi(REVIEW_SUBMIT_API),
    perIpRateLimit(db, 'review-submit', 'reviews', config.rateLimits.reviews, windowMs),
    submitReviewRoute(db),
  );
  const photoLimit = perIpRateLimit(
    db,
    'review-photo',
    'photo uploads',
    config.rateLimits.reviews * REVIEW_PHOTO_CALLS_PER_REVIEW,
    windowMs,
  );
  router.post(underApi(REVIEW_PHOTO_API), photoLimit, uploadReviewPhotoRoute(db));
  router.delete(`${underApi(REVIEW_PHOTO_API)}/:id`, photoLimit, deleteReviewPhotoRoute(db));
  router.post(
    '/reviews/:reviewId/report',
    perIpRateLimit(db, 'review-report', 'reports of reviews', config.rateLimits.reviews, windowMs),
    reportReviewRoute(db),
  );
  return router;
}
