/**
 * Deliveries (issue 18): every lead reaches each mover the visitor chose, once per channel — by e-mail and by
 * the mover's signed webhook — on the durable job queue, with the consent checked at each attempt; and the
 * movers' Lead delivery screen (webhook, secret, test event, delivery log, redelivery).
 * What the rest of the server may use of this resource; everything else in the folder is its own
 * (eslint holds the line: docs/decisions/015-one-folder-per-resource.md).
 */
export {
  DELIVERY_JOBS,
  queueLeadDeliveries,
  type DeliveryAttempts,
  type NewLeadDelivery,
} from './delivery-rows';
export { deliveryAttempts } from './delivery-attempts';
export { deliveryJobHandlers } from './delivery-jobs';
export { leadDeliveries } from './lead-deliveries';
export { cancelDeliveries } from './cancel-deliveries';
export { tellMoverOfWithdrawal } from './withdrawal-notice';
export { CONSENT_WITHDRAWN, storedLead, type StoredLead } from './delivery-lead';
export { proDeliveryRoutes } from './pro/routes';
export { signatureHeader } from './webhook-signature';
export { WebhookSender, webhookRules } from './webhook-sender';
