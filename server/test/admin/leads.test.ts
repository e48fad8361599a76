/**
 * The admin leads API over HTTP on every test database: leads arrive through the real public endpoint, then
 * the list's filters, sorts and pages, a lead's full record, status changes with who and when, the retry of a
 * dead letter and the CSV export are checked on the wire.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminLeadDetailSchema,
  CONSENT_VERSION,
  AdminLeadFacetsSchema,
  AdminLeadListSchema,
  LEAD_EXPORT_COLUMNS,
  phoneDigits,
  type AdminLeadDetail,
  type AdminLeadList,
} from '@moveratlas/contracts';
import { TEST_ADMIN, testDatabases } from '../databases';
import { startTestApp, type TestApp } from '../test-app';
import { loginAsAdmin, type AdminClient } from '../admin-session';
import { leadForm, newVisitor, removeLeads } from '../leads/support';
import { MOVE_DATE_WIRE } from '../leads/lead-form';

/** The leads this file sends, told apart from every other lead by a token in their e-mail addresses. */
const RUN = randomUUID().slice(0, 8);
const emailOf = (who: string) => `${who}.${RUN}@example.com`;

/** The cells of one CSV line (RFC 4180 quoting; the line holds no line breaks). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  const pattern = /(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g;
  for (const match of line.matchAll(pattern))
    cells.push(match[1] !== undefined ? match[1].replace(/""/g, '"') : match[2]!);
  return cells;
}

interface SentLead {
  publicId: string;
  uuid: string;
  phone: string;
}

describe.each(testDatabases())('admin leads API on $name', (database) => {
  let app: TestApp;
  let admin: AdminClient;
  const sent: Record<string, SentLead> = {};

  async function submit(who: string, fields: Record<string, string>): Promise<SentLead> {
    const form = leadForm({ email_address: emailOf(who), ...fields });
    const res = await fetch(`${app.baseUrl}/api/proxy/send_lead`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return { publicId: await res.text(), uuid: form.lead_uuid!, phone: form.phone_number! };
  }

  const idOf = async (who: string): Promise<number> => {
    const row = (await app
      .db('leads')
      .where({ email: emailOf(who) })
      .first('id')) as {
      id: number;
    };
    return Number(row.id);
  };

  async function list(params: Record<string, string> = {}): Promise<AdminLeadList> {
    const res = await admin.request(
      `/api/admin/leads?${new URLSearchParams({ q: RUN, ...params })}`,
    );
    expect(res.status, await res.clone().text()).toBe(200);
    return AdminLeadListSchema.strict().parse(await res.json());
  }

  async function detail(id: number): Promise<AdminLeadDetail> {
    const res = await admin.request(`/api/admin/leads/${id}`);
    expect(res.status, await res.clone().text()).toBe(200);
    return AdminLeadDetailSchema.parse(await res.json());
  }

  beforeAll(async () => {
    app = await startTestApp(database.config, { RATE_LIMIT_LEADS: '0' });
    admin = await loginAsAdmin(app.baseUrl);
    sent.ada = await submit('ada', {});
    sent.grace = await submit('grace', {
      first_name: 'Grace',
      last_name: 'Hopper',
      from_state: 'Illinois',
      from_city: 'Springfield',
      from_location: 'Springfield, Illinois',
      move_size: 'studio',
    });
    sent.katherine = await submit('katherine', {
      first_name: 'Katherine',
      last_name: 'Johnson',
      from_zip: '',
      from_state: 'WV',
      from_city: 'White Sulphur Springs',
      from_location: 'White Sulphur Springs, WV',
      to_zip: '',
      to_city: 'Austin, TX',
      move_size: '4br',
    });
    // Formula-looking names and a city with a comma: the export must neutralise and quote them.
    sent.mallory = await submit('mallory', {
      first_name: '=HYPERLINK("http://evil.example")',
      last_name: '@SUM(A1:A9)',
      from_location: '+1 Chicago, IL',
    });
  });

  afterAll(async () => {
    await removeLeads(
      app.db,
      Object.values(sent).map((s) => s.uuid),
    );
    await app.close();
  });

  it('answers 401 without a session and 403 for a write without the CSRF token', async () => {
    for (const path of [
      '/api/admin/leads',
      '/api/admin/leads/facets',
      '/api/admin/leads/export.csv',
      '/api/admin/leads/1',
    ]) {
      const res = await app.get(path);
      expect(res.status, path).toBe(401);
    }
    const id = await idOf('ada');
    for (const action of ['status', 'retry']) {
      const res = await fetch(`${app.baseUrl}/api/admin/leads/${id}/${action}`, {
        method: 'POST',
        headers: { Cookie: admin.cookie, 'Content-Type': 'application/json' },
        body: JSON.stringify({ status: 'lost' }),
      });
      expect(res.status, action).toBe(403);
    }
    expect((await detail(id)).lead.status).toBe('new');
  });

  it('lists the leads newest first with their delivery, total and page', async () => {
    const page = await list();
    expect(page.total).toBe(4);
    expect(page.page).toBe(1);
    expect(page.pageSize).toBe(25);
    expect(page.leads.map((l) => l.publicId)).toEqual([
      sent.mallory!.publicId,
      sent.katherine!.publicId,
      sent.grace!.publicId,
      sent.ada!.publicId,
    ]);
    const ada = page.leads.at(-1)!;
    expect(ada).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: emailOf('ada'),
      phone: phoneDigits(sent.ada!.phone),
      fromState: 'IL',
      toState: 'TX',
      moveSize: '2-3br',
      moveDate: MOVE_DATE_WIRE,
      siteId: 'moveratlas-directory',
      status: 'new',
      // No worker runs in this app: the forwarding job waits for its first attempt.
      delivery: 'pending',
    });
    expect(Date.now() - Date.parse(ada.createdAt)).toBeLessThan(10 * 60_000);
  });

  it('filters by state in any spelling, move size, status, partner, text and dates', async () => {
    const ids = (l: AdminLeadList) => l.leads.map((x) => x.publicId).sort();
    // "IL" and "Illinois" are the same state.
    expect(ids(await list({ state: 'il' }))).toEqual(
      [sent.ada!, sent.grace!, sent.mallory!].map((s) => s.publicId).sort(),
    );
    expect(ids(await list({ state: 'WV' }))).toEqual([sent.katherine!.publicId]);
    expect((await list({ state: 'WY' })).total).toBe(0);
    expect(ids(await list({ moveSize: 'studio' }))).toEqual([sent.grace!.publicId]);
    expect((await list({ moveSize: '2-3br' })).total).toBe(2);
    expect((await list({ status: 'new' })).total).toBe(4);
    expect((await list({ status: 'lost' })).total).toBe(0);
    expect((await list({ siteId: 'moveratlas-directory' })).total).toBe(4);
    expect((await list({ siteId: 'demo-partner' })).total).toBe(0);
    // Every word must match: a first and a last name together, and the public id exactly.
    expect(ids(await list({ q: `grace hopper ${RUN}` }))).toEqual([sent.grace!.publicId]);
    expect(ids(await list({ q: `katherine.${RUN}` }))).toEqual([sent.katherine!.publicId]);
    const byId = await admin.request(
      `/api/admin/leads?q=${sent.katherine!.publicId.toLowerCase()}`,
    );
    expect(AdminLeadListSchema.parse(await byId.json()).leads.map((l) => l.publicId)).toContain(
      sent.katherine!.publicId,
    );
    // LIKE wildcards are matched literally.
    expect((await list({ q: `${RUN} %` })).total).toBe(0);
    expect((await list({ q: `${RUN} _` })).total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list({ from: today, to: today })).total).toBe(4);
    expect((await list({ to: '2020-01-01' })).total).toBe(0);
    expect((await list({ from: '2999-01-01' })).total).toBe(0);
    // Empty parameters (an untouched select) mean no filter.
    expect((await list({ status: '', state: '', from: '' })).total).toBe(4);
  });

  it('sorts by whitelisted columns and pages without overlap', async () => {
    const byName = await list({ sort: 'name', dir: 'asc' });
    expect(byName.leads.map((l) => l.lastName)).toEqual([
      '@SUM(A1:A9)',
      'Hopper',
      'Johnson',
      'Lovelace',
    ]);
    const desc = await list({ sort: 'name', dir: 'desc' });
    expect(desc.leads.map((l) => l.lastName)).toEqual([
      'Lovelace',
      'Johnson',
      'Hopper',
      '@SUM(A1:A9)',
    ]);
    const oldest = await list({ sort: 'created_at', dir: 'asc', pageSize: '10' });
    expect(oldest.leads[0]!.publicId).toBe(sent.ada!.publicId);
    const pages = [];
    for (const page of ['1', '2']) {
      const res = await admin.request(`/api/admin/leads?q=${RUN}&pageSize=10&page=${page}`);
      pages.push(AdminLeadListSchema.parse(await res.json()));
    }
    expect(pages[0]!.leads).toHaveLength(4);
    expect(pages[1]!.leads).toHaveLength(0);
    expect(pages[1]!.total).toBe(4);
  });

  it('takes no sort for the export: the file lists every match, newest first', async () => {
    const res = await admin.request('/api/admin/leads/export.csv?sort=name');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Unknown query parameter: sort' });
  });

  it.each([
    ['status=bogus', 'Status must be one of: new, contacted, scheduled, quoted, converted, lost'],
    ['from=2026-02-30', 'From must be a date as YYYY-MM-DD'],
    ['from=2026-03-02&to=2026-03-01', 'The start date must not be after the end date'],
    ['pageSize=7', 'Page size must be one of: 10, 25, 50, 100'],
    ['page=0', 'Page must be between 1 and 100000'],
    [
      'sort=password',
      'Sort must be one of: created_at, name, email, status, from_state, move_date',
    ],
    ['state=Illinois', 'State must be at most 2 characters'],
    ['moveSize=castle', 'Move size must be one of: studio, 2-3br, 4br, commercial'],
    ['delivery=lost', 'Delivery must be one of: delivered, pending, dead'],
    ['quality=sample-phone', 'Quality must be one of: flagged, unflagged'],
    ['siteId=a%20b', 'Site ID must be a site id'],
    ['limit=5', 'Unknown query parameter: limit'],
  ])('refuses %s with 400', async (query, message) => {
    for (const path of ['/api/admin/leads', '/api/admin/leads/export.csv']) {
      if (path.endsWith('.csv') && /^(page|sort)/.test(query)) continue;
      const res = await admin.request(`${path}?${query}`);
      expect(res.status, path).toBe(400);
      expect(await res.json()).toEqual({ error: message });
    }
  });

  it('offers every partner and every site id leads came from as a filter', async () => {
    const res = await admin.request('/api/admin/leads/facets');
    const facets = AdminLeadFacetsSchema.strict().parse(await res.json());
    expect(facets.partners).toEqual(
      expect.arrayContaining([
        { siteId: 'moveratlas-directory', name: 'MoverAtlas directory' },
        { siteId: 'demo-partner', name: 'Demo partner page' },
      ]),
    );
  });

  it('shows one lead with every field, its consent, movers, delivery and history', async () => {
    const id = await idOf('katherine');
    const lead = await detail(id);
    expect(lead.lead).toMatchObject({
      id,
      publicId: sent.katherine!.publicId,
      leadUuid: sent.katherine!.uuid,
      partnerName: 'MoverAtlas directory',
      firstName: 'Katherine',
      lastName: 'Johnson',
      // The ZIPs the form left empty, completed at intake from the places it names (issue 15); the city and
      // state it sent are kept as sent.
      fromZip: '24986',
      fromCity: 'White Sulphur Springs',
      fromState: 'WV',
      toZip: '73301',
      toCity: 'Austin, TX',
      toState: 'TX',
      moveSize: '4br',
      numberOfRooms: 4,
      needsAutoTransport: false,
      autoTransport: null,
      status: 'new',
      delivery: 'pending',
      deliveryStatus: 'pending',
      backendLeadId: null,
      deliveredAt: null,
      sessionId: null,
    });
    expect(lead.lead.wire.lead_new_id).toBe(sent.katherine!.publicId);
    expect(lead.lead.wire.email_address).toBe(emailOf('katherine'));
    expect(lead.consent).toMatchObject({
      version: CONSENT_VERSION,
      checked: true,
      pageUrl: 'https://moveratlas.example/get-quotes',
      companies: [
        { id: 101, name: 'Windy City Movers' },
        { id: 102, name: 'Lakeshore Moving Co' },
      ],
    });
    expect(lead.consent!.text).toContain('Windy City Movers and Lakeshore Moving Co');
    expect(lead.companies.map((c) => c.name)).toEqual(['Windy City Movers', 'Lakeshore Moving Co']);
    // Ids 101 and 102 are seeded companies: they link to their pages.
    const seeded = (await app.db('companies').whereIn('id', [101, 102]).orderBy('id')) as Array<{
      slug: string;
    }>;
    expect(lead.companies.map((c) => c.slug)).toEqual(seeded.map((c) => c.slug));
    // Each named mover in the directory has its e-mail delivery (neither has a webhook), by mover name.
    const directoryNames = (
      (await app
        .db('companies')
        .whereIn('id', [101, 102])
        .orderBy('name')
        .pluck('name')) as string[]
    ).map((name) => [name, 'email']);
    expect(lead.moverDeliveries.map((d) => [d.companyName, d.channel])).toEqual(directoryNames);
    expect(lead.delivery).toMatchObject({ state: 'pending', canRetry: false, attempts: [] });
    expect(lead.delivery.job).toMatchObject({ status: 'queued', attempts: 0 });
    expect(lead.statusHistory).toEqual([
      {
        fromStatus: null,
        toStatus: 'new',
        changedBy: null,
        note: null,
        changedAt: lead.consent!.consentedAt,
      },
    ]);
  });

  it('shows the visitor session the lead came from', async () => {
    const sessionId = `adm-${RUN}-${database.name}`;
    const id = await idOf('grace');
    await app.db('visitor_sessions').insert({
      session_id: sessionId,
      site_id: 'moveratlas-directory',
      visitor_uuid: `visitor-${RUN}`,
      ip_address: '203.0.113.7',
      user_agent: 'Mozilla/5.0 test',
      wire: JSON.stringify({ gclid: 'abc123', referrer: 'https://www.google.com/', cid: '' }),
      created_at: '2026-11-20 10:00:00',
    });
    await app.db('leads').where({ id }).update({ session_id: sessionId });
    try {
      const lead = await detail(id);
      expect(lead.session).toEqual({
        sessionId,
        siteId: 'moveratlas-directory',
        visitorUuid: `visitor-${RUN}`,
        ipAddress: '203.0.113.7',
        userAgent: 'Mozilla/5.0 test',
        createdAt: '2026-11-20T10:00:00.000Z',
        deliveryStatus: 'pending',
        fields: { gclid: 'abc123', referrer: 'https://www.google.com/' },
      });
    } finally {
      await app.db('leads').where({ id }).update({ session_id: null });
      await app.db('visitor_sessions').where({ session_id: sessionId }).delete();
    }
  });

  it('answers 404 for an unknown lead and 400 for a malformed id', async () => {
    const missing = await admin.request('/api/admin/leads/999999999');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'No lead with id 999999999' });
    const malformed = await admin.request('/api/admin/leads/abc');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({
      error: 'The lead id must be a positive whole number',
    });
    const status = await admin.request('/api/admin/leads/999999999/status', {
      method: 'POST',
      body: JSON.stringify({ status: 'lost' }),
    });
    expect(status.status).toBe(404);
  });

  it('changes the status, recording who and when, and refuses bad statuses', async () => {
    const id = await idOf('ada');
    const before = Date.now();
    const res = await admin.request(`/api/admin/leads/${id}/status`, {
      method: 'POST',
      body: JSON.stringify({ status: 'contacted', note: 'Called, left a voicemail' }),
    });
    expect(res.status).toBe(200);
    const lead = AdminLeadDetailSchema.parse(await res.json());
    expect(lead.lead.status).toBe('contacted');
    expect(lead.statusHistory).toHaveLength(2);
    const change = lead.statusHistory[1]!;
    expect(change).toMatchObject({
      fromStatus: 'new',
      toStatus: 'contacted',
      changedBy: TEST_ADMIN.username,
      note: 'Called, left a voicemail',
    });
    expect(Date.parse(change.changedAt)).toBeGreaterThanOrEqual(before - 1000);
    // The same status again records nothing.
    const again = await admin.request(`/api/admin/leads/${id}/status`, {
      method: 'POST',
      body: JSON.stringify({ status: 'contacted' }),
    });
    expect(again.status).toBe(200);
    expect(AdminLeadDetailSchema.parse(await again.json()).statusHistory).toHaveLength(2);
    expect((await list({ status: 'contacted' })).leads.map((l) => l.publicId)).toEqual([
      sent.ada!.publicId,
    ]);

    for (const [body, message] of [
      [
        { status: 'won' },
        'Status must be one of: new, contacted, scheduled, quoted, converted, lost',
      ],
      [{}, 'Status must be one of: new, contacted, scheduled, quoted, converted, lost'],
      [{ status: 'lost', note: 'x'.repeat(501) }, 'Note must be at most 500 characters'],
      [{ status: 'lost', by: 'someone' }, 'Unknown field: by'],
    ] as const) {
      const bad = await admin.request(`/api/admin/leads/${id}/status`, {
        method: 'POST',
        body: JSON.stringify(body),
      });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual({ error: message });
    }
    expect((await detail(id)).lead.status).toBe('contacted');
  });

  it('retries a dead-letter lead: its job is queued afresh and the lead is pending again', async () => {
    const id = await idOf('grace');
    // Not dead yet: nothing to retry.
    const early = await admin.request(`/api/admin/leads/${id}/retry`, { method: 'POST' });
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({
      error: 'Only a lead whose delivery gave up (dead letter) can be retried',
    });

    const payload = JSON.stringify({ leadId: id });
    await app
      .db('jobs')
      .where({ type: 'lead.forward', payload })
      .update({ status: 'dead', attempts: 8, last_error: 'backend answered 503' });
    const dead = await detail(id);
    expect(dead.delivery).toMatchObject({ state: 'dead', canRetry: true });
    expect(dead.delivery.job).toMatchObject({
      status: 'dead',
      attempts: 8,
      lastError: 'backend answered 503',
    });
    expect((await list({ delivery: 'dead' })).leads.map((l) => l.publicId)).toEqual([
      sent.grace!.publicId,
    ]);
    expect((await list({ delivery: 'pending' })).total).toBe(3);

    const res = await admin.request(`/api/admin/leads/${id}/retry`, { method: 'POST' });
    expect(res.status).toBe(200);
    const retried = AdminLeadDetailSchema.parse(await res.json());
    expect(retried.lead.deliveryStatus).toBe('pending');
    expect(retried.delivery).toMatchObject({ state: 'pending', canRetry: false });
    expect(retried.delivery.job).toMatchObject({ status: 'queued', attempts: 0 });
    expect(retried.delivery.attempts.map((a) => [a.event, a.message])).toEqual([
      ['retried', `retried by ${TEST_ADMIN.username}`],
    ]);
    expect((await list({ delivery: 'dead' })).total).toBe(0);

    const twice = await admin.request(`/api/admin/leads/${id}/retry`, { method: 'POST' });
    expect(twice.status).toBe(409);
    const unknown = await admin.request('/api/admin/leads/999999999/retry', { method: 'POST' });
    expect(unknown.status).toBe(404);
  });

  it('exports the filtered list as CSV, quoted and safe from formulas', async () => {
    const res = await admin.request(`/api/admin/leads/export.csv?q=${RUN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    // A UTF-8 byte order mark first, so Excel reads accents right (fetch's text() would hide it).
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.subarray(3)).split('\r\n');
    expect(lines[0]).toBe(LEAD_EXPORT_COLUMNS.join(','));
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(6);
    const mallory = lines.find((l) => l.startsWith(sent.mallory!.publicId))!;
    expect(mallory).toContain(`"'=HYPERLINK(""http://evil.example"")",'@SUM(A1:A9),`);
    expect(mallory).toContain(`,"'+1 Chicago, IL",`);
    expect(mallory).toContain(
      `,2-3br,3,no,Windy City Movers; Lakeshore Moving Co,moveratlas-directory,,${CONSENT_VERSION},`,
    );
    // Newest first, every lead once.
    expect(lines.slice(1, 5).map((l) => l.slice(0, l.indexOf(',')))).toEqual([
      sent.mallory!.publicId,
      sent.katherine!.publicId,
      sent.grace!.publicId,
      sent.ada!.publicId,
    ]);
    const ada = csvCells(lines[4]!);
    expect(ada).toHaveLength(LEAD_EXPORT_COLUMNS.length);
    const column = (name: (typeof LEAD_EXPORT_COLUMNS)[number]) =>
      ada[LEAD_EXPORT_COLUMNS.indexOf(name)];
    expect(column('status')).toBe('contacted');
    expect(column('email')).toBe(emailOf('ada'));
    expect(column('consent_version')).toBe(CONSENT_VERSION);
    expect(column('to_location')).toBe('Austin, TX 73301');
    expect(column('needs_auto_transport')).toBe('no');
    expect(csvCells(mallory).slice(4, 6)).toEqual([
      `'=HYPERLINK("http://evil.example")`,
      `'@SUM(A1:A9)`,
    ]);

    const filtered = await admin.request(`/api/admin/leads/export.csv?q=${RUN}&state=WV`);
    const rows = (await filtered.text()).split('\r\n').filter(Boolean);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.startsWith(`${sent.katherine!.publicId},`)).toBe(true);
  });

  it('shows each lead’s quality flags on its row, as its record does, and filters by what arrival found', async () => {
    // Leads of their own, found by their own token, so the counts above stay as they are.
    const token = randomUUID().slice(0, 8);
    const send = async (who: string, fields: Record<string, string> = {}) => {
      sent[`quality-${who}`] = await submit(who, {
        email_address: `${who}.${token}@example.com`,
        ...fields,
      });
    };
    const visitor = newVisitor();
    await send('throwaway', { email_address: `throwaway.${token}@mailinator.com` });
    await send('first', { phone_number: visitor.phone });
    await send('repeat', { phone_number: visitor.phone });
    // The fictional range is taken only from a test partner.
    await send('sample', { phone_number: '(312) 555-0142', website: 'qa-test' });
    const who = (lead: AdminLeadList['leads'][number]) =>
      lead.email.slice(0, lead.email.indexOf('.'));
    const flagsOf = async (quality?: string) =>
      Object.fromEntries(
        (await list({ q: token, ...(quality ? { quality } : {}) })).leads.map((lead) => [
          who(lead),
          lead.qualityFlags,
        ]),
      );

    expect(await flagsOf()).toEqual({
      throwaway: ['disposable-email'],
      first: [],
      repeat: ['repeat'],
      sample: ['sample-phone'],
    });
    // The record says the same, from the same reading.
    for (const lead of (await list({ q: token })).leads)
      expect((await detail(lead.id)).quality.flags, who(lead)).toEqual(lead.qualityFlags);

    expect(await flagsOf('flagged')).toEqual({
      throwaway: ['disposable-email'],
      repeat: ['repeat'],
    });
    // The sample phone is read from the number as typed, not stored: the filter leaves it with the
    // unflagged, as its option says ("no throwaway e-mail or repeat"), while its row shows the badge.
    expect(await flagsOf('unflagged')).toEqual({ first: [], sample: ['sample-phone'] });
    expect((await list({ q: token, quality: '' })).total).toBe(4);

    // The export is the filtered list.
    const exported = await admin.request(`/api/admin/leads/export.csv?q=${token}&quality=flagged`);
    const lines = (await exported.text()).split('\r\n').filter(Boolean).slice(1);
    expect(lines.map((l) => csvCells(l)[LEAD_EXPORT_COLUMNS.indexOf('email')]).sort()).toEqual([
      `repeat.${token}@example.com`,
      `throwaway.${token}@mailinator.com`,
    ]);
  });
});
