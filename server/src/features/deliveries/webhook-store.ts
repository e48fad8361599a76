/** A company's webhook (company_webhooks): the address, on or off, and the secrets that sign its calls. */
import type { Knex } from 'knex';
import { WEBHOOK_SECRET_OVERLAP_HOURS } from '@moveratlas/contracts';
import { newWebhookSecret } from './webhook-signature';

type Db = Knex | Knex.Transaction;

export interface CompanyWebhook {
  url: string;
  enabled: boolean;
  secret: string;
  previousSecret: string | null;
  /** Epoch ms until which the previous secret signs too. */
  previousSecretUntil: number | null;
}

interface WebhookRow {
  url: string;
  enabled: number | boolean;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: number | string | null;
}

export async function companyWebhook(
  db: Db,
  companyId: number,
): Promise<CompanyWebhook | undefined> {
  const row = (await db('company_webhooks')
    .where({ company_id: companyId })
    .first('url', 'enabled', 'secret', 'previous_secret', 'previous_secret_until')) as
    WebhookRow | undefined;
  if (!row) return undefined;
  return {
    url: row.url,
    enabled: Boolean(row.enabled),
    secret: row.secret,
    previousSecret: row.previous_secret,
    previousSecretUntil:
      row.previous_secret_until === null ? null : Number(row.previous_secret_until),
  };
}

/** The secrets that sign a call now: the current one, and the previous one during its overlap. */
export function signingSecrets(hook: CompanyWebhook, now = Date.now()): string[] {
  return hook.previousSecret && (hook.previousSecretUntil ?? 0) > now
    ? [hook.secret, hook.previousSecret]
    : [hook.secret];
}

/** Sets the address and whether it is on; the first save makes the secret. */
export async function saveCompanyWebhook(
  trx: Knex.Transaction,
  companyId: number,
  values: { url: string; enabled: boolean },
  userId: number,
  now = Date.now(),
): Promise<void> {
  const changed = await trx('company_webhooks').where({ company_id: companyId }).update({
    url: values.url,
    enabled: values.enabled,
    updated_by_user_id: userId,
    updated_at: now,
  });
  if (changed === 0)
    await trx('company_webhooks').insert({
      company_id: companyId,
      url: values.url,
      enabled: values.enabled,
      secret: newWebhookSecret(),
      updated_by_user_id: userId,
      created_at: now,
      updated_at: now,
    });
}

/** A new secret; the one it replaces keeps signing for WEBHOOK_SECRET_OVERLAP_HOURS. */
export async function rotateWebhookSecret(
  trx: Knex.Transaction,
  companyId: number,
  userId: number,
  now = Date.now(),
): Promise<boolean> {
  const hook = await companyWebhook(trx, companyId);
  if (!hook) return false;
  await trx('company_webhooks')
    .where({ company_id: companyId })
    .update({
      secret: newWebhookSecret(),
      previous_secret: hook.secret,
      previous_secret_until: now + WEBHOOK_SECRET_OVERLAP_HOURS * 3_600_000,
      updated_by_user_id: userId,
      updated_at: now,
    });
  return true;
}

/** The companies among `companyIds` whose webhook is on (the intake queues a webhook delivery for them). */
export async function companiesWithWebhooks(
  db: Db,
  companyIds: readonly number[],
): Promise<Set<number>> {
  if (companyIds.length === 0) return new Set();
  const rows = (await db('company_webhooks')
    .whereIn('company_id', companyIds)
    .where('enabled', true)
    .select('company_id')) as Array<{ company_id: number }>;
  return new Set(rows.map((r) => Number(r.company_id)));
}
