import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormReceiptSchema } from '@moveratlas/contracts';
import { testDatabases } from '../databases';
import { startTestApp, type TestApp } from '../test-app';

// Every row these tests create carries this domain, so they can be removed afterwards.
const DOMAIN = 'forms-test.example';

const contact = {
  name: 'Dana Reyes',
  email: `dana@${DOMAIN}`,
  topic: 'company-listing',
  message: 'Please update the phone number of my listing.',
};

const application = {
  companyName: 'Prairie State Movers',
  contactName: 'Sam Ortiz',
  email: `sam@${DOMAIN}`,
  phone: '(312) 555-0142',
  website: 'prairie.example',
  usdotNumber: '1234567',
  mcNumber: 'MC-654321',
  state: 'IL',
  city: 'Springfield',
  services: ['local-moving', 'storage'],
  message: 'Family owned since 1998.',
};

describe.each(testDatabases())('public forms on $name', (database) => {
  let app: TestApp;
  beforeAll(async () => {
    // Quote-request rate limits apply to these forms too; off here, covered by the proxy tests.
    app = await startTestApp(database.config, { RATE_LIMIT_LEADS: '0' });
  });
  afterAll(async () => {
    await app.db('contact_messages').where('email', 'like', `%@${DOMAIN}`).delete();
    await app.db('company_applications').where('email', 'like', `%@${DOMAIN}`).delete();
    await app.close();
  });

  const postJson = (path: string, body: unknown) =>
    fetch(app.baseUrl + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });

  const postForm = (path: string, fields: Array<[string, string]>) =>
    fetch(app.baseUrl + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });

  describe('POST /api/contact', () => {
    it('stores a message and answers 201 with a receipt', async () => {
      const res = await postJson('/api/contact', contact);
      expect(res.status).toBe(201);
      const receipt = FormReceiptSchema.parse(await res.json());
      const row = (await app.db('contact_messages').where({ public_id: receipt.id }).first()) as
        Record<string, unknown> | undefined;
      expect(row).toMatchObject({ ...contact, status: 'new' });
      expect(row?.ip_address).toMatch(/127\.0\.0\.1|::1/);
    });

    it.each([
      [{ name: 'D' }, 'Name must be at least 2 characters'],
      [{ email: 'dana' }, 'Enter an e-mail address such as name@example.com'],
      [{ topic: 'lottery' }, 'Choose one of the listed topics'],
      [{ message: '' }, 'Message is required'],
    ])('answers 400 naming the field for %j', async (change, error) => {
      const res = await postJson('/api/contact', { ...contact, ...change });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error });
    });

    it('answers a filled honeypot like a success and stores nothing', async () => {
      const before = await countRows('contact_messages');
      const res = await postJson('/api/contact', { ...contact, fax_number: '555-0100' });
      expect(res.status).toBe(201);
      expect(await countRows('contact_messages')).toBe(before);
    });

    it('takes a plain form post and redirects back to the page', async () => {
      const res = await postForm('/api/contact', Object.entries(contact));
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/contact?sent=1');
      const invalid = await postForm('/api/contact', Object.entries({ ...contact, email: 'x' }));
      expect(invalid.status).toBe(303);
      // A code the page shows in its own words, and the field at fault: never a message (issue 12).
      expect(invalid.headers.get('location')).toBe('/contact?error=invalid&field=email');
    });
  });

  describe('POST /api/company-applications', () => {
    it('stores a pending application with normalised fields', async () => {
      const res = await postJson('/api/company-applications', application);
      expect(res.status).toBe(201);
      const { id } = FormReceiptSchema.parse(await res.json());
      const row = (await app.db('company_applications').where({ public_id: id }).first()) as Record<
        string,
        unknown
      >;
      expect(row).toMatchObject({
        company_name: 'Prairie State Movers',
        phone: '3125550142',
        website: 'https://prairie.example',
        usdot_number: '1234567',
        mc_number: '654321',
        state: 'IL',
        status: 'pending',
      });
      expect(JSON.parse(row.services as string)).toEqual(['local-moving', 'storage']);
    });

    it.each([
      [{ companyName: '' }, 'Company name is required'],
      [{ phone: '12345' }, 'Phone number must have 10 digits'],
      [{ usdotNumber: 'ABC' }, 'USDOT number must be 1 to 8 digits'],
      [{ state: 'XX' }, 'Choose a state'],
      [{ services: [] }, 'Choose at least one service'],
    ])('answers 400 naming the field for %j', async (change, error) => {
      const res = await postJson('/api/company-applications', { ...application, ...change });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error });
    });

    it('answers a filled honeypot like a success and stores nothing', async () => {
      const before = await countRows('company_applications');
      const res = await postJson('/api/company-applications', {
        ...application,
        fax_number: 'http://spam.example',
      });
      expect(res.status).toBe(201);
      expect(await countRows('company_applications')).toBe(before);
    });

    it('takes a plain form post with several services and redirects back to the page', async () => {
      const fields: Array<[string, string]> = Object.entries(application).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      );
      fields.push(['services', 'local-moving'], ['services', 'piano-moving']);
      const res = await postForm('/api/company-applications', fields);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/list-your-company?sent=1');
    });
  });

  async function countRows(table: string): Promise<number> {
    const row = (await app.db(table).count({ n: '*' }).first()) as { n: number | string };
    return Number(row.n);
  }
});
