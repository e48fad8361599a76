/**
 * The widget's API, in the cloud-functions formats of spec 7.3 so the widget's wire format is the backend's:
 * session_send_bq, send_lead, lead_send_bq and match_companies under /proxy, plus GET /ip, and the
 * widget's funnel events (widget_event). Each has its own
 * per-IP limit and a small body limit; none is cached.
 */
import express, { Router } from 'express';
import { clientIp } from '../lib/request-meta';
import { perIpRateLimit } from '../lib/rate-limit';
import { leadAnalyticsHandler, sendLeadHandler } from '../features/leads';
import { matchCompaniesHandler } from '../features/matching';
import { sessionHandler } from '../features/sessions';
import { widgetStepEventHandler } from '../features/funnel';
import type { ProxyContext } from '../app-context';
import { jsonBody } from '../lib/http/json-body';

/** Far above any real form (a full lead is about 2 KB), far below what would cost us anything. */
const BODY_LIMIT = '16kb';

export function proxyRoutes(ctx: ProxyContext): Router {
  const { db, config } = ctx;
  const { windowMs } = config.rateLimits;
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: BODY_LIMIT, parameterLimit: 100 });
  const json = jsonBody(BODY_LIMIT);

  router.get('/ip', (req, res) => {
    res.set('Cache-Control', 'no-store').json({ ip: clientIp(req) });
  });

  router.post(
    '/proxy/session_send_bq',
    perIpRateLimit(db, 'session', 'sessions', config.rateLimits.sessions, windowMs),
    json,
    sessionHandler(ctx),
  );
  router.post(
    '/proxy/send_lead',
    perIpRateLimit(db, 'lead', 'quote requests', config.rateLimits.leads, windowMs),
    form,
    sendLeadHandler(ctx),
  );
  // The analytics copy follows every lead, so it shares the leads' allowance on its own counter.
  router.post(
    '/proxy/lead_send_bq',
    perIpRateLimit(db, 'analytics', 'quote requests', config.rateLimits.leads, windowMs),
    form,
    leadAnalyticsHandler(ctx),
  );
  router.post(
    '/proxy/match_companies',
    perIpRateLimit(db, 'match', 'matching requests', config.rateLimits.matches, windowMs),
    json,
    matchCompaniesHandler(ctx),
  );
  // Step events share the sessions' allowance: a visitor sends at most six per quote.
  router.post(
    '/proxy/widget_event',
    perIpRateLimit(db, 'widget-event', 'step events', config.rateLimits.sessions, windowMs),
    form,
    widgetStepEventHandler(ctx),
  );
  return router;
}
