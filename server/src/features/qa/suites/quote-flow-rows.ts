/**
 * The quote flow's rows in the database: the test lead must be stored as a test and never queued for the
 * lead backend, and every row the flow made is removed afterwards (test quotes stay out of the lead lists
 * and statistics).
 */
import { LEAD_ANALYTICS_JOB, LEAD_FORWARD_JOB } from '../../leads';
import { SESSION_FORWARD_JOB } from '../../sessions';
import { QA_TEST_SITE_ID, TEST_DELIVERY_STATUS } from '../../partners';
import { expect } from '../qa-session';
import type { QuoteFlow } from './quote-flow-steps';

export async function checkStoredAsTest(flow: QuoteFlow): Promise<string> {
  const { db } = flow.session;
  const { leadUuid } = flow;
  const lead = (await db('leads')
    .where({ lead_uuid: leadUuid })
    .first('id', 'site_id', 'delivery_status')) as
    { id: number; site_id: string; delivery_status: string } | undefined;
  expect(lead, 'The lead is not in the database');
  expect(lead.site_id === QA_TEST_SITE_ID, `Lead attributed to ${lead.site_id}`);
  expect(
    lead.delivery_status === TEST_DELIVERY_STATUS,
    `Lead delivery status is ${lead.delivery_status}, expected ${TEST_DELIVERY_STATUS}`,
  );
  const copy = (await db('lead_analytics')
    .where({ lead_uuid: leadUuid })
    .first('id', 'delivery_status')) as { id: number; delivery_status: string } | undefined;
  expect(copy?.delivery_status === TEST_DELIVERY_STATUS, 'The analytics copy is not a test');
  const session = (await db('visitor_sessions')
    .where({ session_id: flow.sessionId! })
    .first('id', 'delivery_status')) as { id: number; delivery_status: string } | undefined;
  expect(session?.delivery_status === TEST_DELIVERY_STATUS, 'The session is not a test');
  const queued = (await db('jobs')
    .where((q) =>
      q
        .where({ type: LEAD_FORWARD_JOB, payload: JSON.stringify({ leadId: Number(lead.id) }) })
        .orWhere({
          type: LEAD_ANALYTICS_JOB,
          payload: JSON.stringify({ analyticsId: Number(copy!.id) }),
        })
        .orWhere({
          type: SESSION_FORWARD_JOB,
          payload: JSON.stringify({ sessionRowId: Number(session!.id) }),
        }),
    )
    .count({ n: '*' })
    .first()) as { n: number | string };
  expect(Number(queued.n) === 0, `${queued.n} forwarding job(s) were queued for it`);
  return `lead ${flow.publicId} (${TEST_DELIVERY_STATUS}), no forwarding job`;
}

export async function removeTestRows(flow: QuoteFlow): Promise<string> {
  const { leadUuid, sessionId } = flow;
  const removed = await flow.session.db.transaction(async (trx) => {
    const lead = (await trx('leads').where({ lead_uuid: leadUuid }).first('id')) as
      { id: number } | undefined;
    let rows = 0;
    if (lead) {
      rows += await trx('lead_status_history').where({ lead_id: lead.id }).delete();
      rows += await trx('lead_consents').where({ lead_id: lead.id }).delete();
      rows += await trx('leads').where({ id: lead.id }).delete();
    }
    rows += await trx('lead_analytics')
      .where({ lead_uuid: leadUuid, site_id: QA_TEST_SITE_ID })
      .delete();
    if (sessionId)
      rows += await trx('visitor_sessions')
        .where({ session_id: sessionId, site_id: QA_TEST_SITE_ID })
        .delete();
    return rows;
  });
  return `${removed} row(s) removed`;
}
