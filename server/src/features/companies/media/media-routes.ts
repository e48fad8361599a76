/**
 * GET /media/companies/<id>-<variant>.webp: the uploaded pictures, read from the database so every server
 * process answers for every upload. Outside /api, before the directory's pages. Only WebP the server wrote
 * itself is ever sent, as image/webp with nosniff and a sandboxing CSP, so nothing served here can run as a
 * page. An upload never changes under its address (a new one gets a new id), so browsers and CDNs keep it a
 * year; an unknown address answers 404 in JSON.
 */
import { Router } from 'express';
import type { Knex } from 'knex';
import { mediaFileOf, sendPicture } from '../../../lib/images/send-picture';
import { readMedia } from './image-store';

export function companyMediaRoutes(db: Knex): Router {
  const router = Router();
  router.get('/media/companies/:file', async (req, res) => {
    const file = mediaFileOf(req.params.file, ['photo', 'thumb', 'logo'] as const);
    const bytes = file ? await readMedia(db, file.id, file.variant) : undefined;
    sendPicture(res, bytes, 'public, max-age=31536000, immutable');
  });
  return router;
}
