/** The admin dashboard API (below /api/admin, behind the session gate). */
import { Router } from 'express';
import type { AdminContext } from '../../../app-context';
import { adminDashboard } from './dashboard';

export function adminDashboardRoutes(ctx: AdminContext): Router {
  const router = Router();
  router.get('/dashboard', async (_req, res) => {
    res.json(await adminDashboard(ctx.db));
  });
  return router;
}
