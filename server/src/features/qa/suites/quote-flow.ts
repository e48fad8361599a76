/** The quote-flow suite: session, matching, lead and analytics copy through the widget's endpoints as the QA test partner; the lead must be stored as a test and never queued for the lead backend, and its rows are removed afterwards. */
import { randomUUID } from 'node:crypto';
import {
  CONSENT_VERSION,
  consentText,
  MatchCompaniesResponseSchema,
  SessionResponseSchema,
} from '@moveratlas/contracts';
import { LEAD_ANALYTICS_JOB, LEAD_FORWARD_JOB } from '../../leads';
import { SESSION_FORWARD_JOB } from '../../sessions';
import { QA_TEST_SITE_ID, TEST_DELIVERY_STATUS } from '../../partners';
import { expect, type QaSession } from '../qa-session';

export async function quoteFlowSuite(session: QaSession): Promise<void> {
  const { target, db, request, check, sample } = session;
  const leadUuid = `qa-${randomUUID()}`;
  const state: {
    sessionId?: string;
    companies?: Array<{ id: number; name: string }>;
    publicId?: string;
  } = {};
  const json = (body: unknown) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const form = (body: Record<string, string>) => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
  });
  const fromZip = sample.zip ?? '60601';
  const fromCity = sample.major?.name ?? 'Chicago';
  const fromState = sample.major?.stateAbbreviation ?? 'IL';

  const sessionOk = await check(
    'quote-flow',
    'session_send_bq records a session',
    '/api/proxy/session_send_bq',
    async () => {
      const response = await request(
        '/api/proxy/session_send_bq',
        json({
          uuid: leadUuid,
          hostname: new URL(target.siteOrigin).hostname,
          origin: target.siteOrigin,
          location_href: `${target.siteOrigin}/get-quotes`,
          referrer: '',
          website: QA_TEST_SITE_ID,
          website_version: '1.0',
        }),
      );
      const text = await response.text();
      expect(response.status === 200, `Expected 200, got ${response.status}: ${text}`);
      const parsed = SessionResponseSchema.safeParse(JSON.parse(text));
      expect(parsed.success, `Not the documented shape: ${text.slice(0, 200)}`);
      state.sessionId = parsed.data.session_id;
      return `session ${parsed.data.session_id}`;
    },
  );

  const matchOk = await check(
    'quote-flow',
    'match_companies finds movers',
    '/api/proxy/match_companies',
    async () => {
      const response = await request(
        '/api/proxy/match_companies',
        json({
          from_zip: fromZip,
          from_city: fromCity,
          from_state: fromState,
          to_zip: '73301',
          to_city: 'Austin',
          to_state: 'TX',
          move_size: '2-3br',
          move_date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
          lead_uuid: leadUuid,
          session_id: state.sessionId ?? '',
          website: QA_TEST_SITE_ID,
        }),
      );
      const text = await response.text();
      expect(response.status === 200, `Expected 200, got ${response.status}: ${text}`);
      const parsed = MatchCompaniesResponseSchema.safeParse(JSON.parse(text));
      expect(parsed.success, `Not the documented shape: ${text.slice(0, 200)}`);
      expect(!parsed.data.is_fallback, 'Matching failed: the answer is the fallback movers');
      const movers = parsed.data.companies.filter((c) => typeof c.id === 'number');
      expect(movers.length > 0, `No movers matched from ${fromZip}`);
      state.companies = movers.slice(0, 2).map((c) => ({ id: Number(c.id), name: c.name }));
      return `${parsed.data.companies.length} mover(s) from ${fromZip}`;
    },
  );

  const leadOk = await check(
    'quote-flow',
    'send_lead accepts the quote request',
    '/api/proxy/send_lead',
    async () => {
      expect(sessionOk && matchOk, 'Skipped: the session or matching step failed');
      const companies = state.companies!;
      const response = await request(
        '/api/proxy/send_lead',
        form({
          source: 'moveratlas-qa',
          referrer: '',
          url: `${target.siteOrigin}/get-quotes`,
          from_zip: fromZip,
          from_city: fromCity,
          from_state: fromState,
          from_location: `${fromCity}, ${fromState} ${fromZip}`,
          to_zip: '73301',
          to_city: 'Austin',
          to_state: 'TX',
          to_location: 'Austin, TX 73301',
          move_date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
          move_size: '2-3br',
          first_name: 'Quality',
          last_name: 'Assurance',
          email_address: 'qa-automation@example.com',
          phone_number: '(312) 555-0100',
          lead_uuid: leadUuid,
          session_id: state.sessionId!,
          website: QA_TEST_SITE_ID,
          selected_companies: JSON.stringify(companies),
          consent_version: CONSENT_VERSION,
          consent_text: consentText(companies.map((c) => c.name)),
          consent_checked: '1',
        }),
      );
      const text = (await response.text()).trim();
      expect(response.status === 200, `Expected 200, got ${response.status}: ${text}`);
      expect(/^[0-9A-Z]{10}$/.test(text), `Expected a lead id, got “${text.slice(0, 80)}”`);
      state.publicId = text;
      return `lead ${text}`;
    },
  );

  await check(
    'quote-flow',
    'lead_send_bq accepts the analytics copy',
    '/api/proxy/lead_send_bq',
    async () => {
      expect(leadOk, 'Skipped: the lead was not accepted');
      const response = await request(
        '/api/proxy/lead_send_bq',
        form({
          lead_uuid: leadUuid,
          lead_mmex_lead_id: state.publicId!,
          lead_first_name: 'Quality',
          lead_last_name: 'Assurance',
          lead_email: 'qa-automation@example.com',
          lead_phone: '3125550100',
          lead_from_zip: fromZip,
          lead_to_zip: '73301',
          lead_size: '2-3br',
          lead_website: QA_TEST_SITE_ID,
        }),
      );
      const text = await response.text();
      expect(response.status === 200, `Expected 200, got ${response.status}: ${text}`);
      expect(/"ok":\s*true/.test(text), `Unexpected answer ${text.slice(0, 100)}`);
      return 'stored';
    },
  );

  await check(
    'quote-flow',
    'The test lead is stored as a test and never forwarded',
    null,
    async () => {
      expect(leadOk, 'Skipped: the lead was not accepted');
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
        .where({ session_id: state.sessionId! })
        .first('id', 'delivery_status')) as { id: number; delivery_status: string } | undefined;
      expect(session?.delivery_status === TEST_DELIVERY_STATUS, 'The session is not a test');
      const queued = (await db('jobs')
        .where((q) =>
          q
            .where({
              type: LEAD_FORWARD_JOB,
              payload: JSON.stringify({ leadId: Number(lead.id) }),
            })
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
      return `lead ${state.publicId} (${TEST_DELIVERY_STATUS}), no forwarding job`;
    },
  );

  // Test quotes stay out of the lead lists and statistics.
  await check('quote-flow', 'The test data is removed', null, async () => {
    const removed = await db.transaction(async (trx) => {
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
      if (state.sessionId)
        rows += await trx('visitor_sessions')
          .where({ session_id: state.sessionId, site_id: QA_TEST_SITE_ID })
          .delete();
      return rows;
    });
    return `${removed} row(s) removed`;
  });
}
