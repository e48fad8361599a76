import { describe, expect, it } from 'vitest';
import {
  CompanyApplicationSchema,
  ContactMessageSchema,
  fieldMessages,
  FORM_HONEYPOT_FIELD,
} from './contact';
import { readingMinutes } from './content';

const contact = {
  name: 'Dana Reyes',
  email: 'dana@example.com',
  topic: 'general',
  message: 'How do I remove my old listing?',
};

const application = {
  companyName: 'Prairie State Movers',
  contactName: 'Sam Ortiz',
  email: 'sam@prairie.example',
  phone: '(312) 555-0142',
  website: 'prairie.example',
  usdotNumber: 'USDOT 1234567',
  mcNumber: 'MC-654321',
  state: 'il',
  city: 'Springfield',
  services: ['local-moving', 'packing-services', 'local-moving'],
  message: '',
};

describe('ContactMessageSchema', () => {
  it('accepts a message and trims it', () => {
    expect(ContactMessageSchema.parse({ ...contact, name: '  Dana Reyes ' })).toEqual({
      ...contact,
      [FORM_HONEYPOT_FIELD]: '',
    });
  });

  it.each([
    [{ name: 'D' }, 'name', 'Name must be at least 2 characters'],
    [{ name: '   ' }, 'name', 'Name is required'],
    [{ email: 'dana@example' }, 'email', 'Enter an e-mail address such as name@example.com'],
    [{ topic: 'lottery' }, 'topic', 'Choose one of the listed topics'],
    [{ message: 'Hi' }, 'message', 'Message must be at least 10 characters'],
    [{ message: 'x'.repeat(5001) }, 'message', 'Message must be at most 5000 characters'],
  ])('rejects %j with a message on %s in plain words', (change, field, message) => {
    const result = ContactMessageSchema.safeParse({ ...contact, ...change });
    expect(result.success).toBe(false);
    expect(fieldMessages(result.error!)).toEqual({ [field]: message });
  });
});

describe('CompanyApplicationSchema', () => {
  it('normalises the phone, website, registration numbers, state and services', () => {
    expect(CompanyApplicationSchema.parse(application)).toEqual({
      ...application,
      phone: '3125550142',
      website: 'https://prairie.example',
      usdotNumber: '1234567',
      mcNumber: '654321',
      state: 'IL',
      services: ['local-moving', 'packing-services'],
      [FORM_HONEYPOT_FIELD]: '',
    });
  });

  it('takes a single service as a plain form sends it, and leaves optional fields empty', () => {
    const parsed = CompanyApplicationSchema.parse({
      ...application,
      website: undefined,
      usdotNumber: undefined,
      mcNumber: '',
      message: undefined,
      services: 'storage',
    });
    expect(parsed).toMatchObject({ website: '', usdotNumber: '', mcNumber: '', message: '' });
    expect(parsed.services).toEqual(['storage']);
  });

  it.each([
    [{ companyName: '' }, 'companyName', 'Company name is required'],
    [{ phone: '555-0142' }, 'phone', 'Phone number must have 10 digits'],
    [
      { website: 'not a site' },
      'website',
      'Website must be a web address such as https://example.com',
    ],
    [{ usdotNumber: '12AB' }, 'usdotNumber', 'USDOT number must be 1 to 8 digits'],
    [{ mcNumber: '123456789' }, 'mcNumber', 'MC number must be 1 to 8 digits'],
    [{ state: 'ZZ' }, 'state', 'Choose a state'],
    [{ services: [] }, 'services', 'Choose at least one service'],
    [{ services: ['teleporting'] }, 'services', 'Choose services from the list'],
  ])('rejects %j with a message on %s in plain words', (change, field, message) => {
    const result = CompanyApplicationSchema.safeParse({ ...application, ...change });
    expect(result.success).toBe(false);
    expect(fieldMessages(result.error!)[field]).toBe(message);
  });
});

describe('readingMinutes', () => {
  it.each([
    [0, 1],
    [200, 1],
    [660, 3],
    [1100, 5],
  ])('%s words take %s minutes', (words, minutes) => {
    expect(readingMinutes(words)).toBe(minutes);
  });
});
