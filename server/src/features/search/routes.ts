import { Router } from 'express';
import type { Knex } from 'knex';
import { SearchQuerySchema } from '@moveratlas/contracts';
import { EDITABLE_PUBLIC_CACHE_CONTROL } from '../../lib/http/cache-control';
import { parseInput } from '../../lib/validate';
import { siteSearch } from './site-search';

export function searchRoutes(db: Knex): Router {
  const router = Router();
  router.get('/search', async (req, res) => {
    const query = parseInput(SearchQuerySchema, req.query, 'query');
    res.set('Cache-Control', EDITABLE_PUBLIC_CACHE_CONTROL);
    res.json(await siteSearch(db, query));
  });
  return router;
}
