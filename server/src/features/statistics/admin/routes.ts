/** The admin statistics API (below /api/admin, behind the session gate). */
import { Router } from 'express';
import { AdminStatisticsQuerySchema } from '@moveratlas/contracts';
import type { AdminContext } from '../../../app-context';
import { parseInput } from '../../../lib/validate';
import { leadStatistics, resolveRange } from './statistics';

export function adminStatisticsRoutes(ctx: AdminContext): Router {
  const router = Router();
  router.get('/statistics', async (req, res) => {
    const query = parseInput(AdminStatisticsQuerySchema, req.query, 'query');
    res.json(await leadStatistics(ctx.db, resolveRange(query)));
  });
  return router;
}
