/**
 * Every /api/admin/* endpoint, behind one gate: a valid server-side admin session (401 without one) and, for
 * writes, the session's CSRF token (403 without it). Each admin screen's feature folder exports a Router
 * with paths relative to /api/admin and is added here, once.
 */
import { Router } from 'express';
import { adminSessionGate } from '../auth/admin-gate';
import type { AdminContext } from './admin-context';
import { adminDatabaseRoutes } from '../admin-database/routes';
import { adminSettingsRoutes } from '../admin-settings/routes';
import { adminDashboardRoutes } from '../admin-dashboard/routes';
import { adminLeadsRoutes } from '../admin-leads/routes';
import { adminStatisticsRoutes } from '../admin-statistics/routes';
import { adminJobsRoutes } from '../admin-jobs/routes';
import { adminScriptsRoutes } from '../admin-scripts/routes';
import { adminCompaniesRoutes } from '../admin-companies/routes';
import { adminUploadRoutes } from '../admin-upload/routes';
import { adminSeoHealthRoutes } from '../admin-seo-health/routes';
import { adminQaRoutes } from '../admin-qa/routes';

export function adminApi(ctx: AdminContext): Router {
  const router = Router();
  // The gate (features/auth) comes first: res.locals.admin = { id, username } for every handler below.
  router.use(adminSessionGate(ctx));
  // Then one line per admin feature:
  router.use(adminDashboardRoutes(ctx));
  router.use(adminLeadsRoutes(ctx));
  router.use(adminStatisticsRoutes(ctx));
  router.use(adminDatabaseRoutes(ctx));
  router.use(adminSettingsRoutes(ctx));
  router.use(adminJobsRoutes(ctx));
  router.use(adminScriptsRoutes(ctx));
  router.use(adminCompaniesRoutes(ctx));
  router.use(adminUploadRoutes(ctx));
  router.use(adminSeoHealthRoutes(ctx));
  router.use(adminQaRoutes(ctx));
  return router;
}
