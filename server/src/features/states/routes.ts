import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { notFound } from '../../lib/http-error';
import { EDITABLE_PUBLIC_CACHE_CONTROL } from '../../lib/http/cache-control';
import { parseInput } from '../../lib/validate';
import { cityNameOf, moveDestinations } from './move-destinations';
import { cityDetail, listStates, majorCities, stateDetail } from './place-queries';
import { resolveState } from './state-lookup';
import { directoryStatistics } from './statistics';

const CITY_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const MoveDestinationsQuerySchema = z.strictObject({
  city: z
    .string({ error: 'City must be a city slug' })
    .max(120, 'City must be a city slug')
    .regex(CITY_SLUG, 'City must be a city slug')
    .optional(),
});

export function stateRoutes(db: Knex): Router {
  const router = Router();

  router.get('/states', async (_req, res) => {
    res.set('Cache-Control', EDITABLE_PUBLIC_CACHE_CONTROL);
    res.json(await listStates(db));
  });

  // A state may be named by slug, name or abbreviation; the answer carries the canonical slug.
  router.get('/states/:state', async (req, res) => {
    const state = await resolveState(db, req.params.state);
    if (!state) throw notFound(`No US state "${req.params.state.slice(0, 60)}"`);
    res.set('Cache-Control', EDITABLE_PUBLIC_CACHE_CONTROL);
    res.json(await stateDetail(db, state));
  });

  router.get('/states/:state/cities/:city', async (req, res) => {
    const state = await resolveState(db, req.params.state);
    if (!state) throw notFound(`No US state "${req.params.state.slice(0, 60)}"`);
    const slug = req.params.city;
    const city =
      slug.length <= 120 && CITY_SLUG.test(slug) ? await cityDetail(db, state, slug) : undefined;
    if (!city) throw notFound(`No city "${slug.slice(0, 120)}" in ${state.name}`);
    res.set('Cache-Control', EDITABLE_PUBLIC_CACHE_CONTROL);
    res.json(city);
  });

  // "Where people move to" from a state, or from one of its cities (?city=slug): destination states of
  // quote requests with their counts, most first; an empty list while there are none.
  router.get('/states/:state/move-destinations', async (req, res) => {
    const state = await resolveState(db, req.params.state);
    if (!state) throw notFound(`No US state "${req.params.state.slice(0, 60)}"`);
    const { city } = parseInput(MoveDestinationsQuerySchema, req.query, 'query');
    let cityName: string | undefined;
    if (city !== undefined) {
      cityName = await cityNameOf(db, state, city);
      if (cityName === undefined) throw notFound(`No city "${city}" in ${state.name}`);
    }
    res.set('Cache-Control', EDITABLE_PUBLIC_CACHE_CONTROL);
    res.json((await moveDestinations(db, state, cityName)) ?? []);
  });

  router.get('/cities/major', async (_req, res) => {
    res.set('Cache-Control', EDITABLE_PUBLIC_CACHE_CONTROL);
    res.json(await majorCities(db));
  });

  // Figures for the whole directory: company and review counts, the average rating, the service mix.
  router.get('/statistics/national', async (_req, res) => {
    res.set('Cache-Control', EDITABLE_PUBLIC_CACHE_CONTROL);
    res.json(await directoryStatistics(db, {}));
  });

  return router;
}
