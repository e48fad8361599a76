/** Failures raised to staff: the banner's API (below /api/admin, behind the session gate). */
import { Router } from 'express';
import type { AdminContext } from '../../../app-context';
import { alertsRoute } from './alerts-route';

export function adminAlertsRoutes({ db }: AdminContext): Router {
  const router = Router();
  router.get('/alerts', alertsRoute(db));
  return router;
}
