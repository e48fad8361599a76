/**
 * Control characters and unpaired surrogates in free text (issue 12), on every test database: a NUL in a
 * company's name used to be stored as sent. Every way free text enters the database — the admin company
 * form and CSV import, the contact and list-your-company forms, the widget's lead, session and step
 * endpoints, partners, site settings, lead and application notes, the import's file name — refuses them
 * with 400 and a message in plain words, and stores nothing; line breaks stay allowed where text has lines,
 * and what people type is otherwise stored exactly as typed.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompanyImportSchema } from '@moveratlas/contracts';
import { testDatabases } from '../databases';
import { loginAsAdmin, type AdminClient } from '../admin-session';
import { leadForm } from '../leads/lead-form';
import { startLeadApp, type LeadApp } from '../leads/support';

const WORD = `zcc${randomInt(100_000, 999_999)}`;
const DOMAIN = `${WORD}.example`;
/** Half of 🚚: JSON can carry it ("\ud83d"); MariaDB's utf8mb4 cannot store it. */
const HALF_EMOJI = '🚚'[0]!;

const company = (overrides: Record<string, unknown> = {}) => ({
  slug: `${WORD}-movers`,
  name: `${WORD} Movers`,
  city: 'Austin',
  state: 'TX',
  ...overrides,
});

const contact = (overrides: Record<string, string> = {}) => ({
  name: 'Dana Reyes',
  email: `dana@${DOMAIN}`,
  topic: 'general',
  message: 'How do I remove my old listing?',
  ...overrides,
});

const application = (overrides: Record<string, unknown> = {}) => ({
  companyName: `${WORD} Relocation`,
  contactName: 'Sam Ortiz',
  email: `sam@${DOMAIN}`,
  phone: '(312) 555-0142',
  state: 'IL',
  city: 'Springfield',
  services: ['local-moving'],
  ...overrides,
});

