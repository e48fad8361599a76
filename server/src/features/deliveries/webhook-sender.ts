/**
 * One attempt to call a mover's webhook: POST the signed JSON, wait at most the time limit for the answer's
 * status, and never read its body (a receiver answering gigabytes costs nothing; its words never reach a page
 * or a log). The address goes through the outbound guard (lib/http/public-fetch.ts) with the movers' rules:
 * https to public addresses only, checked at connect time (DNS rebinding included), no redirects followed —
 * http to loopback only outside production, for the test and development stand-ins. The outcome is in fixed
 * plain words for the delivery log.
 */
import type { WebhookOutcome } from '@moveratlas/contracts';
import {
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_IDEMPOTENCY_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookEventType,
} from '@moveratlas/contracts';
import type { Config } from '../../config';
import {
  OutboundRefusedError,
  PublicFetch,
  type OutboundRules,
  type Resolver,
} from '../../lib/http/public-fetch';
import { signatureHeader } from './webhook-signature';

export interface WebhookCall {
  outcome: WebhookOutcome;
  statusCode: number | null;
  startedAt: number;
  durationMs: number;
  /** Plain words for anything but a 2xx. */
  error: string | null;
}

export interface WebhookMessage {
  url: string;
  body: string;
  secrets: readonly string[];
  idempotencyKey: string;
  eventType: WebhookEventType;
}

/**
 * Never a private network, whatever the lead backend's setting allows: a mover's address is the internet's.
 * Plain http to this machine only outside production, or when the operator allows it (WEBHOOK_ALLOW_LOOPBACK=1,
 * for a staging box or the end-to-end tests' stand-in receiver).
 */
export function webhookRules(
  config: Pick<Config, 'env'> & { webhooks?: Pick<Config['webhooks'], 'allowLoopback'> },
): OutboundRules {
  const local = config.env !== 'production' || config.webhooks?.allowLoopback === true;
  return { allowLoopback: local, allowPrivate: false, allowHttp: local, anyPort: local };
}

/** 10000 → "10 seconds", 1500 → "1.5 seconds". */
const secondsWords = (ms: number) => `${Number((ms / 1000).toFixed(1))} seconds`;

export class WebhookSender {
  readonly fetcher: PublicFetch;

  constructor(
    rules: OutboundRules,
    readonly timeoutMs: number,
    resolve?: Resolver,
  ) {
    this.fetcher = new PublicFetch(rules, { resolve, maxBodyBytes: 0 });
  }

  /** Why `url` cannot be a webhook, checked now (the form's answer); undefined when it can. */
  problem(url: string): Promise<string | undefined> {
    return this.fetcher.check(url);
  }

  async send(message: WebhookMessage, signal?: AbortSignal): Promise<WebhookCall> {
    const startedAt = Date.now();
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const done = (
      outcome: WebhookOutcome,
      statusCode: number | null,
      error: string | null,
    ): WebhookCall => ({
      outcome,
      statusCode,
      startedAt,
      durationMs: Date.now() - startedAt,
      error,
    });
    try {
      const response = await this.fetcher.fetch(message.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'MoverAtlas-Webhooks/1',
          [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(message.secrets, message.body),
          [WEBHOOK_IDEMPOTENCY_HEADER]: message.idempotencyKey,
          [WEBHOOK_EVENT_HEADER]: message.eventType,
        },
        body: message.body,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      // The status is all we need: the body is dropped unread.
      await response.body?.cancel().catch(() => undefined);
      if (response.status >= 200 && response.status < 300)
        return done('delivered', response.status, null);
      return done(
        'rejected',
        response.status,
        `Your server answered ${response.status}: only a 2xx answer counts as received`,
      );
    } catch (error) {
      if (error instanceof OutboundRefusedError)
        return error.message.startsWith('refused')
          ? done('refused', null, `We did not send it: ${error.message.replace(/^refused: /, '')}`)
          : done('rejected', null, `Your server ${error.message}: give the final address`);
      if (timeout.aborted)
        return done(
          'timeout',
          null,
          `Your server did not answer within ${secondsWords(this.timeoutMs)}`,
        );
      if (signal?.aborted) return done('unreachable', null, 'The attempt was interrupted');
      return done('unreachable', null, 'We could not connect to your server');
    }
  }

  close(): Promise<void> {
    return this.fetcher.close();
  }
}
