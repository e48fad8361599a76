/**
 * The public side of reviews from real requests (issue 19), without an account: the link's secret is the key.
 *   POST /api/reviews/invitation   which mover the link is for (invitation-route.ts)
 *   POST /api/reviews              the review (submit-route.ts)
 * Both limited per address: a visitor reads a link a few times and writes one review per mover they chose
 * (at most 10: RATE_LIMIT_REVIEWS), so a burst beyond that is someone trying links or flooding a mover's page.
 */
import { Router } from 'express';
import { REVIEW_INVITATION_API, REVIEW_SUBMIT_API } from '@moveratlas/contracts';
import type { AppContext } from '../../app-context';
import { perIpRateLimit } from '../../lib/rate-limit';
import { reviewInvitationRoute } from './invitation-route';
import { submitReviewRoute } from './submit-route';

/** The paths as mounted under /api. */
const underApi = (path: string) => path.replace(/^\/api/, '');

export const REVIEW_READS_PER_WINDOW = 60;

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
  return router;
}
