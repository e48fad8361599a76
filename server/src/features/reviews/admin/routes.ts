/**
 * /api/admin/reviews (behind the admin gate): the reviews with their moderation — one route a file. Reviews
 * from a request's link show as typed, with what the public sees and why the checks held them (issue 19).
 */
import { Router } from 'express';
import type { AdminContext } from '../../../app-context';
import { reviewsBulkRoute } from './bulk-route';
import { listReviewsRoute } from './list-route';
import { moderateReviewRoute } from './moderate-route';
import { adminReviewReportRoutes } from './report-routes';
import { adminReviewPhotoRoutes } from '../photos/admin-photo-routes';

export function adminReviewRoutes(ctx: AdminContext): Router {
  const { db, config, jobs } = ctx;
  const router = Router();
  router.get('/reviews', listReviewsRoute(db));
  router.post('/reviews/bulk', reviewsBulkRoute(db, config, jobs));
  router.patch('/reviews/:id', moderateReviewRoute(db, config, jobs));
  // Reports of reviews by visitors and companies (issue 19).
  router.use(adminReviewReportRoutes(ctx));
  // A review's photos: staff see every review's, and may take one off (issue 19).
  router.use(adminReviewPhotoRoutes(db));
  return router;
}
