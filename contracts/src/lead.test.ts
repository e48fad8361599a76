import { describe, expect, it } from 'vitest';
import { CONSENT_VERSION, NO_MOVER_CHOSEN, consentCompaniesIssue, consentText } from './consent';
import {
  LeadAnalyticsFormSchema,
  MatchCompaniesRequestSchema,
  quoteStepSchemas,
  SendLeadFormSchema,
  type SendLeadFormInput,
} from './lead';

/** A moving date a month ahead: always inside the accepted window. */
const inAMonth = (() => {
  const day = new Date();
  day.setDate(day.getDate() + 30);
  return day.toISOString().slice(0, 10);
})();

const valid: SendLeadFormInput = {
  from_zip: '60601',
  from_location: 'Chicago, IL 60601',
  to_zip: '73301',
  to_location: 'Austin, TX 73301',
  move_date: inAMonth,
  first_name: 'Ada',
  last_name: 'Lovelace',
  email_address: 'ada+moves@example.co.uk',
  phone_number: '(312) 555-0100',
  lead_uuid: '3f1c2a9e-1b2c-4d5e-8f90-123456789abc',
  consent_version: CONSENT_VERSION,
  consent_text: consentText(['Acme Moving']),
  consent_checked: '1',
  selected_companies: '[{"id":12,"name":"Acme Moving"}]',
};

const issue = (input: Record<string, unknown>) => {
  const result = SendLeadFormSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]!.message;
};

describe('quote wizard steps (spec 5)', () => {
  const steps = quoteStepSchemas();

  it('step 3 wants both locations, non-blank, and five-digit ZIPs when given', () => {
    expect(steps[3].safeParse({ movingFrom: 'Chicago', movingTo: 'Austin' }).success).toBe(true);
    expect(steps[3].safeParse({ movingFrom: '  ', movingTo: 'Austin' }).success).toBe(false);
    expect(
      steps[3].safeParse({ movingFrom: 'a', movingTo: 'b', fromLocationZip: '6060' }).success,
    ).toBe(false);
    const lenient = quoteStepSchemas({ zip: false, email: true, phone: true });
    expect(
      lenient[3].safeParse({ movingFrom: 'a', movingTo: 'b', fromLocationZip: '6060' }).success,
    ).toBe(true);
  });

  it.each([
    [{ firstName: 'A', lastName: 'Lovelace', email: 'a@b.io', phone: '3125550100' }, false],
    [{ firstName: ' Ad ', lastName: 'Lo', email: 'a@b.io', phone: '312-555-0100' }, true],
    [{ firstName: 'Ada', lastName: 'Lo', email: 'a@b', phone: '3125550100' }, false],
    [{ firstName: 'Ada', lastName: 'Lo', email: 'a@b.c', phone: '3125550100' }, false],
    [
      { firstName: 'Ada', lastName: 'Lo', email: `a@b.${'x'.repeat(21)}`, phone: '3125550100' },
      false,
    ],
    [{ firstName: 'Ada', lastName: 'Lo', email: 'a b@c.io', phone: '3125550100' }, false],
    // Apostrophes stand in real addresses (issue 15); other punctuation still does not.
    [{ firstName: 'Ada', lastName: 'Lo', email: "o'neil@example.com", phone: '3125550100' }, true],
    [{ firstName: 'Ada', lastName: 'Lo', email: 'o"neil@example.com', phone: '3125550100' }, false],
    [{ firstName: 'Ada', lastName: 'Lo', email: 'a@b.io', phone: '13125550100' }, false],
  ])('step 4 %o valid: %s', (input, ok) => expect(steps[4].safeParse(input).success).toBe(ok));

  it('step 4 toggles relax e-mail and phone to non-empty', () => {
    const off = quoteStepSchemas({ zip: true, email: false, phone: false });
    expect(
      off[4].safeParse({ firstName: 'Ada', lastName: 'Lo', email: 'x', phone: '1' }).success,
    ).toBe(true);
    expect(
      off[4].safeParse({ firstName: 'Ada', lastName: 'Lo', email: '', phone: '1' }).success,
    ).toBe(false);
  });

  it('step 6 asks for the vehicle only when auto transport is needed', () => {
    expect(steps[6].safeParse({ needsAutoTransport: false }).success).toBe(true);
    expect(steps[6].safeParse({ needsAutoTransport: true, autoYear: '2020' }).success).toBe(false);
    expect(
      steps[6].safeParse({
        needsAutoTransport: true,
        autoYear: '2020',
        autoMake: 'Honda',
        autoModel: ' ',
        autoCondition: 'running',
      }).success,
    ).toBe(false);
  });
});

