/** A valid quote request as the widget posts it: shared by the lead tests and the lead-intake benchmark. */
import { randomUUID } from 'node:crypto';
import { CONSENT_VERSION, consentText, formatMoveDate } from '@moveratlas/contracts';

/** YYYY-MM-DD `days` from today (UTC): the server takes today to 18 months ahead in any time zone. */
export function isoDaysAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The moving date every test lead carries: six weeks ahead, inside the accepted window whenever it runs. */
export const MOVE_DATE = isoDaysAhead(42);
/** The same date as the lead backend receives it (MM/DD/YYYY). */
export const MOVE_DATE_WIRE = formatMoveDate(MOVE_DATE);

/** A unique, valid lead_uuid for this test run. */
export const leadUuid = (prefix = 'test') => `${prefix}-${randomUUID()}`;

/** A complete send_lead form as the widget posts it, with the consent naming the chosen movers. */
export function leadForm(overrides: Record<string, string> = {}): Record<string, string> {
  const companies = [
    { id: 101, name: 'Windy City Movers' },
    { id: 102, name: 'Lakeshore Moving Co' },
  ];
  return {
    source: 'moveratlas-widget',
    referrer: 'https://www.google.com/',
    url: 'https://moveratlas.example/get-quotes',
    from_zip: '60601',
    from_city: 'Chicago',
    from_state: 'IL',
    from_location: 'Chicago, IL 60601',
    to_zip: '73301',
    to_city: 'Austin',
    to_state: 'TX',
    to_location: 'Austin, TX 73301',
    move_date: MOVE_DATE,
    move_size: '2-3br',
    first_name: 'Ada',
    last_name: 'Lovelace',
    email_address: 'ada@example.com',
    phone_number: '(312) 555-0100',
    lead_uuid: leadUuid(),
    website: 'moveratlas-directory',
    selected_companies: JSON.stringify(companies),
    consent_version: CONSENT_VERSION,
    consent_text: consentText(companies.map((c) => c.name)),
    consent_checked: '1',
    ...overrides,
  };
}
