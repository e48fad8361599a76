/**
 * POST /api/pro/companies/:companyId/webhook/test (owners): sends a made-up, plainly marked lead to the
 * webhook now, signed like a real one, and answers how the call went — it is logged like any attempt.
 * Throttled per company: each test is a request to someone else's server.
 */
import { Router, type Request, type Response } from 'express';
import type { ProWebhookTestResult } from '@moveratlas/contracts';
import type { ProContext } from '../../../app-context';
import { HttpError } from '../../../lib/http-error';
import { requireProOwner, type ProCompanyLocals } from '../../movers';
import { attemptOf, recordWebhookAttempt } from '../webhook-attempts';
import { testEvent } from '../webhook-event';
import type { WebhookSender } from '../webhook-sender';
import { companyWebhook, signingSecrets } from '../webhook-store';

/** At most this many test events per company per minute. */
const TESTS_PER_MINUTE = 5;

export function testEventRoute({ db }: ProContext, sender: WebhookSender): Router {
  return Router().post('/webhook/test', requireProOwner, async (req: Request, res: Response) => {
    const { proCompany } = res.locals as ProCompanyLocals;
    const hook = await companyWebhook(db, proCompany.id);
    if (!hook) throw new HttpError(409, 'Set up the webhook first: there is no address to send to');
    const recent = (await db('webhook_attempts')
      .where({ company_id: proCompany.id, event_type: 'test' })
      .where('started_at', '>', Date.now() - 60_000)
      .count({ n: '*' })
      .first()) as { n: number | string };
    if (Number(recent.n) >= TESTS_PER_MINUTE)
      throw new HttpError(429, 'You sent several test events just now: please wait a minute');
    const event = testEvent(proCompany);
    const call = await sender.send({
      url: hook.url,
      body: JSON.stringify(event),
      secrets: signingSecrets(hook),
      idempotencyKey: event.idempotencyKey,
      eventType: event.type,
    });
    const attempt = {
      companyId: proCompany.id,
      deliveryId: null,
      eventType: 'test' as const,
      attempt: 1,
      call,
    };
    const id = await recordWebhookAttempt(db, attempt);
    const answer: ProWebhookTestResult = { attempt: attemptOf(id, attempt) };
    res.json(answer);
  });
}
