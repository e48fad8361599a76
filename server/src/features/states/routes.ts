import { Router } from 'express';
import type { Knex } from 'knex';
import { notFound } from '../../lib/http-error';
import { cityDetail, listStates, majorCities, stateDetail } from './place-queries';
import { resolveState } from './state-lookup';

const CITY_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function stateRoutes(db: Knex): Router {
  const router = Router();

  router.get('/states', async (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300');
    res.json(await listStates(db));
  });

  // A state may be named by slug, name or abbreviation; the answer carries the canonical slug.
  router.get('/states/:state', async (req, res) => {
    const state = await resolveState(db, req.params.state);
    if (!state) throw notFound(`No US state "${req.params.state.slice(0, 60)}"`);
    res.set('Cache-Control', 'public, max-age=300');
    res.json(await stateDetail(db, state));
  });

  router.get('/states/:state/cities/:city', async (req, res) => {
    const state = await resolveState(db, req.params.state);
    if (!state) throw notFound(`No US state "${req.params.state.slice(0, 60)}"`);
    const slug = req.params.city;
    const city =
      slug.length <= 120 && CITY_SLUG.test(slug) ? await cityDetail(db, state, slug) : undefined;
    if (!city) throw notFound(`No city "${slug.slice(0, 120)}" in ${state.name}`);
    res.set('Cache-Control', 'public, max-age=300');
    res.json(city);
  });

  router.get('/cities/major', async (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300');
    res.json(await majorCities(db));
  });

  return router;
}
