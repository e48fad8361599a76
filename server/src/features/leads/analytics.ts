/**
 * The analytics copy (spec 4.1's second phase, 7.3.3): stored once per lead_uuid and forwarded by its own
 * job, so whatever happens to it never touches the lead itself.
 */
import type { Knex } from 'knex';
import type { LeadAnalyticsWire } from '@moveratlas/contracts';
import { isUniqueViolation } from '../../db/dialect';
import { enqueueJob } from '../../jobs/queue';
import { LEAD_ANALYTICS_JOB } from './outbox';

export async function acceptAnalyticsCopy(
  db: Knex,
  wire: LeadAnalyticsWire,
  siteId: string,
  options: { maxAttempts: number },
): Promise<{ created: boolean }> {
  const existing = await db('lead_analytics').where({ lead_uuid: wire.lead_uuid }).first('id');
  if (existing) return { created: false };
  try {
    await db.transaction(async (trx) => {
      const [id] = (await trx('lead_analytics').insert({
        lead_uuid: wire.lead_uuid,
        site_id: siteId,
        wire: JSON.stringify(wire),
      })) as number[];
      await enqueueJob(
        trx,
        LEAD_ANALYTICS_JOB,
        { analyticsId: Number(id) },
        { maxAttempts: options.maxAttempts },
      );
    });
    return { created: true };
  } catch (error) {
    if (isUniqueViolation(error)) return { created: false };
    throw error;
  }
}
