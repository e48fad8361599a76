import { Router } from 'express';
import type { Knex } from 'knex';
import { PlaceQuerySchema, ZipParamSchema } from '@moveratlas/contracts';
import { notFound } from '../../lib/http-error';
import { parseInput } from '../../lib/validate';
import { autocompletePlaces, findZip } from './place-queries';

export function geoRoutes(db: Knex): Router {
  const router = Router();

  router.get('/geo/zip/:zip', async (req, res) => {
    const zip = parseInput(ZipParamSchema, req.params.zip, 'params');
    const place = await findZip(db, zip);
    if (!place) throw notFound(`No US ZIP code ${zip}`);
    res.set('Cache-Control', 'public, max-age=86400');
    res.json(place);
  });

  router.get('/geo/places', async (req, res) => {
    const { q, limit } = parseInput(PlaceQuerySchema, req.query, 'query');
    res.set('Cache-Control', 'public, max-age=3600');
    res.json(await autocompletePlaces(db, q, limit));
  });

  return router;
}
