/**
 * lead_deliveries: one row per lead, company and channel. Queued in the lead's own transaction at intake;
 * the delivery job reads it before each attempt and moves it on in the transaction that ends the job.
 */
import type { Knex } from 'knex';
import {
  DELIVERY_CHANNELS,
  DELIVERY_STATUSES,
  type DeliveryChannel,
  type DeliveryStatus,
} from '@moveratlas/contracts';
import { storedChoice } from '../../lib/stored-json';
import { enqueueJob, enqueueJobs } from '../../jobs/queue';
import { companiesWithWebhooks } from './webhook-store';

type Db = Knex | Knex.Transaction;

/** The job type that delivers each channel. */
export const DELIVERY_JOBS: Record<DeliveryChannel, string> = {
  email: 'lead.deliver-email',
  webhook: 'lead.deliver-webhook',
};

/** Statuses a delivery does not leave by itself (a mover's redelivery may put a finished one back). */
export const FINISHED_DELIVERY: readonly DeliveryStatus[] = [
  'delivered',
  'failed',
  'cancelled',
  'skipped',
];

export interface DeliveryRow {
  id: number;
  leadId: number;
  companyId: number;
  channel: DeliveryChannel;
  status: DeliveryStatus;
  attempts: number;
  idempotencyKey: string;
  createdAt: number;
}

export const idempotencyKey = (leadPublicId: string, companyId: number) =>
  `${leadPublicId}-${companyId}`;

export async function findDelivery(db: Db, id: number): Promise<DeliveryRow | undefined> {
  const row = (await db('lead_deliveries').where({ id }).first()) as
    Record<string, unknown> | undefined;
  if (!row) return undefined;
  return {
    id: Number(row.id),
    leadId: Number(row.lead_id),
    companyId: Number(row.company_id),
    channel: storedChoice(DELIVERY_CHANNELS, row.channel, 'email'),
    status: storedChoice(DELIVERY_STATUSES, row.status, 'queued'),
    attempts: Number(row.attempts),
    idempotencyKey: String(row.idempotency_key),
    createdAt: Number(row.created_at),
  };
}

export interface DeliveryChange {
  status: DeliveryStatus;
  attempts: number;
  detail: string | null;
  lastStatusCode?: number | null;
}

export async function updateDelivery(db: Db, id: number, change: DeliveryChange): Promise<void> {
  const now = Date.now();
  await db('lead_deliveries')
    .where({ id })
    .update({
      status: change.status,
      attempts: change.attempts,
      detail: change.detail?.slice(0, 300) ?? null,
      ...(change.lastStatusCode === undefined ? {} : { last_status_code: change.lastStatusCode }),
      ...(change.status === 'delivered' ? { delivered_at: now } : {}),
      updated_at: now,
    });
}

export interface NewLeadDelivery {
  leadId: number;
  leadPublicId: string;
  companyId: number;
}

export interface DeliveryAttempts {
  email: number;
  webhook: number;
}

/**
 * Queues the deliveries of freshly accepted leads, in the intake's transaction: an e-mail to every named
 * company, and a webhook call to those whose webhook is on. One job per delivery, so each channel of each
 * company succeeds, retries and fails on its own.
 */
export async function queueLeadDeliveries(
  trx: Knex.Transaction,
  leads: readonly NewLeadDelivery[],
  attempts: DeliveryAttempts,
): Promise<void> {
  if (leads.length === 0) return;
  const hooked = await companiesWithWebhooks(trx, [...new Set(leads.map((l) => l.companyId))]);
  const now = Date.now();
  const rows = leads.flatMap((lead) =>
    (['email', 'webhook'] as const)
      .filter((channel) => channel === 'email' || hooked.has(lead.companyId))
      .map((channel) => ({
        lead_id: lead.leadId,
        company_id: lead.companyId,
        channel,
        status: 'queued',
        attempts: 0,
        idempotency_key: idempotencyKey(lead.leadPublicId, lead.companyId),
        created_at: now,
        updated_at: now,
      })),
  );
  await trx('lead_deliveries').insert(rows);
  const stored = (await trx('lead_deliveries')
    .whereIn('lead_id', [...new Set(leads.map((l) => l.leadId))])
    .select('id', 'channel')) as Array<{ id: number; channel: DeliveryChannel }>;
  for (const channel of ['email', 'webhook'] as const)
    await enqueueJobs(
      trx,
      DELIVERY_JOBS[channel],
      stored.filter((r) => r.channel === channel).map((r) => ({ deliveryId: Number(r.id) })),
      { maxAttempts: attempts[channel] },
    );
}

/** Puts a finished delivery back in the queue (a mover's redelivery): same row, same idempotency key. */
export async function requeueDelivery(
  trx: Knex.Transaction,
  delivery: DeliveryRow,
  attempts: DeliveryAttempts,
  by: string,
): Promise<void> {
  await trx('lead_deliveries')
    .where({ id: delivery.id })
    .update({ status: 'queued', detail: null, updated_at: Date.now() });
  await enqueueJob(
    trx,
    DELIVERY_JOBS[delivery.channel],
    { deliveryId: delivery.id },
    { maxAttempts: attempts[delivery.channel], createdBy: by },
  );
}
