/** A valid quote request as the widget posts it: shared by the lead tests and the lead-intake benchmark. */
import { randomInt, randomUUID } from 'node:crypto';
import { CONSENT_VERSION, consentText, formatMoveDate } from '@moveratlas/contracts';

/** YYYY-MM-DD `days` from today (UTC): the server takes today to 18 months ahead in any time zone. */
export function isoDaysAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The moving date every test lead carries: six weeks ahead, inside the accepted window whenever it runs. */
export const MOVE_DATE = isoDaysAhead(42);
/** The same date as the lead backend receives it (MM/DD/YYYY). */
export const MOVE_DATE_WIRE = formatMoveDate(MOVE_DATE);

// Every test lead is a different visitor: the same phone or e-mail within 30 days would make it a repeat,
// which is not sent again to the movers that have the first (issue 18). One counter for the whole run (the
// server tests share one module graph), from a random start so runs on a kept database do not meet.
let visitorNumber = randomInt(0, 4_000_000);
// Exchanges 200-999 but the N11 service codes and 555: one number each for millions of visitors.
const EXCHANGES = Array.from({ length: 800 }, (_, i) => 200 + i).filter(
  (e) => e % 100 !== 11 && e !== 555,
);

/** A new visitor's phone number (Chicago, in use: never the fictional 555-01xx) and e-mail address. */
export function newVisitor(): { phone: string; email: string } {
  visitorNumber++;
  const exchange = EXCHANGES[Math.floor(visitorNumber / 10_000) % EXCHANGES.length]!;
  const line = String(visitorNumber % 10_000).padStart(4, '0');
  return { phone: `(312) ${exchange}-${line}`, email: `ada.${visitorNumber}@example.com` };
}

/** A unique, valid lead_uuid for this test run. */
export const leadUuid = (prefix = 'test') => `${prefix}-${randomUUID()}`;

/** A complete send_lead form as the widget posts it, with the consent naming the chosen movers. */
export function leadForm(overrides: Record<string, string> = {}): Record<string, string> {
  const visitor = newVisitor();
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
    email_address: visitor.email,
    phone_number: visitor.phone,
    lead_uuid: leadUuid(),
    website: 'moveratlas-directory',
    selected_companies: JSON.stringify(companies),
    consent_version: CONSENT_VERSION,
    consent_text: consentText(companies.map((c) => c.name)),
    consent_checked: '1',
    ...overrides,
  };
}
