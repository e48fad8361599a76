/**
 * The Settings screen's part in raising failures (docs/decisions/030): who gets the alert e-mails, and the
 * lead backend's "Test connection". Below /api/admin, behind the session gate. One route a file.
 */
import { Router } from 'express';
import type { AdminContext } from '../../../app-context';
import { PublicFetch, outboundRules } from '../../../lib/http/public-fetch';
import { perIpRateLimit } from '../../../lib/rate-limit';
import { alertEmailsRoute } from './alert-emails-route';
import { leadBackendTestRoute } from './lead-backend-test-route';
import { saveAlertEmailsRoute } from './save-alert-emails-route';

/** Connection tests per admin address per window: enough to fix a typo a few times over, not a scanner. */
export const LEAD_BACKEND_TESTS_PER_WINDOW = 20;
const TEST_WINDOW_MS = 10 * 60_000;

export function adminAlertSettingsRoutes({ db, config, logger }: AdminContext): Router {
  const router = Router();
  const outbound = new PublicFetch(outboundRules(config));
  router.get('/settings/alert-emails', alertEmailsRoute(db));
  router.put('/settings/alert-emails', saveAlertEmailsRoute(db, logger));
  router.post(
    '/settings/lead-backend/test',
    perIpRateLimit(
      db,
      'lead-backend-test',
      'connection tests',
      LEAD_BACKEND_TESTS_PER_WINDOW,
      TEST_WINDOW_MS,
    ),
    leadBackendTestRoute(db, outbound, config.leadBackendTimeoutMs),
  );
  return router;
}
