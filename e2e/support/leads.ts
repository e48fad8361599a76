/**
 * A quote request sent as the widget sends it, through the public API, naming movers of the spec's own — for
 * the specs about what happens after (the movers' inboxes, deliveries, the visitor's own page), where the
 * widget's matching would not pick the spec's listings.
 */
import { createHash } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { CONSENT_VERSION, consentText } from '@moveratlas/contracts';
import { PRODUCT_URL } from '../playwright.config';
import { FUTURE_DATE } from './quote';

export interface LeadPerson {
  firstName: string;
  lastName: string;
  email: string;
  leadUuid: string;
}

/**
 * A phone number of the request's own, in use in Chicago's format: the same number twice within 30 days
 * would make the second a repeat, not sent again to the movers that have the first (issue 18); 555-01xx,
 * the fictional range, is refused from visitors.
 */
export function phoneFor(leadUuid: string): string {
  const n = createHash('sha256').update(leadUuid).digest().readUInt32BE(0);
  const exchange = 200 + (Math.floor(n / 10_000) % 800);
  const safe = exchange % 100 === 11 || exchange === 555 ? exchange - 1 : exchange;
  return `312${safe}${String(n % 10_000).padStart(4, '0')}`;
}

/** Posts the request and answers its public id. */
export async function postLead(
  request: APIRequestContext,
  companies: ReadonlyArray<{ id: number; name: string }>,
  person: LeadPerson,
  /** Fields that differ from the usual request (a move size, a phone number). */
  fields: Record<string, string> = {},
): Promise<string> {
  const named = companies.map(({ id, name }) => ({ id, name }));
  const response = await request.post(`${PRODUCT_URL}/api/proxy/send_lead`, {
    form: {
      source: 'e2e',
      url: `${PRODUCT_URL}/get-quotes`,
      from_zip: '60601',
      from_city: 'Chicago',
      from_state: 'IL',
      from_location: 'Chicago, IL 60601',
      to_zip: '80202',
      to_city: 'Denver',
      to_state: 'CO',
      to_location: 'Denver, CO 80202',
      move_date: FUTURE_DATE,
      move_size: '4br',
      first_name: person.firstName,
      last_name: person.lastName,
      email_address: person.email,
      phone_number: phoneFor(person.leadUuid),
      lead_uuid: person.leadUuid,
      website: 'moveratlas-directory',
      selected_companies: JSON.stringify(named),
      consent_version: CONSENT_VERSION,
      consent_text: consentText(named.map((c) => c.name)),
      consent_checked: '1',
      ...fields,
    },
  });
  const text = await response.text();
  expect(response.status(), text).toBe(200);
  return text.trim();
}
