/** GET /api/pro/companies/:companyId/webhook: the webhook, its secret (owners only) and its latest attempts. */
import { Router } from 'express';
import type { ProContext } from '../../../app-context';
import type { ProCompanyLocals } from '../../movers';
import { webhookView } from './webhook-view';

export function getWebhookRoute({ db }: ProContext): Router {
  return Router().get('/webhook', async (_req, res) => {
    const { proCompany } = res.locals as ProCompanyLocals;
    res.json(await webhookView(db, proCompany.id, proCompany.role === 'owner'));
  });
}
