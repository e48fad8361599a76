/**
 * POST /api/pro/companies/:companyId/webhook/secret (owners): a new signing secret. The old one keeps signing
 * beside it for a day, so the mover's system can switch without missing a lead. Audited (without secrets).
 */
import { Router, type Request, type Response } from 'express';
import { WEBHOOK_SECRET_OVERLAP_HOURS } from '@moveratlas/contracts';
import type { ProContext } from '../../../app-context';
import { withTransactionRetry } from '../../../db/dialect';
import { HttpError } from '../../../lib/http-error';
import { recordAudit } from '../../audit';
import { proAuditActor, requireProOwner, type ProCompanyLocals } from '../../movers';
import { rotateWebhookSecret } from '../webhook-store';
import { webhookView } from './webhook-view';

export function rotateSecretRoute({ db }: ProContext): Router {
  return Router().post('/webhook/secret', requireProOwner, async (req: Request, res: Response) => {
    const { proCompany, mover } = res.locals as ProCompanyLocals;
    await withTransactionRetry(db, async (trx) => {
      if (!(await rotateWebhookSecret(trx, proCompany.id, mover.id)))
        throw new HttpError(409, 'Set up the webhook first: there is no secret to replace yet');
      await recordAudit(trx, proAuditActor(req, res), {
        action: 'company.webhook.rotate-secret',
        entityType: 'company',
        entityId: proCompany.id,
        summary: `${mover.name} replaced the webhook secret of ${proCompany.name} (the old one signs for ${WEBHOOK_SECRET_OVERLAP_HOURS} more hours)`,
        companyId: proCompany.id,
      });
    });
    res.json(await webhookView(db, proCompany.id, true));
  });
}
