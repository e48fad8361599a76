/**
 * PUT /api/pro/companies/:companyId/webhook (owners): the address and whether it is on. The address must be
 * one the movers' outbound rules allow (https to a public address), checked now for a plain answer and again
 * at every connection. The first save makes the signing secret. Audited, the secret never in the record.
 */
import { Router, type Request, type Response } from 'express';
import { proWebhookUpdateSchema } from '@moveratlas/contracts';
import type { ProContext } from '../../../app-context';
import { withTransactionRetry } from '../../../db/dialect';
import { badRequest } from '../../../lib/http-error';
import { parseInput } from '../../../lib/validate';
import { changedFields, recordAudit } from '../../audit';
import { proAuditActor, requireProOwner, type ProCompanyLocals } from '../../movers';
import type { WebhookSender } from '../webhook-sender';
import { companyWebhook, saveCompanyWebhook } from '../webhook-store';
import { webhookView } from './webhook-view';

export function putWebhookRoute({ db }: ProContext, sender: WebhookSender): Router {
  return Router().put('/webhook', requireProOwner, async (req: Request, res: Response) => {
    const input = parseInput(proWebhookUpdateSchema, req.body, 'body');
    const problem = await sender.problem(input.url);
    if (problem) throw badRequest(`That address cannot receive leads: ${problem}.`);
    const { proCompany, mover } = res.locals as ProCompanyLocals;
    await withTransactionRetry(db, async (trx) => {
      const was = await companyWebhook(trx, proCompany.id);
      await saveCompanyWebhook(trx, proCompany.id, input, mover.id);
      const changed = changedFields(was ? { url: was.url, enabled: was.enabled } : {}, {
        url: input.url,
        enabled: input.enabled,
      });
      if (!changed) return;
      await recordAudit(trx, proAuditActor(req, res), {
        action: was ? 'company.webhook.update' : 'company.webhook.create',
        entityType: 'company',
        entityId: proCompany.id,
        summary: `${mover.name} ${was ? 'changed' : 'set up'} the lead webhook of ${proCompany.name}`,
        before: changed.before,
        after: changed.after,
        companyId: proCompany.id,
      });
    });
    res.json(await webhookView(db, proCompany.id, true));
  });
}
