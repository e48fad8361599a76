/**
 * Every /api/admin/* endpoint, behind one gate: a valid server-side admin session (401 without one) and, for
 * writes, the session's CSRF token (403 without it); then the admin's role, checked against the policy table
 * (403 below the route's least role, and for any route the table lacks). Each admin screen's feature folder exports a Router
 * with paths relative to /api/admin and is added here, once.
 */
import { Router } from 'express';
import { adminRolePolicy, adminSessionGate } from '../features/auth';
import { adminAuditRoutes } from '../features/audit';
import type { AdminContext } from '../app-context';
import { adminDatabaseRoutes } from '../features/database';
import { adminSettingsRoutes } from '../features/settings';
import { adminDashboardRoutes } from '../features/statistics';
import { adminWaitingRoutes } from '../features/statistics';
import { adminLeadsRoutes } from '../features/leads';
import { adminStatisticsRoutes } from '../features/statistics';
import { adminJobsRoutes } from '../features/jobs';
import { adminScriptsRoutes } from '../features/scripts';
import { adminCompaniesRoutes } from '../features/companies';
import { adminCompanyLicensingRoutes } from '../features/companies';
import { adminUploadRoutes } from '../features/companies';
import { adminSeoHealthRoutes } from '../features/seo-health';
import { adminQaRoutes } from '../features/qa';
import { adminContactMessageRoutes } from '../features/contact';
import { adminMailRoutes } from '../features/mail';
import { adminAlertsRoutes } from '../features/alerts';
import { adminAlertSettingsRoutes } from '../features/settings';
import { adminProfileActivityRoutes } from '../features/profile-analytics';
import { adminClaimRoutes } from '../features/claims';
import { adminCompanyUserRoutes } from '../features/movers';
import { adminReviewRoutes } from '../features/reviews';
import { adminLicensingRoutes } from '../features/licensing';

export function adminApi(ctx: AdminContext): Router {
  const router = Router();
  // The gate (features/auth) comes first: res.locals.admin = { id, username } for every handler below.
  router.use(adminSessionGate(ctx));
  // Then the role: each route's least role from the one policy table (contracts' ADMIN_ROUTE_POLICY); a route
  // missing from it is refused to everyone. res.locals.admin.role is the signed-in admin's.
  router.use(adminRolePolicy(ctx.db));
  // Then one line per admin feature:
  router.use(adminDashboardRoutes(ctx));
  router.use(adminWaitingRoutes(ctx));
  router.use(adminLeadsRoutes(ctx));
  router.use(adminStatisticsRoutes(ctx));
  router.use(adminDatabaseRoutes(ctx));
  router.use(adminSettingsRoutes(ctx));
  router.use(adminJobsRoutes(ctx));
  router.use(adminScriptsRoutes(ctx));
  router.use(adminCompaniesRoutes(ctx));
  router.use(adminReviewRoutes(ctx));
  router.use(adminProfileActivityRoutes(ctx));
  router.use(adminUploadRoutes(ctx));
  router.use(adminSeoHealthRoutes(ctx));
  router.use(adminQaRoutes(ctx));
  router.use(adminContactMessageRoutes(ctx));
  router.use(adminMailRoutes(ctx));
  router.use(adminAlertsRoutes(ctx));
  router.use(adminAlertSettingsRoutes(ctx));
  router.use(adminAuditRoutes(ctx));
  router.use(adminClaimRoutes(ctx));
  router.use(adminCompanyUserRoutes(ctx));
  router.use(adminLicensingRoutes(ctx));
  router.use(adminCompanyLicensingRoutes(ctx));
  return router;
}
