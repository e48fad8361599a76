/** The health checks: /livez (the process), /readyz (can serve: for balancers), /healthz (database + load). */
import { Router } from 'express';
import type { AppContext } from '../../app-context';
import { DatabaseCheck } from './database-check';
import { healthzRoute } from './healthz-route';
import { livezRoute } from './livez-route';
import { readyzRoute } from './readyz-route';

export function healthRoutes({
  config,
  db,
  logger,
}: Pick<AppContext, 'config' | 'db' | 'logger'>): Router {
  const router = Router();
  const check = new DatabaseCheck(db, config.database, logger);
  router.get('/livez', livezRoute());
  router.get('/readyz', readyzRoute(check));
  router.get('/healthz', healthzRoute(check));
  return router;
}
