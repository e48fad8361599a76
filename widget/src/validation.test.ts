/** Spec 5's rules, step by step, with the validation toggles on and off. */
import { describe, expect, it } from 'vitest';
import {
  normaliseQuoteForm,
  type QuoteFormState,
  type QuoteStepNumber,
} from '@moveratlas/contracts';
import { CONSENT_REQUIRED, validateStep } from './validation';
import { FILLED, MOVE_DATE, isoDaysAhead } from './test-utils';

const base = (fields: Partial<QuoteFormState> = {}): QuoteFormState => ({
  ...normaliseQuoteForm({}),
  ...FILLED,
  ...fields,
});
const OFF = { zip: false, email: false, phone: false };
const ON = { zip: true, email: true, phone: true };

type Case = [
  title: string,
  step: QuoteStepNumber,
  fields: Partial<QuoteFormState>,
  toggles: typeof ON,
  invalid: (keyof QuoteFormState)[],
];

const cases: Case[] = [
  ['step 1: the default size is valid', 1, {}, ON, []],
  ['step 1: an empty size is not', 1, { moveSize: '' }, ON, ['moveSize']],
  ['step 1: a blank size is not', 1, { moveSize: '   ' }, ON, ['moveSize']],
  ['step 2: a date is valid', 2, { movingDate: MOVE_DATE }, ON, []],
  ['step 2: today is valid', 2, { movingDate: isoDaysAhead(0) }, ON, []],
  ['step 2: no date is not', 2, { movingDate: '' }, ON, ['movingDate']],
  ['step 2: yesterday is not', 2, { movingDate: isoDaysAhead(-1) }, ON, ['movingDate']],
  ['step 2: 2099 is not', 2, { movingDate: '2099-06-15' }, ON, ['movingDate']],
  ['step 2: 19 months ahead is not', 2, { movingDate: isoDaysAhead(580) }, ON, ['movingDate']],
  ['step 3: both places given', 3, {}, ON, []],
  ['step 3: from blank after trimming', 3, { movingFrom: '  ' }, ON, ['movingFrom']],
  ['step 3: to empty', 3, { movingTo: '' }, ON, ['movingTo']],
  ['step 3: both empty', 3, { movingFrom: '', movingTo: '' }, ON, ['movingFrom', 'movingTo']],
  ['step 3: a city without ZIP is fine', 3, { fromLocationZip: '' }, ON, []],
  ['step 3: a bad ZIP with zip validation on', 3, { toLocationZip: '8020' }, ON, ['toLocationZip']],
  ['step 3: a bad ZIP with zip validation off', 3, { toLocationZip: '8020' }, OFF, []],
  ['step 4: all valid', 4, {}, ON, []],
  ['step 4: first name of 1 character', 4, { firstName: 'J' }, ON, ['firstName']],
  ['step 4: first name of 2 after trimming', 4, { firstName: ' Jo ' }, ON, []],
  ['step 4: last name blank-padded to 1', 4, { lastName: ' D  ' }, ON, ['lastName']],
  ['step 4: email without a domain', 4, { email: 'jane@' }, ON, ['email']],
  ['step 4: email with a 1-letter TLD', 4, { email: 'jane@example.c' }, ON, ['email']],
  [
    'step 4: email with a 21-letter TLD',
    4,
    { email: `jane@example.${'a'.repeat(21)}` },
    ON,
    ['email'],
  ],
  ['step 4: email with plus, dot, hyphen', 4, { email: 'j.a-n_e+x@mail.example.co' }, ON, []],
  ['step 4: email format off: any text', 4, { email: 'not an email' }, OFF, []],
  ['step 4: email format off: still required', 4, { email: '' }, OFF, ['email']],
  ['step 4: phone with 9 digits', 4, { phone: '312-555-014' }, ON, ['phone']],
  ['step 4: phone with 11 digits', 4, { phone: '1 312 555 0142' }, ON, ['phone']],
  ['step 4: phone with 10 digits and punctuation', 4, { phone: '(312) 555.0142' }, ON, []],
  ['step 4: phone format off: any text', 4, { phone: 'call me' }, OFF, []],
  ['step 4: phone format off: still required', 4, { phone: '' }, OFF, ['phone']],
  ['step 5: no mover chosen is not', 5, { selectedCompanies: [] }, ON, ['selectedCompanies']],
  ['step 5: one mover chosen', 5, { selectedCompanies: [{ id: 1, name: 'A' }] }, ON, []],
  ['step 6: no auto transport', 6, { needsAutoTransport: false }, ON, []],
  [
    'step 6: auto transport needs every vehicle field',
    6,
    { needsAutoTransport: true },
    ON,
    ['autoYear', 'autoMake', 'autoModel', 'autoCondition'],
  ],
  [
    'step 6: a blank model after trimming',
    6,
    {
      needsAutoTransport: true,
      autoYear: '2020',
      autoMake: 'Ford',
      autoModel: '  ',
      autoCondition: 'Running',
    },
    ON,
    ['autoModel'],
  ],
  [
    'step 6: a complete vehicle',
    6,
    {
      needsAutoTransport: true,
      autoYear: '2020',
      autoMake: 'Ford',
      autoModel: 'F-150',
      autoCondition: 'Running',
    },
    ON,
    [],
  ],
];

describe('validateStep', () => {
  it.each(cases)('%s', (_title, step, fields, toggles, invalid) => {
    const check = validateStep(step, base(fields), { toggles });
    expect(Object.keys(check.errors).sort()).toEqual([...invalid].sort());
    expect(check.ok).toBe(invalid.length === 0);
  });

  it('names the field in the visitor’s words', () => {
    const check = validateStep(4, base({ firstName: 'J' }));
    expect(check.errors.firstName).toBe('First name must be at least 2 characters.');
  });

  it('says why a date is refused, in plain words', () => {
    expect(validateStep(2, base({ movingDate: isoDaysAhead(-1) })).errors.movingDate).toBe(
      'That moving date has passed. Please choose today or a later date.',
    );
    expect(validateStep(2, base({ movingDate: '2099-06-15' })).errors.movingDate).toMatch(
      /^Please choose a moving date within the next 18 months \(by \w+ \d+, \d{4}\)\.$/,
    );
  });

  it('defaults every toggle to on', () => {
    expect(validateStep(4, base({ phone: '12345' })).ok).toBe(false);
    expect(validateStep(4, base({ email: 'x' })).ok).toBe(false);
  });

  it('asks for the consent box once, on step 6, when it is not ticked for the current text', () => {
    expect(validateStep(6, base(), { consentAgreed: false }).errors.consent).toBe(CONSENT_REQUIRED);
    expect(validateStep(6, base(), { consentAgreed: true }).ok).toBe(true);
    // Step 4 takes the contact details only (issue 15: one consent, where the movers are known).
    expect(validateStep(4, base(), { consentAgreed: false }).ok).toBe(true);
  });

  it('says a mover must be chosen in plain words', () => {
    expect(validateStep(5, base({ selectedCompanies: [] })).errors.selectedCompanies).toBe(
      'Choose at least one mover to send your request to.',
    );
  });
});
