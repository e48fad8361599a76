/** The Lead delivery screen's webhook card, as GET …/webhook answers it (and the writes answer it back). */
import type { Knex } from 'knex';
import type { ProWebhook } from '@moveratlas/contracts';
import { webhookAttempts } from '../webhook-attempts';
import { companyWebhook } from '../webhook-store';

/** Attempts the card lists (the latest; each delivery's own are on the log). */
const CARD_ATTEMPTS = 20;

export async function webhookView(
  db: Knex,
  companyId: number,
  isOwner: boolean,
): Promise<ProWebhook> {
  const [hook, attempts] = await Promise.all([
    companyWebhook(db, companyId),
    webhookAttempts(db, companyId, { limit: CARD_ATTEMPTS }),
  ]);
  const overlap =
    hook?.previousSecret && (hook.previousSecretUntil ?? 0) > Date.now()
      ? new Date(hook.previousSecretUntil!).toISOString()
      : null;
  return {
    url: hook?.url ?? null,
    enabled: hook?.enabled ?? false,
    // The secret signs the company's leads: only an owner, who can rotate it, may read it.
    secret: hook && isOwner ? hook.secret : null,
    previousSecretUntil: overlap,
    attempts,
  };
}
