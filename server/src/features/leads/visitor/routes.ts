/**
 * The visitor's own request (issue 18), public and without an account: the link's secret is the key. Each
 * route takes it in a JSON body (never in a URL, so it is in no log), answers the page's view, and is limited
 * per address like the other public forms.
 *   POST /api/my-request            the request and each mover's progress
 *   POST /api/my-request/withdraw   "Stop this mover contacting me": recorded with the consent (when, from
 *                                   where), marked on the mover's inbox row, and whatever was not yet
 *                                   delivered to that mover cancelled
 *   POST /api/my-request/delete     asks staff to delete the visitor's data; the page shows nothing personal
 *                                   from then on
 */
import { Router } from 'express';
import {
  MY_REQUEST_API,
  MY_REQUEST_DELETE_API,
  MY_REQUEST_WITHDRAW_API,
  myRequestReadSchema,
  myRequestWithdrawSchema,
} from '@moveratlas/contracts';
import type { AppContext } from '../../../app-context';
import { withTransactionRetry } from '../../../db/dialect';
import { HttpError } from '../../../lib/http-error';
import { perIpRateLimit } from '../../../lib/rate-limit';
import { clientIp, userAgent } from '../../../lib/request-meta';
import { parseInput } from '../../../lib/validate';
import { CONSENT_WITHDRAWN, cancelDeliveries, tellMoverOfWithdrawal } from '../../deliveries';
import { myRequestView } from './my-request-view';
import { leadHeldBy } from './named-movers';
import { requestByLink } from './request-access';

/** The paths as mounted under /api. */
const underApi = (path: string) => path.replace(/^\/api/, '');

/** Requests per address per window: a person reads and clicks a handful of times. */
const PER_WINDOW = 60;

export function myRequestRoutes({ config, db }: AppContext): Router {
  const router = Router();
  const limit = perIpRateLimit(
    db,
    'my-request',
    'requests',
    PER_WINDOW,
    config.rateLimits.windowMs,
  );
  const answer = async (leadId: number, expiresAt: number) => {
    const view = await myRequestView(db, leadId, expiresAt);
    if (!view) throw new HttpError(404, 'This request no longer exists: its data was deleted.');
    return view;
  };

  router.post(underApi(MY_REQUEST_API), limit, async (req, res) => {
    const { token } = parseInput(myRequestReadSchema, req.body, 'body');
    const { leadId, expiresAt } = await requestByLink(db, token);
    res.set('Cache-Control', 'no-store').json(await answer(leadId, expiresAt));
  });

  router.post(underApi(MY_REQUEST_WITHDRAW_API), limit, async (req, res) => {
    const { token, companyId } = parseInput(myRequestWithdrawSchema, req.body, 'body');
    const { leadId, expiresAt } = await requestByLink(db, token);
    await withTransactionRetry(db, async (trx) => {
      const now = Date.now();
      // The request that reached this mover: this one, or for a repeat the earlier one it has (issue 18).
      const heldLeadId = await leadHeldBy(trx, leadId, companyId);
      if (heldLeadId === undefined)
        throw new HttpError(404, 'Your request did not go to this mover.');
      // Only a mover the request went to, once: a second click changes nothing.
      const marked = await trx('company_leads')
        .where({ lead_id: heldLeadId, company_id: companyId })
        .whereNull('consent_withdrawn_at')
        .update({ consent_withdrawn_at: now });
      if (marked === 0) return;
      await trx('lead_consent_withdrawals').insert({
        lead_id: heldLeadId,
        company_id: companyId,
        withdrawn_at: now,
        ip_address: clientIp(req).slice(0, 64),
        user_agent: userAgent(req).slice(0, 500),
      });
      await cancelDeliveries(trx, heldLeadId, companyId, CONSENT_WITHDRAWN);
      await tellMoverOfWithdrawal(trx, heldLeadId, companyId, now, config);
    });
    res.set('Cache-Control', 'no-store').json(await answer(leadId, expiresAt));
  });

  router.post(underApi(MY_REQUEST_DELETE_API), limit, async (req, res) => {
    const { token } = parseInput(myRequestReadSchema, req.body, 'body');
    const { leadId, expiresAt } = await requestByLink(db, token);
    await withTransactionRetry(db, async (trx) => {
      const asked = await trx('data_deletion_requests').where({ lead_id: leadId }).first('id');
      if (asked) return;
      const lead = (await trx('leads').where({ id: leadId }).first('email')) as { email: string };
      await trx('data_deletion_requests').insert({
        lead_id: leadId,
        email: lead.email.slice(0, 254),
        status: 'open',
        requested_at: Date.now(),
        ip_address: clientIp(req).slice(0, 64),
      });
    });
    res.set('Cache-Control', 'no-store').json(await answer(leadId, expiresAt));
  });

  return router;
}
