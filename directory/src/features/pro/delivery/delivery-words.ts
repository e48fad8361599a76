/**
 * The Lead delivery screen's words for the API's codes: how a webhook call ended and which event it carried.
 * A mover reads these, never the codes themselves. (A channel's and a status's words are in the contracts,
 * shared with the lead pages: DELIVERY_CHANNEL_LABELS, DELIVERY_STATUS_LABELS.)
 */
import type {
  DeliveryStatus,
  WebhookAttempt,
  WebhookEventType,
  WebhookOutcome,
} from '@moveratlas/contracts';
import { formatCount } from '../../../lib/numbers';

export const OUTCOME_WORDS: Record<WebhookOutcome, string> = {
  delivered: 'Received',
  rejected: 'Refused by your server',
  timeout: 'No answer in time',
  unreachable: 'Could not connect',
  refused: 'Not sent: address not allowed',
};

export const EVENT_WORDS: Record<WebhookEventType, string> = {
  'lead.created': 'Lead',
  test: 'Test event',
};

/**
 * The deliveries an owner may send again: finished ones. One still queued or retrying is on its way (the
 * server refuses a second), and a cancelled one stays so: the customer withdrew.
 */
const REDELIVERABLE: readonly DeliveryStatus[] = ['delivered', 'failed', 'skipped'];
export const canRedeliver = (status: DeliveryStatus): boolean => REDELIVERABLE.includes(status);

/** What the receiver answered: its HTTP status, or that it never did. */
export const answerWords = (statusCode: number | null): string =>
  statusCode === null ? 'No answer' : String(statusCode);

export const durationWords = (ms: number): string => `${formatCount(ms)} ms`;

/** A test event's result as a sentence: the answer and its time, or why it was not received. */
export function testResultWords(attempt: WebhookAttempt): string {
  if (attempt.outcome === 'delivered')
    return attempt.statusCode === null
      ? `Your server received it in ${durationWords(attempt.durationMs)}.`
      : `Your server answered ${attempt.statusCode} in ${durationWords(attempt.durationMs)}.`;
  return attempt.error ?? `${OUTCOME_WORDS[attempt.outcome]}.`;
}
