/** /api/admin/audit (behind the admin gate and the role policy): the log and its CSV export. */
import { Router } from 'express';
import type { AdminContext } from '../../../app-context';
import { exportAuditRoute } from './export-audit-route';
import { listAuditRoute } from './list-audit-route';

export function adminAuditRoutes({ db }: AdminContext): Router {
  const router = Router();
  router.get('/audit', listAuditRoute(db));
  router.get('/audit/export.csv', exportAuditRoute(db));
  return router;
}
