/**
 * The analytics copy (spec 4.1's second phase, 7.3.3): stored once per lead_uuid and forwarded by its own
 * job, so whatever happens to it never touches the lead itself.
 */
import type { Knex } from 'knex';
import type { LeadAnalyticsWire } from '@moveratlas/contracts';
import { isUniqueViolation } from '../../db/dialect';
import { enqueueJob } from '../../jobs/queue';
import { LEAD_ANALYTICS_JOB } from './outbox';
import { testSiteIds, TEST_DELIVERY_STATUS } from '../partners';

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
      // A test partner's copy is kept as a test and never forwarded (QA automation).
      const test = (await testSiteIds(trx, [siteId])).has(siteId);
      const [id] = (await trx('lead_analytics').insert({
        lead_uuid: wire.lead_uuid,
        site_id: siteId,
        wire: JSON.stringify(wire),
        ...(test ? { delivery_status: TEST_DELIVERY_STATUS } : {}),
      })) as number[];
      if (!test)
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
