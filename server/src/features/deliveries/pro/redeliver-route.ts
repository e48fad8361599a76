/**
 * POST /api/pro/companies/:companyId/deliveries/:deliveryId/redeliver (owners): sends a finished delivery
 * again — the dead letter after a day of failures, or a lead the mover's system lost. Same row, same
 * idempotency key, so the mover's system can tell it is the same lead. Refused while it is still being
 * delivered (one delivery at a time) and when the customer withdrew (the consent gate). Audited.
 */
import { Router, type Request, type Response } from 'express';
import type { ProContext } from '../../../app-context';
import { withTransactionRetry } from '../../../db/dialect';
import { HttpError } from '../../../lib/http-error';
import { recordAudit } from '../../audit';
import { proAuditActor, requireProOwner, type ProCompanyLocals } from '../../movers';
import {
  DELIVERY_JOBS,
  FINISHED_DELIVERY,
  findDelivery,
  requeueDelivery,
  type DeliveryAttempts,
} from '../delivery-rows';

export function redeliverRoute({ db, jobs }: ProContext, attempts: DeliveryAttempts): Router {
  return Router().post(
    '/deliveries/:deliveryId/redeliver',
    requireProOwner,
    async (req: Request, res: Response) => {
      const { proCompany, mover } = res.locals as ProCompanyLocals;
      const raw = String(req.params.deliveryId ?? '');
      const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
      const channel = await withTransactionRetry(db, async (trx) => {
        const delivery = Number.isSafeInteger(id) ? await findDelivery(trx, id) : undefined;
        if (!delivery || delivery.companyId !== proCompany.id)
          throw new HttpError(404, 'No such delivery');
        if (!FINISHED_DELIVERY.includes(delivery.status))
          throw new HttpError(409, 'This lead is being delivered right now: wait for the outcome');
        if (delivery.status === 'cancelled')
          throw new HttpError(
            409,
            'This delivery was cancelled because the customer withdrew or the request was deleted',
          );
        // Locks the row: two clicks at once queue one delivery.
        const moved = await trx('lead_deliveries')
          .where({ id: delivery.id, status: delivery.status })
          .update({ updated_at: Date.now() });
        if (moved !== 1)
          throw new HttpError(409, 'This lead is being delivered right now: wait for the outcome');
        await requeueDelivery(trx, delivery, attempts, `mover:${mover.id}`);
        await recordAudit(trx, proAuditActor(req, res), {
          action: 'lead.delivery.redeliver',
          entityType: 'lead',
          entityId: delivery.leadId,
          summary: `${mover.name} asked to deliver lead ${delivery.idempotencyKey} to ${proCompany.name} again by ${delivery.channel}`,
          before: { status: delivery.status },
          after: { status: 'queued' },
          companyId: proCompany.id,
        });
        return delivery.channel;
      });
      jobs?.kick(DELIVERY_JOBS[channel]);
      res.status(202).json({ queued: true });
    },
  );
}