describe.each(testDatabases())('control characters on $name', (database) => {
  let app: LeadApp;
  let admin: AdminClient;

  beforeAll(async () => {
    app = await startLeadApp(database.config);
    admin = await loginAsAdmin(app.baseUrl);
  });

  afterAll(async () => {
    await app.db('companies').where('slug', 'like', `${WORD}%`).delete();
    await app.db('contact_messages').where('email', 'like', `%@${DOMAIN}`).delete();
    await app.db('company_applications').where('email', 'like', `%@${DOMAIN}`).delete();
    await app.db('partners').where('site_id', 'like', `${WORD}%`).delete();
    await app.db('company_imports').where('filename', 'like', `${WORD}%`).delete();
    await app.close();
  });

  const count = async (table: string) =>
    Number(((await app.db(table).count({ n: '*' }).first()) as { n: number | string }).n);

  /** The request is refused with exactly this error, and `table` has as many rows as before. */
  async function refused(table: string, send: () => Promise<Response>, error: string) {
    const before = await count(table);
    const res = await send();
    expect(await res.json()).toEqual({ error });
    expect(res.status).toBe(400);
    expect(await count(table)).toBe(before);
  }

  const adminJson = (method: string, path: string, body: unknown) =>
    admin.request(path, { method, body: JSON.stringify(body) });

  it('refuses a company name with a NUL, an escape or half an emoji (admin API), and stores line breaks in a description as typed', async () => {
    for (const [name, label] of [
      [`${WORD}\u0000Movers`, 'Name'],
      [`${WORD} \u001b[31mMovers`, 'Name'],
      [`${WORD} Movers ${HALF_EMOJI}`, 'Name'],
      [`${WORD} Movers\u0085`, 'Name'],
    ] as const)
      await refused(
        'companies',
        () => adminJson('POST', '/api/admin/companies', company({ name })),
        `${label} contains characters that cannot be shown`,
      );
    await refused(
      'companies',
      () =>
        adminJson('POST', '/api/admin/companies', company({ description: 'Fine\u0007 movers' })),
      'Description contains characters that cannot be shown',
    );
    await refused(
      'companies',
      () => adminJson('POST', '/api/admin/companies', company({ street: '1 Main St\nSuite 2' })),
      'Street contains characters that cannot be shown',
    );
    await refused(
      'companies',
      () =>
        adminJson(
          'POST',
          '/api/admin/companies',
          company({ website: 'https://movers.example/a\u0001b' }),
        ),
      'Website contains characters that cannot be shown',
    );

    const description = 'Family owned.\r\nTrucks:\t3 🚚';
    const created = await adminJson(
      'POST',
      '/api/admin/companies',
      company({ name: `${WORD} Zoë's Movers 🚚`, description }),
    );
    expect(created.status).toBe(201);
    const row = (await app.db('companies').where('slug', `${WORD}-movers`).first()) as {
      name: string;
      description: string;
    };
    expect(row).toMatchObject({ name: `${WORD} Zoë's Movers 🚚`, description });
  });

  it('refuses control characters in the contact and list-your-company forms, and keeps a message of several lines', async () => {
    const post = (path: string, body: unknown) =>
      fetch(app.baseUrl + path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
      });
    await refused(
      'contact_messages',
      () => post('/api/contact', contact({ name: 'Dana\u0000Reyes' })),
      'Name contains characters that cannot be shown',
    );
    await refused(
      'contact_messages',
      () => post('/api/contact', contact({ message: 'Please call me back\u0007 soon' })),
      'Message contains characters that cannot be shown',
    );
    await refused(
      'contact_messages',
      () => post('/api/contact', contact({ message: `Please call me back ${HALF_EMOJI}` })),
      'Message contains characters that cannot be shown',
    );
    const message = 'Hello,\r\nplease update my listing.\n\tThanks';
    const sent = await post('/api/contact', contact({ message }));
    expect(sent.status).toBe(201);
    expect(
      await app.db('contact_messages').where('email', `dana@${DOMAIN}`).pluck('message'),
    ).toEqual([message]);

    await refused(
      'company_applications',
      () =>
        post('/api/company-applications', application({ companyName: `${WORD}\u001bRelocation` })),
      'Company name contains characters that cannot be shown',
    );
    await refused(
      'company_applications',
      () => post('/api/company-applications', application({ message: 'Since 1998\u0000' })),
      'Message contains characters that cannot be shown',
    );
  });

  it("refuses a lead whose name holds a control character, and the widget's session and step events likewise", async () => {
    const form = leadForm({ first_name: 'Ada\u0000' });
    const before = await count('leads');
    const res = await app.postForm('/api/proxy/send_lead', form);
    expect(await res.json()).toEqual({
      error: 'First name contains characters that cannot be shown',
    });
    expect(res.status).toBe(400);
    expect(await count('leads')).toBe(before);
    expect(await app.db('leads').where('lead_uuid', form.lead_uuid!).first()).toBeUndefined();

    const session = await app.postJson('/api/proxy/session_send_bq', {
      uuid: `${WORD}-session`,
      referrer: `https://search.example/?q=${HALF_EMOJI}`,
    });
    expect(await session.json()).toEqual({
      error: 'Referrer contains characters that cannot be shown',
    });
    expect(session.status).toBe(400);
  });

  it('refuses control characters in partners, site settings and notes', async () => {
    await refused(
      'partners',
      () =>
        adminJson('POST', '/api/admin/settings/partners', {
          siteId: `${WORD}-partner`,
          name: 'Partner\u0000Site',
          allowedOrigins: [],
        }),
      'Name contains characters that cannot be shown',
    );
    await refused(
      'site_settings',
      () =>
        adminJson('PUT', '/api/admin/settings/site', {
          siteName: 'Mover\u0007Atlas',
          supportEmail: 'support@moveratlas.example',
          supportPhone: '3125550100',
          leadBackendUrl: '',
        }),
      'Site name contains characters that cannot be shown',
    );
    const settings = (await (await admin.request('/api/admin/settings/site')).json()) as {
      settings: { siteName: string };
    };
    expect(settings.settings.siteName).not.toContain('\u0007');

    const applied = await app.postJson(
      '/api/company-applications',
      application({ email: `notes@${DOMAIN}` }),
    );
    expect(applied.status).toBe(201);
    const { id } = (await app
      .db('company_applications')
      .where('email', `notes@${DOMAIN}`)
      .first('id')) as { id: number };
    const declined = await adminJson('POST', `/api/admin/company-applications/${id}/decline`, {
      note: 'Not a mover\u0000',
    });
    expect(await declined.json()).toEqual({
      error: 'Note contains characters that cannot be shown',
    });
    expect(declined.status).toBe(400);
    expect(
      await app.db('company_applications').where('id', id).first('status', 'decision_note'),
    ).toEqual({ status: 'pending', decision_note: null });
  });

  it('rejects a CSV row whose name holds a control character, and refuses such a file name', async () => {
    const csv = `name,city,state\r\n${WORD} Bell\u0007 Movers,Austin,TX\r\n${WORD} Good Movers,Austin,TX\r\n`;
    const res = await admin.request(`/api/admin/upload?filename=${WORD}.csv`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/csv' },
      body: csv,
    });
    const report = CompanyImportSchema.parse(await res.json());
    expect(res.status).toBe(201);
    expect(report.dryRun).toEqual({ rows: 2, created: 1, updated: 0, unchanged: 0, rejected: 1 });
    expect(report.rejected).toEqual([
      { line: 2, column: 'name', reason: 'Name contains characters that cannot be shown' },
    ]);

    await refused(
      'company_imports',
      () =>
        admin.request(`/api/admin/upload?filename=${encodeURIComponent(`${WORD}\u0000.csv`)}`, {
          method: 'POST',
          headers: { 'Content-Type': 'text/csv' },
          body: csv,
        }),
      'The file name contains characters that cannot be shown',
    );
  });
});
