/**
 * GET /media/companies/<id>-<variant>.webp: the uploaded pictures, read from the database so every server
 * process answers for every upload. Outside /api, before the directory's pages. Only WebP the server wrote
 * itself is ever sent, as image/webp with nosniff and a sandboxing CSP, so nothing served here can run as a
 * page. An upload never changes under its address (a new one gets a new id), so browsers and CDNs keep it a
 * year; an unknown address answers 404 in JSON.
 */
import { Router } from 'express';
import type { Knex } from 'knex';
import { readMedia } from './image-store';

const MEDIA_FILE = /^([1-9]\d{0,9})-(photo|thumb|logo)\.webp$/;

export function companyMediaRoutes(db: Knex): Router {
  const router = Router();
  router.get('/media/companies/:file', async (req, res) => {
    const match = MEDIA_FILE.exec(req.params.file);
    const id = match ? Number(match[1]) : 0;
    const bytes =
      match && id <= 2_147_483_647
        ? await readMedia(db, id, match[2] as 'photo' | 'thumb' | 'logo')
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
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Cross-Origin-Resource-Policy': 'cross-origin',
    });
    res.send(bytes);
  });
  return router;
}
