/** The mover's overview below /api/pro/companies/:companyId (behind the pro gate and its company check). */
import { Router, type Response } from 'express';
import type { ProContext } from '../../../app-context';
import type { ProCompanyLocals } from '../../movers';
import { companyOverview } from './overview';

export function proOverviewRoutes(ctx: ProContext): Router {
  const router = Router();
  router.get('/overview', async (_req, res: Response) => {
    const { proCompany } = res.locals as ProCompanyLocals;
    res.set('Cache-Control', 'no-store').json(await companyOverview(ctx.db, proCompany.id));
  });
  return router;
}
