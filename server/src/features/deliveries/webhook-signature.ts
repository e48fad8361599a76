/**
 * Signing a webhook body the way docs/webhooks.md tells receivers to check it (Stripe's scheme): the header
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, one v1 per secret that signs — during the day after
 * a rotation the old secret signs too, so a receiver that has not switched yet keeps accepting.
 */
import { createHmac, randomBytes } from 'node:crypto';

/** 32 random bytes: unguessable, and shown to the mover once per rotation (and to owners on the screen). */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

export function signatureHeader(
  secrets: readonly string[],
  body: string,
  unixSeconds = Math.floor(Date.now() / 1000),
): string {
  const signatures = secrets.map(
    (secret) => `v1=${createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')}`,
  );
  return [`t=${unixSeconds}`, ...signatures].join(',');
}
