/**
 * GET /api/licensing/check?q=: "Check a mover" — a USDOT number, an MC number or the start of a name, answered
 * with what FMCSA's public files say (public/check-carrier.ts). Limited per address like the other public
 * lookups (matching): each answer reads the census, and a script could otherwise walk it.
 */
import { Router } from 'express';
import type { Knex } from 'knex';
import { CarrierCheckQuerySchema } from '@moveratlas/contracts';
import type { Config } from '../../../config';
import type { ReadReplicas } from '../../../db/read-replicas';
import { EDITABLE_PUBLIC_CACHE_CONTROL } from '../../../lib/http/cache-control';
import { perIpRateLimit } from '../../../lib/rate-limit';
import { parseInput } from '../../../lib/validate';
import { checkCarrier } from './check-carrier';

export function carrierCheckRoutes({
  config,
  db,
  reads,
}: {
  config: Config;
  db: Knex;
  reads?: ReadReplicas;
}): Router {
  const router = Router();
  router.get(
    '/licensing/check',
    // The counters are written on the primary; the lookup itself may read a replica (decision 019).
    perIpRateLimit(
      db,
      'licensing-check',
      'carrier checks',
      config.rateLimits.matches,
      config.rateLimits.windowMs,
    ),
    async (req, res) => {
      const { q } = parseInput(CarrierCheckQuerySchema, req.query, 'query');
      const answer = await checkCarrier(reads?.for(req) ?? db, q);
      // The files change only with an import, which moves the public generation (decision 018).
      res.set('Cache-Control', EDITABLE_PUBLIC_CACHE_CONTROL);
      res.json(answer);
    },
  );
  return router;
}
