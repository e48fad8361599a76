/**
 * Staff's side of review photos (issue 19), behind the admin gate:
 *   GET  /api/admin/review-photos/:id/:variant   any sent review's photo or thumbnail, whatever the review's
 *                                                status, so a held review is judged with its photos
 *   POST /api/admin/review-photos/:id/remove     takes one photo off a review, with a reason (audited); the
 *                                                review stays as it is
 */
import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { idParam, ReviewPhotoRemovalSchema } from '@moveratlas/contracts';
import { SharedCaches } from '../../../db/cache-versions';
import { notFound } from '../../../lib/http-error';
import { parseInput } from '../../../lib/validate';
import { auditedChange } from '../../audit';
import { findAdminReview } from '../admin/moderation';
import { readReviewPhoto, removeReviewPhoto } from './review-photo-store';

const FileParams = z.object({
  id: idParam('photo'),
  variant: z.enum(['photo', 'thumb'], { message: 'Ask for the photo or its thumbnail' }),
});
const IdParams = z.object({ id: idParam('photo') });

export function adminReviewPhotoRoutes(db: Knex): Router {
  const router = Router();

  router.get('/review-photos/:id/:variant', async (req, res) => {
    const { id, variant } = parseInput(FileParams, req.params, 'params');
    const bytes = await readReviewPhoto(db, id, variant, { publishedOnly: false });
    if (!bytes) throw notFound('No such photo: it may have been removed');
    res.set({
      'Content-Type': 'image/webp',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      // Staff's copy: never kept by a shared cache.
      'Cache-Control': 'private, max-age=300',
    });
    res.send(bytes);
  });

  router.post('/review-photos/:id/remove', async (req, res) => {
    const { id } = parseInput(IdParams, req.params, 'params');
    const { reason } = parseInput(ReviewPhotoRemovalSchema, req.body ?? {}, 'body');
    const removed = await auditedChange(db, req, res, async (trx, audit) => {
      const photo = await removeReviewPhoto(trx, id);
      audit({
        action: 'review.photo_remove',
        entityType: 'review',
        entityId: photo.reviewId,
        summary: `Removed a photo from a review of ${photo.companyName}: ${reason}`,
        before: { photo_id: id, caption: photo.caption },
        after: { photo_id: null, reason },
        companyId: photo.companyId,
      });
      return { photo, review: await findAdminReview(trx, photo.reviewId) };
    });
    if (removed.photo.status === 'published') await SharedCaches.for(db).changed();
    res.json({ review: removed.review });
  });

  return router;
}
