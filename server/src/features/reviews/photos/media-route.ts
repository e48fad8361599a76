/**
 * GET /media/reviews/<id>-<photo|thumb>.webp: a published review's photo (issue 19), read from the database
 * so every server process answers for every upload. A photo of a held, hidden or rejected review, or one not
 * yet sent with its review, answers 404 like an unknown address; it goes out as the movers' pictures do
 * (lib/images/send-picture.ts). Unlike theirs, the address may stop working (staff hide the review, or take
 * the photo off), so caches keep it ten minutes, not a year.
 */
import { Router } from 'express';
import type { Knex } from 'knex';
import { mediaFileOf, sendPicture } from '../../../lib/images/send-picture';
import { readReviewPhoto } from './review-photo-store';

const CACHE_SECONDS = 600;

export function reviewMediaRoutes(db: Knex): Router {
  const router = Router();
  router.get('/media/reviews/:file', async (req, res) => {
    const file = mediaFileOf(req.params.file, ['photo', 'thumb'] as const);
    const bytes = file
      ? await readReviewPhoto(db, file.id, file.variant, { publishedOnly: true })
      : undefined;
    sendPicture(res, bytes, `public, max-age=${CACHE_SECONDS}`);
  });
  return router;
}
