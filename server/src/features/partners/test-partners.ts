/**
 * Test partners (partners.is_test, migration 90): what is attributed to them — leads, analytics copies,
 * visitor sessions — is stored with delivery_status 'test' and never queued for the lead backend. The QA
 * suites (features/qa) send their end-to-end quote as the seeded `qa-test` partner.
 */
import type { Knex } from 'knex';

export const QA_TEST_SITE_ID = 'qa-test';
export const TEST_DELIVERY_STATUS = 'test';

/** Which of these site ids are test partners (one indexed query on a small table). */
export async function testSiteIds(
  db: Knex | Knex.Transaction,
  siteIds: Iterable<string>,
): Promise<Set<string>> {
  const ids = [...new Set(siteIds)];
  if (ids.length === 0) return new Set();
  const rows = (await db('partners')
    .whereIn('site_id', ids)
    .andWhere('is_test', true)
    .pluck('site_id')) as string[];
  return new Set(rows);
}
