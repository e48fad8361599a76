/**
 * The quote flow's steps, as the widget makes them: each sends what the widget sends, checks the answer
 * against the contract and keeps what the next step needs in the flow. quote-flow.ts runs them in order.
 */
import { randomUUID } from 'node:crypto';
import {
  CONSENT_VERSION,
  consentText,
  MatchCompaniesResponseSchema,
  SessionResponseSchema,
} from '@moveratlas/contracts';
import { QA_TEST_SITE_ID } from '../../partners';
import { expect, type QaSession } from '../qa-session';

/** One quote's identity and places, and what the steps have learned so far. */
export interface QuoteFlow {
  session: QaSession;
  leadUuid: string;
  from: { zip: string; city: string; state: string };
  moveDate: string;
  sessionId?: string;
  companies?: Array<{ id: number; name: string }>;
  publicId?: string;
}

/** A quote from a real place in the directory (the session's sample) to Austin, a month from now. */
export function newQuoteFlow(session: QaSession): QuoteFlow {
  const { sample } = session;
  return {
    session,
    leadUuid: `qa-${randomUUID()}`,
    from: {
      zip: sample.zip ?? '60601',
      city: sample.major?.name ?? 'Chicago',
      state: sample.major?.stateAbbreviation ?? 'IL',
    },
    moveDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
  };
}

const TO = { zip: '73301', city: 'Austin', state: 'TX' } as const;

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

export async function startSession(flow: QuoteFlow): Promise<string> {
  const { request, target } = flow.session;
  const response = await request(
    '/api/proxy/session_send_bq',
    json({
      uuid: flow.leadUuid,
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
  flow.sessionId = parsed.data.session_id;
  return `session ${parsed.data.session_id}`;
}

export async function matchMovers(flow: QuoteFlow): Promise<string> {
  const { from } = flow;
  const response = await flow.session.request(
    '/api/proxy/match_companies',
    json({
      from_zip: from.zip,
      from_city: from.city,
      from_state: from.state,
      to_zip: TO.zip,
      to_city: TO.city,
      to_state: TO.state,
      move_size: '2-3br',
      move_date: flow.moveDate,
      lead_uuid: flow.leadUuid,
      session_id: flow.sessionId ?? '',
      website: QA_TEST_SITE_ID,
    }),
  );
  const text = await response.text();
  expect(response.status === 200, `Expected 200, got ${response.status}: ${text}`);
  const parsed = MatchCompaniesResponseSchema.safeParse(JSON.parse(text));
  expect(parsed.success, `Not the documented shape: ${text.slice(0, 200)}`);
  expect(!parsed.data.is_fallback, 'Matching failed: the answer is the fallback movers');
  const movers = parsed.data.companies.filter((c) => typeof c.id === 'number');
  expect(movers.length > 0, `No movers matched from ${from.zip}`);
  flow.companies = movers.slice(0, 2).map((c) => ({ id: Number(c.id), name: c.name }));
  return `${parsed.data.companies.length} mover(s) from ${from.zip}`;
}

export async function sendLead(flow: QuoteFlow): Promise<string> {
  const { request, target } = flow.session;
  const { from } = flow;
  const companies = flow.companies!;
  const response = await request(
    '/api/proxy/send_lead',
    form({
      source: 'moveratlas-qa',
      referrer: '',
      url: `${target.siteOrigin}/get-quotes`,
      from_zip: from.zip,
      from_city: from.city,
      from_state: from.state,
      from_location: `${from.city}, ${from.state} ${from.zip}`,
      to_zip: TO.zip,
      to_city: TO.city,
      to_state: TO.state,
      to_location: `${TO.city}, ${TO.state} ${TO.zip}`,
      move_date: flow.moveDate,
      move_size: '2-3br',
      first_name: 'Quality',
      last_name: 'Assurance',
      email_address: 'qa-automation@example.com',
      phone_number: '(312) 555-0100',
      lead_uuid: flow.leadUuid,
      session_id: flow.sessionId!,
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
  flow.publicId = text;
  return `lead ${text}`;
}

export async function sendAnalyticsCopy(flow: QuoteFlow): Promise<string> {
  const response = await flow.session.request(
    '/api/proxy/lead_send_bq',
    form({
      lead_uuid: flow.leadUuid,
      lead_mmex_lead_id: flow.publicId!,
      lead_first_name: 'Quality',
      lead_last_name: 'Assurance',
      lead_email: 'qa-automation@example.com',
      lead_phone: '3125550100',
      lead_from_zip: flow.from.zip,
      lead_to_zip: TO.zip,
      lead_size: '2-3br',
      lead_website: QA_TEST_SITE_ID,
    }),
  );
  const text = await response.text();
  expect(response.status === 200, `Expected 200, got ${response.status}: ${text}`);
  expect(/"ok":\s*true/.test(text), `Unexpected answer ${text.slice(0, 100)}`);
  return 'stored';
}
