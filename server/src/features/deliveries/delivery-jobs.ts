/**
 * The delivery jobs (issue 18): `lead.deliver-email` and `lead.deliver-webhook`, one job per lead_deliveries
 * row. Before every attempt the job reads the consent again (the gate) and the delivery's own row: a delivery
 * already finished is never repeated, and one the visitor withdrew is cancelled. The e-mail is stored and
 * queued in the transaction that ends the job, so it exists exactly once however often the job runs. A webhook
 * is at least once over the network — a receiver whose 2xx was lost (timeout, a killed server) sees a retry —
 * always with the same idempotency key, which is how "exactly once" holds for the receiver.
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { z } from 'zod';
import { formatPhone, spelledMoveDay } from '@moveratlas/contracts';
import type { Config } from '../../config';
import { PermanentJobError, type JobHandler, type JobRegistry } from '../../jobs/worker';
import type { Job } from '../../jobs/queue';
import { sendMail } from '../mail';
import { deliveryCompany, deliveryLead } from './delivery-lead';
import { leadMailRecipients } from './lead-mail-recipients';
import {
  DELIVERY_JOBS,
  FINISHED_DELIVERY,
  findDelivery,
  updateDelivery,
  type DeliveryRow,
} from './delivery-rows';
import { leadEvent } from './webhook-event';
import { recordWebhookAttempt } from './webhook-attempts';
import { WebhookSender, webhookRules } from './webhook-sender';
import { companyWebhook, signingSecrets } from './webhook-store';

const Payload = z.object({ deliveryId: z.number().int() });

async function deliveryOf(db: Knex, job: Job): Promise<DeliveryRow> {
  const parsed = Payload.safeParse(job.payload);
  if (!parsed.success) throw new PermanentJobError('malformed job payload');
  const delivery = await findDelivery(db, parsed.data.deliveryId);
  if (!delivery) throw new PermanentJobError(`delivery ${parsed.data.deliveryId} no longer exists`);
  return delivery;
}

/** Ends the job with the delivery in a final state, in the job's own transaction. */
const finish = (delivery: DeliveryRow, status: 'cancelled' | 'skipped', detail: string) => ({
  result: { [status]: detail },
  commit: (trx: Knex.Transaction) =>
    updateDelivery(trx, delivery.id, { status, attempts: delivery.attempts, detail }),
});

function emailHandler(db: Knex, config: Config): JobHandler {
  return {
    async run(job) {
      const delivery = await deliveryOf(db, job);
      if (FINISHED_DELIVERY.includes(delivery.status))
        return { result: { already: delivery.status } };
      const [found, company] = await Promise.all([
        deliveryLead(db, delivery.leadId, delivery.companyId),
        deliveryCompany(db, delivery.companyId),
      ]);
      if (!found || !company) return finish(delivery, 'cancelled', 'The request was deleted');
      if (found.gate) return finish(delivery, 'cancelled', found.gate);
      const { claimed, recipients } = await leadMailRecipients(db, company);
      if (recipients.length === 0)
        return finish(
          delivery,
          'skipped',
          claimed
            ? 'Nobody on the team gets new-request e-mails (see Notifications)'
            : 'The listing has no e-mail address',
        );
      const { lead } = found;
      const data = {
        companyName: company.name,
        leadPublicId: found.publicId,
        customerName: `${lead.contact.firstName} ${lead.contact.lastName}`.trim(),
        email: lead.contact.email,
        phone: formatPhone(lead.contact.phone),
        from: lead.move.from.label,
        to: lead.move.to.label,
        moveDate: spelledMoveDay(lead.move.date),
        moveSize: lead.move.size,
        consentText: lead.consent.text,
        link: claimed
          ? { kind: 'inbox' as const, path: `/pro/companies/${company.id}/leads/${found.leadId}` }
          : { kind: 'claim' as const, path: `/claim/${encodeURIComponent(company.slug)}` },
      };
      const attempts = delivery.attempts + 1;
      return {
        result: { recipients: recipients.length },
        commit: async (trx) => {
          for (const to of recipients)
            await sendMail(trx, { to, template: 'lead-for-mover', data }, config);
          await updateDelivery(trx, delivery.id, {
            status: 'delivered',
            attempts,
            detail: `E-mailed to ${recipients.join(', ')}`,
          });
        },
      };
    },
  };
}

function webhookHandler(
  db: Knex,
  config: Config,
  sender: WebhookSender,
  logger: Logger,
): JobHandler {
  const delays = config.webhooks.retryDelaysMs;
  return {
    // The call's own limit plus the database work around it; well inside a lease.
    timeoutMs: config.webhooks.timeoutMs + 5000,
    // Receivers that hang hold a slot each up to their time limit: leave one for e-mail and the rest.
    maxSlots: Math.max(1, config.jobs.concurrency - 1),
    retryDelayMs: (attempt) => delays[Math.min(attempt, delays.length) - 1] ?? delays.at(-1)!,
    async run(job, signal) {
      const delivery = await deliveryOf(db, job);
      if (FINISHED_DELIVERY.includes(delivery.status))
        return { result: { already: delivery.status } };
      const [found, company, hook] = await Promise.all([
        deliveryLead(db, delivery.leadId, delivery.companyId),
        deliveryCompany(db, delivery.companyId),
        companyWebhook(db, delivery.companyId),
      ]);
      if (!found || !company) return finish(delivery, 'cancelled', 'The request was deleted');
      if (found.gate) return finish(delivery, 'cancelled', found.gate);
      if (!hook?.enabled) return finish(delivery, 'skipped', 'The webhook was turned off');
      const event = leadEvent(company, found.lead, delivery.idempotencyKey, delivery.createdAt);
      const attempts = delivery.attempts + 1;
      const call = await sender.send(
        {
          url: hook.url,
          body: JSON.stringify(event),
          secrets: signingSecrets(hook),
          idempotencyKey: delivery.idempotencyKey,
          eventType: event.type,
        },
        signal,
      );
      const attempt = {
        companyId: company.id,
        deliveryId: delivery.id,
        eventType: event.type,
        attempt: attempts,
        call,
      };
      if (call.outcome === 'delivered')
        // The receiver has the lead: from here nothing may fail the job (a failure would send it again). The
        // log line and the delivered mark go into the transaction that ends the job, which the worker keeps
        // trying to commit while the database is busy.
        return {
          result: { statusCode: call.statusCode },
          commit: async (trx) => {
            await recordWebhookAttempt(trx, attempt);
            await updateDelivery(trx, delivery.id, {
              status: 'delivered',
              attempts,
              detail: `Your server answered ${call.statusCode}`,
              lastStatusCode: call.statusCode,
            });
          },
        };
      const last = job.attempts >= job.maxAttempts;
      try {
        await recordWebhookAttempt(db, attempt);
        await updateDelivery(db, delivery.id, {
          status: last ? 'failed' : 'retrying',
          attempts,
          detail: call.error,
          lastStatusCode: call.statusCode,
        });
      } catch (error) {
        // The log misses this attempt; the retry it asks for still happens.
        logger.warn({ err: error, deliveryId: delivery.id }, 'could not log a webhook attempt');
      }
      throw new Error(call.error ?? 'the webhook call failed');
    },
  };
}

export function deliveryJobHandlers(
  { db, config, logger }: { db: Knex; config: Config; logger: Logger },
  sender = new WebhookSender(webhookRules(config), config.webhooks.timeoutMs),
): JobRegistry {
  return {
    [DELIVERY_JOBS.email]: emailHandler(db, config),
    [DELIVERY_JOBS.webhook]: webhookHandler(db, config, sender, logger),
  };
}
