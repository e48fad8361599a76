/** The submission bodies: every field of spec 7.3.2 and 7.3.3, accepted by the server's own schemas. */
import { describe, expect, it, vi } from 'vitest';
import {
  HONEYPOT_FIELD,
  LEAD_ANALYTICS_FIELDS,
  LeadAnalyticsFormSchema,
  SEND_LEAD_FIELDS,
  SendLeadFormSchema,
  consentText,
  formatMoveDate,
  formatPhone,
  normaliseQuoteForm,
  quoteAliases,
  type QuoteFormState,
} from '@moveratlas/contracts';
import { leadAnalyticsFields, sendLeadFields } from './lead-wire';
import { FILLED, MOVE_DATE } from './test-utils';

const page = {
  site: 'partner-1',
  pageUrl: 'https://partner.example/quote?gclid=1',
  referrer: 'https://search.example/',
  origin: 'https://partner.example',
};
const form = (fields: Partial<QuoteFormState> = {}): QuoteFormState => ({
  ...normaliseQuoteForm({}),
  ...FILLED,
  leadUuid: 'c0ffee00-1111-4222-8333-444455556666',
  sessionId: 'session-1',
  pingId: 'ping-1',
  ...fields,
});
const consent = (f: QuoteFormState) => ({
  text: consentText(f.selectedCompanies.map((c) => c.name)),
  honeypot: '',
});

describe('sendLeadFields', () => {
  it('carries every field of 7.3.2 and passes the server’s schema', () => {
    const f = form({ selectedCompanies: [{ id: 12, name: 'Acme Moving' }] });
    const fields = sendLeadFields(f, page, consent(f));
    for (const name of SEND_LEAD_FIELDS) expect(fields).toHaveProperty(name);
    const parsed = SendLeadFormSchema.parse(fields);
    expect(parsed.selected_companies).toEqual([{ id: 12, name: 'Acme Moving' }]);
    expect(parsed.consent_checked).toBe(true);
    expect(fields).toMatchObject({
      from_zip: '60601',
      from_city: 'Chicago',
      from_state: 'IL',
      from_location: 'Chicago, IL 60601',
      to_zip: '80202',
      to_location: 'Denver, CO 80202',
      move_date: formatMoveDate(MOVE_DATE),
      number_of_rooms: '3',
      first_name: 'Jane',
      last_name: 'Doe',
      email_address: 'jane.doe@example.com',
      phone_number: '3125550142',
      lead_uuid: 'c0ffee00-1111-4222-8333-444455556666',
      sms_phone_validation: '1',
      website: 'partner-1',
      website_version: '1.0',
      url: page.pageUrl,
      referrer: page.referrer,
      session_id: 'session-1',
      ping_id: 'ping-1',
      needs_auto_transport: '0',
    });
  });

  it.each([
    ['studio', '1'],
    ['2-3br', '3'],
    ['4br', '4'],
    ['commercial', '5'],
    ['', '0'],
    ['2 bedroom apartment', '3'],
    ['office', '5'],
    ['7 rooms', '4'],
    ['huge', '3'],
  ])('maps size %j to %s rooms', (moveSize, rooms) => {
    expect(sendLeadFields(form({ moveSize }), page, consent(form())).number_of_rooms).toBe(rooms);
  });

  it.each([
    ['2030-06-15', '06/15/2030'],
    ['06/15/2030', '06/15/2030'],
    ['2030-02-30', ''],
    ['soon', ''],
  ])('sends move date %j as %j', (movingDate, expected) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(sendLeadFields(form({ movingDate }), page, consent(form())).move_date).toBe(expected);
    expect(warn).toHaveBeenCalledTimes(expected === '' ? 1 : 0);
    warn.mockRestore();
  });

  it('sends the vehicle only when auto transport is wanted', () => {
    const vehicle = {
      autoYear: '2020',
      autoMake: 'Ford',
      autoModel: 'F-150',
      autoCondition: 'Running',
    };
    const without = sendLeadFields(form(vehicle), page, consent(form()));
    expect(without.auto_make).toBe('');
    const withCar = sendLeadFields(
      form({ ...vehicle, needsAutoTransport: true }),
      page,
      consent(form()),
    );
    expect(withCar).toMatchObject({
      needs_auto_transport: '1',
      auto_make: 'Ford',
      auto_year: '2020',
    });
    expect(withCar.moving_quote_details).toContain('2020 Ford F-150');
  });
});

describe('leadAnalyticsFields', () => {
  it('carries every lead_ field of 7.3.3 and passes the server’s schema', () => {
    const fields = leadAnalyticsFields(form({ ipAddress: '203.0.113.9' }), page, 'MA-1', '');
    for (const name of LEAD_ANALYTICS_FIELDS) expect(fields).toHaveProperty(`lead_${name}`);
    expect(LeadAnalyticsFormSchema.parse(fields)).toMatchObject({
      lead_mmex_lead_id: 'MA-1',
      lead_from_country: 'US',
      lead_to_country: 'US',
      lead_size: '2-3br',
      lead_ip_address: '203.0.113.9',
      lead_move_date: formatMoveDate(MOVE_DATE),
    });
  });

  it('carries the honeypot as the lead did, so the copy of a bot’s lead is dropped too', () => {
    expect(leadAnalyticsFields(form(), page, 'MA-1', '')[HONEYPOT_FIELD]).toBe('');
    expect(leadAnalyticsFields(form(), page, 'MA-1', 'https://spam.example')[HONEYPOT_FIELD]).toBe(
      'https://spam.example',
    );
  });
});

describe('display formats and aliases', () => {
  it.each([
    ['3125550142', '(312) 555-0142'],
    ['13125550142', '(312) 555-0142'],
    ['312-555-0142', '(312) 555-0142'],
    ['23125550142', '23125550142'],
    ['555', '555'],
  ])('shows phone %j as %j', (input, shown) => expect(formatPhone(input)).toBe(shown));

  it('derives the aliases of spec 3', () => {
    expect(quoteAliases(form({ firstName: ' Jane ', lastName: 'Doe ' }))).toEqual({
      homeSize: '2-3br',
      fromZip: '60601',
      fromCity: 'Chicago',
      fromState: 'IL',
      toZip: '80202',
      toCity: 'Denver',
      toState: 'CO',
      moveDate: MOVE_DATE,
      fullName: 'Jane Doe',
    });
  });
});