describe('send_lead form (7.3.2 plus our additions)', () => {
  it('accepts a complete lead and applies the defaults', () => {
    const lead = SendLeadFormSchema.parse(valid);
    expect(lead.sms_phone_validation).toBe('1');
    expect(lead.consent_checked).toBe(true);
    expect(lead.selected_companies).toEqual([{ id: 12, name: 'Acme Moving' }]);
    expect(lead.needs_auto_transport).toBe(false);
  });

  it.each([
    [{ first_name: 'A' }, /First name must be at least 2 characters/],
    [{ email_address: 'nope' }, /E-mail address must be a valid e-mail address/],
    [{ phone_number: '555-0100' }, /Phone number must have exactly 10 digits/],
    [{ from_location: '   ' }, /From location is required/],
    [{ from_zip: 'abcde' }, /From ZIP code must be five digits/],
    [{ lead_uuid: 'x' }, /Lead UUID must be/],
    [{ consent_checked: '' }, /The consent box must be ticked/],
    [{ consent_version: '1999' }, /Consent version must be one of/],
    [{ selected_companies: '{' }, /Selected companies must be a JSON array/],
    [{ sms_phone_validation: '7' }, /SMS phone validation must be 0 or 1/],
  ])('rejects %o naming the field', (change, message) =>
    expect(issue({ ...valid, ...change })).toMatch(message),
  );

  it('the consent text names the chosen movers, and the request goes to them alone', () => {
    expect(consentText(['A Co'])).toContain(
      'I ask MoverAtlas to send my quote request to A Co and to no other moving company',
    );
    expect(consentText(['A Co'])).toContain('MoverAtlas and that mover may call');
    expect(consentText(['A Co', 'B Co', 'C Co'])).toContain(
      'to A Co, B Co and C Co and to no other moving company, and I agree that MoverAtlas and those movers may call',
    );
    // Nothing to agree to before a mover is chosen.
    expect(consentText([])).toBe('');
    expect(consentCompaniesIssue(CONSENT_VERSION, [])).toBe(NO_MOVER_CHOSEN);
  });

  it('keeps the earlier version word for word, with or without movers (leads point at it)', () => {
    expect(consentText([], '2026-11-23')).toBe(
      'By checking this box and submitting this form, I agree that MoverAtlas may call and text me about my move at the phone number I entered, including with automated technology and prerecorded messages, and may e-mail me at the address I entered. My consent is not a condition of any purchase. Message and data rates may apply; reply STOP to opt out.',
    );
    expect(consentText(['A Co', 'B Co'], '2026-11-23')).toContain('MoverAtlas, A Co and B Co may');
    expect(consentCompaniesIssue('2026-11-23', [])).toBeUndefined();
    expect(
      SendLeadFormSchema.safeParse({
        ...valid,
        consent_version: '2026-11-23',
        consent_text: consentText([], '2026-11-23'),
        selected_companies: '[]',
      }).success,
    ).toBe(true);
  });

  it('step 5 wants at least one mover', () => {
    const step5 = quoteStepSchemas()[5];
    expect(step5.safeParse({ selectedCompanies: [] }).error?.issues[0]?.message).toBe(
      NO_MOVER_CHOSEN,
    );
    expect(step5.safeParse({ selectedCompanies: [{ id: 1, name: 'A' }] }).success).toBe(true);
  });

  it('match and analytics payloads validate their own fields', () => {
    expect(MatchCompaniesRequestSchema.safeParse({ from_zip: '6060' }).success).toBe(false);
    expect(MatchCompaniesRequestSchema.parse({}).from_zip).toBe('');
    expect(LeadAnalyticsFormSchema.safeParse({}).success).toBe(false);
    expect(LeadAnalyticsFormSchema.parse({ lead_uuid: 'abcdefgh' }).lead_from_country).toBe('');
  });
});
