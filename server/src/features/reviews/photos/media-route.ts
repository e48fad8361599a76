/**
 * GET /media/reviews/<id>-<photo|thumb>.webp: a published review's photo (issue 19), read from the database
 * so every server process answers for every upload. A photo of a held, hidden or rejected review, or one not
 * yet sent with its review, answers 404 like an unknown address. Only WebP the server wrote itself is ever
 * sent, as image/webp with nosniff and a sandboxing CSP, as the movers' pictures are. Unlike theirs, the
 * address may stop working (staff hide the review, or take the photo off), so caches keep it ten minutes,
 * not a year.
 */
import { Router } from 'express';
import type { Knex } from 'knex';
import { readReviewPhoto } from './review-photo-store';

const MEDIA_FILE = /^([1-9]\d{0,9})-(photo|thumb)\.webp$/;
const CACHE_SECONDS = 600;

export function reviewMediaRoutes(db: Knex): Router {
  const router = Router();
  router.get('/media/reviews/:file', async (req, res) => {
    const match = MEDIA_FILE.exec(req.params.file);
    const id = match ? Number(match[1]) : 0;
    const bytes =
      match && id <= 2_147_483_647
        ? await readReviewPhoto(db, id, match[2] as 'photo' | 'thumb', { publishedOnly: true })
        : undefined;
    res.set('X-Content-Type-Options', 'nosniff');
    if (!bytes) {
      res.set('Cache-Control', 'no-store');
      res.status(404).json({ error: 'No such picture' });
      return;
    }
    res.set({
      'Content-Type': 'image/webp',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': `public, max-age=${CACHE_SECONDS}`,
      'Cross-Origin-Resource-Policy': 'cross-origin',
    });
    res.send(bytes);
  });
  return router;
}
