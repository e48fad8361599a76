/** How many attempts each channel's job gets: the lead outbox's for e-mail, the retry schedule's for webhooks. */
import type { Config } from '../../config';
import type { DeliveryAttempts } from './delivery-rows';

export const deliveryAttempts = (
  config: Pick<Config, 'leadForwardMaxAttempts' | 'webhooks'>,
): DeliveryAttempts => ({
  email: config.leadForwardMaxAttempts,
  webhook: config.webhooks.retryDelaysMs.length + 1,
});
