/** webhook_attempts: the delivery log a mover reads — each call's outcome, status code and duration. */
import type { Knex } from 'knex';
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_OUTCOMES,
  type WebhookAttempt,
  type WebhookEventType,
  type WebhookOutcome,
} from '@moveratlas/contracts';
import { storedChoice } from '../../lib/stored-json';
import type { WebhookCall } from './webhook-sender';

type Db = Knex | Knex.Transaction;

export interface NewWebhookAttempt {
  companyId: number;
  deliveryId: number | null;
  eventType: WebhookEventType;
  attempt: number;
  call: WebhookCall;
}

/** An attempt just recorded, as the screen shows it (without reading it back). */
export const attemptOf = (id: number, attempt: NewWebhookAttempt): WebhookAttempt => ({
  id,
  deliveryId: attempt.deliveryId,
  eventType: attempt.eventType,
  attempt: attempt.attempt,
  at: new Date(attempt.call.startedAt).toISOString(),
  durationMs: attempt.call.durationMs,
  statusCode: attempt.call.statusCode,
  outcome: attempt.call.outcome,
  error: attempt.call.error,
});

export async function recordWebhookAttempt(db: Db, attempt: NewWebhookAttempt): Promise<number> {
  const [id] = (await db('webhook_attempts').insert({
    company_id: attempt.companyId,
    delivery_id: attempt.deliveryId,
    event_type: attempt.eventType,
    attempt: attempt.attempt,
    started_at: attempt.call.startedAt,
    duration_ms: attempt.call.durationMs,
    status_code: attempt.call.statusCode,
    outcome: attempt.call.outcome,
    error: attempt.call.error?.slice(0, 300) ?? null,
  })) as number[];
  return Number(id);
}

interface AttemptRow {
  id: number | string;
  delivery_id: number | string | null;
  event_type: string;
  attempt: number | string;
  started_at: number | string;
  duration_ms: number | string;
  status_code: number | string | null;
  outcome: string;
  error: string | null;
}

export function toWebhookAttempt(row: AttemptRow): WebhookAttempt {
  return {
    id: Number(row.id),
    deliveryId: row.delivery_id === null ? null : Number(row.delivery_id),
    eventType: storedChoice<WebhookEventType>(WEBHOOK_EVENT_TYPES, row.event_type, 'lead.created'),
    attempt: Number(row.attempt),
    at: new Date(Number(row.started_at)).toISOString(),
    durationMs: Number(row.duration_ms),
    statusCode: row.status_code === null ? null : Number(row.status_code),
    outcome: storedChoice<WebhookOutcome>(WEBHOOK_OUTCOMES, row.outcome, 'unreachable'),
    error: row.error,
  };
}

/** A company's latest attempts, newest first (or one delivery's). */
export async function webhookAttempts(
  db: Db,
  companyId: number,
  options: { deliveryId?: number; limit: number },
): Promise<WebhookAttempt[]> {
  const query = db('webhook_attempts').where({ company_id: companyId });
  if (options.deliveryId !== undefined) query.where({ delivery_id: options.deliveryId });
  const rows = (await query.orderBy('id', 'desc').limit(options.limit)) as AttemptRow[];
  return rows.map(toWebhookAttempt);
}
