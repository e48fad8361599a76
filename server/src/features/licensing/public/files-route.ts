/** GET /api/licensing/files: the dates of the FMCSA files "Check a mover" reads, for its introduction. */
import { Router } from 'express';
import type { Knex } from 'knex';
import type { ReadReplicas } from '../../../db/read-replicas';
import { EDITABLE_PUBLIC_CACHE_CONTROL } from '../../../lib/http/cache-control';
import { licensingFileDates } from './file-dates';

export function licensingFilesRoutes({ db, reads }: { db: Knex; reads?: ReadReplicas }): Router {
  const router = Router();
  router.get('/licensing/files', async (req, res) => {
    res.set('Cache-Control', EDITABLE_PUBLIC_CACHE_CONTROL);
    res.json(await licensingFileDates(reads?.for(req) ?? db));
  });
  return router;
}
