/**
 * Every /api/pro/* endpoint (issue 17): the movers' sign-in first (no session needed), then one gate — a
 * live mover session (401 without one) and, for writes, its CSRF token (403 without it) — and then, under
 * /companies/:companyId, the person's membership of that company (404 for any other). Each resource's
 * mover-facing part (its pro/ folder) exports a Router with paths relative to /api/pro/companies/:companyId,
 * reading res.locals.proCompany, and is added here, once. An admin session opens none of this, and a
 * mover's session opens nothing of /api/admin: each gate reads only its own cookie.
 */
import { Router } from 'express';
import type { ProContext } from '../app-context';
import { proLeadsRoutes } from '../features/leads';
import {
  companyMembership,
  proAccountRoutes,
  proChangesRoutes,
  proNotificationRoutes,
  proSessionGate,
  proSignInRoutes,
  proTeamRoutes,
} from '../features/movers';
import { proCompanyProfileRoutes, proReviewRoutes } from '../features/companies';
import { proOverviewRoutes } from '../features/profile-analytics';
import { proDeliveryRoutes } from '../features/deliveries';
import { proLeadPreferencesRoutes } from '../features/matching';
import { proReviewReportRoutes } from '../features/reviews';

export function proApi(ctx: ProContext): Router {
  const router = Router();
  router.use(proSignInRoutes(ctx));
  router.use(proSessionGate(ctx));
  router.use(proAccountRoutes(ctx));
  // One line per resource's company-scoped mover routes:
  const company = Router({ mergeParams: true });
  company.use(proLeadsRoutes(ctx));
  company.use(proOverviewRoutes(ctx));
  company.use(proReviewRoutes(ctx));
  company.use(proReviewReportRoutes(ctx));
  company.use(proCompanyProfileRoutes(ctx));
  company.use(proTeamRoutes(ctx));
  company.use(proNotificationRoutes(ctx));
  company.use(proChangesRoutes(ctx));
  company.use(proDeliveryRoutes(ctx));
  company.use(proLeadPreferencesRoutes(ctx));
  router.use('/companies/:companyId', companyMembership(ctx.db), company);
  return router;
}
