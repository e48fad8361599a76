/** The mover-facing part of deliveries: the Lead delivery screen's webhook card and the delivery log. */
import { Router } from 'express';
import type { ProContext } from '../../../app-context';
import { deliveryAttempts } from '../delivery-attempts';
import { WebhookSender, webhookRules } from '../webhook-sender';
import { getWebhookRoute } from './get-webhook-route';
import { listDeliveriesRoute } from './list-deliveries-route';
import { putWebhookRoute } from './put-webhook-route';
import { redeliverRoute } from './redeliver-route';
import { rotateSecretRoute } from './rotate-secret-route';
import { testEventRoute } from './test-event-route';

export function proDeliveryRoutes(ctx: ProContext): Router {
  const sender = new WebhookSender(webhookRules(ctx.config), ctx.config.webhooks.timeoutMs);
  const router = Router();
  router.use(getWebhookRoute(ctx));
  router.use(putWebhookRoute(ctx, sender));
  router.use(rotateSecretRoute(ctx));
  router.use(testEventRoute(ctx, sender));
  router.use(listDeliveriesRoute(ctx));
  router.use(redeliverRoute(ctx, deliveryAttempts(ctx.config)));
  return router;
}
