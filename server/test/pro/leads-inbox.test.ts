/**
 * The mover's leads inbox and overview over HTTP on every test database: leads arrive through the real public
 * endpoint naming two test companies, a mover of the first company signs in, and the list's sorts, filters and
 * pages, one lead's record, the status change with its audit record, the CSV export and the overview are
 * checked on the wire; a lead of the other company is not found. The migration's backfill is checked on a
 * consent written before company_leads existed.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import {
  consentText,
  CONSENT_VERSION,
  PRO_LEAD_EXPORT_COLUMNS,
  ProLeadDetailSchema,
  ProLeadListSchema,
  ProOverviewSchema,
  type ProLeadList,
} from '@moveratlas/contracts';
import { testDatabases } from '../databases';
import { startTestApp, type TestApp } from '../test-app';
import { leadForm, newVisitor, removeLeads } from '../leads/support';
import { isoDaysAhead } from '../leads/lead-form';
import { backfillCompanyLeads } from '../../src/db/migrations/20261128_40_create_company_leads';
import { createMover, removeMovers, signInMover, type MoverClient } from '../support/mover';
import { createProCompany } from './pro-support';

const RUN = randomUUID().slice(0, 8);
const DAY_MS = 86_400_000;
const sqlTime = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
const today = () => new Date().toISOString().slice(0, 10);
const dayOffset = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

/** The cells of one CSV line (RFC 4180 quoting; the line holds no line breaks). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  const pattern = /(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g;
  for (const match of line.matchAll(pattern))
    cells.push(match[1] !== undefined ? match[1].replace(/""/g, '"') : match[2]!);
  return cells;
}

describe.each(testDatabases())('the mover leads inbox on $name', (database) => {
  let app: TestApp;
  let db: Knex;
  let mover: MoverClient;
  let moverId: number;
  const MOVER_NAME = 'Olivia Owner';
  let ours: { id: number; name: string };
  let theirs: { id: number; name: string };
  const uuids: string[] = [];
  const leadIds: Record<string, number> = {};
  /** Companies and movers a test made for itself. */
  const moreCompanies: number[] = [];
  const moreMovers: number[] = [];

  /** Sends a lead naming `companies` through the public endpoint; returns its row id. */
  async function submit(
    who: string,
    companies: Array<{ id: number; name: string }>,
    fields: Record<string, string> = {},
  ): Promise<number> {
    const form = leadForm({
      email_address: `${who}.${RUN}@example.com`,
      selected_companies: JSON.stringify(companies),
      consent_text: consentText(companies.map((c) => c.name)),
      consent_version: CONSENT_VERSION,
      ...fields,
    });
    const res = await fetch(`${app.baseUrl}/api/proxy/send_lead`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    uuids.push(form.lead_uuid!);
    const row = (await db('leads').where({ lead_uuid: form.lead_uuid }).first('id')) as {
      id: number;
    };
    return Number(row.id);
  }

  /** Places a lead's arrival at a known instant (the list sorts by it). */
  async function receivedAt(leadId: number, ms: number) {
    await db('leads')
      .where({ id: leadId })
      .update({ created_at: sqlTime(ms) });
    await db('company_leads')
      .where({ lead_id: leadId })
      .update({ received_at: sqlTime(ms) });
  }

  const base = () => `/api/pro/companies/${ours.id}`;

  async function list(params: Record<string, string> = {}): Promise<ProLeadList> {
    const res = await mover.request(`${base()}/leads?${new URLSearchParams(params)}`);
    expect(res.status, await res.clone().text()).toBe(200);
    const body = ProLeadListSchema.strict().parse(await res.json());
    expect(res.headers.get('x-total-count')).toBe(String(body.total));
    return body;
  }
  const names = (l: ProLeadList) => l.leads.map((lead) => lead.firstName);

  beforeAll(async () => {
    app = await startTestApp(database.config, { RATE_LIMIT_LEADS: '0' });
    db = app.db;
    ours = await createProCompany(db, `Inbox Movers ${RUN}`);
    theirs = await createProCompany(db, `Rival Movers ${RUN}`);
    const account = await createMover(db, { companyId: ours.id, name: MOVER_NAME });
    moverId = account.id;
    mover = await signInMover(app.baseUrl, account);

    const now = Date.now();
    leadIds.ada = await submit('ada', [ours], {
      first_name: 'Ada',
      move_date: isoDaysAhead(10),
      move_size: 'studio',
    });
    leadIds.grace = await submit('grace', [theirs, ours], {
      first_name: 'Grace',
      last_name: 'Hopper',
      from_city: 'Springfield',
      from_location: 'Springfield, IL 62701',
      move_date: isoDaysAhead(60),
      move_size: '4br',
    });
    // A formula-looking name: the export must neutralise it.
    leadIds.mallory = await submit('mallory', [ours], {
      first_name: '=cmd|/C calc!A0',
      last_name: 'Mallory',
      move_date: isoDaysAhead(30),
    });
    leadIds.bob = await submit('bob', [theirs], { first_name: 'Bob' });
    // Ada arrived 40 days ago (outside this month and the 30-day chart); the others a second apart today.
    await receivedAt(leadIds.ada, now - 40 * DAY_MS);
    await receivedAt(leadIds.grace, now - 2000);
    await receivedAt(leadIds.mallory, now - 1000);
    await receivedAt(leadIds.bob, now - 500);
  });

  afterAll(async () => {
    await removeLeads(db, uuids);
    await db('companies')
      .whereIn('id', [ours.id, theirs.id, ...moreCompanies])
      .delete();
    await removeMovers(db, [moverId, ...moreMovers]);
    await app.close();
  });

  it('lists only the leads that named the company, newest first, with the total', async () => {
    const page = await list();
    expect(names(page)).toEqual(['=cmd|/C calc!A0', 'Grace', 'Ada']);
    expect(page.total).toBe(3);
    expect(page.leads[1]).toMatchObject({
      id: leadIds.grace,
      lastName: 'Hopper',
      fromCity: 'Springfield',
      moveDate: isoDaysAhead(60),
      moveSize: '4br',
      status: 'new',
      statusChangedAt: null,
    });
  });

  it('sorts by received time and by moving date, both ways', async () => {
    expect(names(await list({ sort: 'received', dir: 'asc' }))).toEqual([
      'Ada',
      'Grace',
      '=cmd|/C calc!A0',
    ]);
    expect(names(await list({ sort: 'move_date' }))).toEqual(['Ada', '=cmd|/C calc!A0', 'Grace']);
    expect(names(await list({ sort: 'move_date', dir: 'desc' }))).toEqual([
      'Grace',
      '=cmd|/C calc!A0',
      'Ada',
    ]);
    // A search that matches few leads is sorted apart from the index walk: the same orders.
    expect(names(await list({ q: 'example.com' }))).toEqual(['=cmd|/C calc!A0', 'Grace', 'Ada']);
    expect(names(await list({ q: 'example.com', sort: 'move_date' }))).toEqual([
      'Ada',
      '=cmd|/C calc!A0',
      'Grace',
    ]);
    expect(names(await list({ q: 'example.com', sort: 'received', dir: 'asc' }))).toEqual([
      'Ada',
      'Grace',
      '=cmd|/C calc!A0',
    ]);
    const second = await list({
      q: 'example.com',
      pageSize: '10',
      page: '1',
      sort: 'move_date',
      dir: 'desc',
    });
    expect(names(second)).toEqual(['Grace', '=cmd|/C calc!A0', 'Ada']);
  });

  it('filters by move size, received dates and words of the name, e-mail or city', async () => {
    expect(names(await list({ moveSize: '4br' }))).toEqual(['Grace']);
    expect(names(await list({ from: today() }))).toEqual(['=cmd|/C calc!A0', 'Grace']);
    expect(names(await list({ to: dayOffset(-30) }))).toEqual(['Ada']);
    expect(names(await list({ q: 'springfield' }))).toEqual(['Grace']);
    expect(names(await list({ q: `ada.${RUN}` }))).toEqual(['Ada']);
    expect(names(await list({ q: 'grace hopper' }))).toEqual(['Grace']);
    // Bob named only the other company: no search finds him here.
    expect((await list({ q: 'bob' })).total).toBe(0);
  });

  it('pages the list and refuses bad parameters in plain words', async () => {
    const first = await list({ pageSize: '10', page: '1', sort: 'move_date' });
    expect(first.leads).toHaveLength(3);
    const beyond = await list({ pageSize: '10', page: '2' });
    expect(beyond).toMatchObject({ leads: [], total: 3, page: 2 });
    const bad = await mover.request(`${base()}/leads?status=won&pageSize=7`);
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { error: string };
    expect(body.error).toMatch(/Status must be one of: new, contacted, quoted, booked, lost/);
    const range = await mover.request(`${base()}/leads?from=2026-11-20&to=2026-11-01`);
    expect(((await range.json()) as { error: string }).error).toContain(
      'The start date must not be after the end date',
    );
  });

  it('shows one lead with the consent that named the company', async () => {
    const res = await mover.request(`${base()}/leads/${leadIds.grace}`);
    expect(res.status).toBe(200);
    const detail = ProLeadDetailSchema.strict().parse(await res.json());
    expect(detail.lead).toMatchObject({ firstName: 'Grace', email: `grace.${RUN}@example.com` });
    expect(detail.consent).toMatchObject({
      version: CONSENT_VERSION,
      namedAs: ours.name,
      companiesNamed: 2,
    });
    expect(detail.consent!.text).toContain(ours.name);
    expect(detail.history).toEqual([]);
  });

  it("answers 404 for another company's lead, a lead that does not exist, and another company", async () => {
    for (const path of [`${base()}/leads/${leadIds.bob}`, `${base()}/leads/999999999`]) {
      const res = await mover.request(path);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'No such lead' });
    }
    const patch = await mover.request(`${base()}/leads/${leadIds.bob}/status`, {
      method: 'PATCH',
      body: JSON.stringify({ status: 'contacted' }),
    });
    expect(patch.status).toBe(404);
    const other = await mover.request(`/api/pro/companies/${theirs.id}/leads/${leadIds.grace}`);
    expect(other.status).toBe(404);
    // Nothing changed for the company Bob did name.
    const row = (await db('company_leads')
      .where({ lead_id: leadIds.bob, company_id: theirs.id })
      .first('status')) as { status: string };
    expect(row.status).toBe('new');
  });

  it('changes the status with a note, keeps the history and records it in the audit log', async () => {
    const noCsrf = await fetch(`${app.baseUrl}${base()}/leads/${leadIds.grace}/status`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Cookie: mover.cookie },
      body: JSON.stringify({ status: 'contacted' }),
    });
    expect(noCsrf.status).toBe(403);
    const bad = await mover.request(`${base()}/leads/${leadIds.grace}/status`, {
      method: 'PATCH',
      body: JSON.stringify({ status: 'won' }),
    });
    expect(bad.status).toBe(400);

    const res = await mover.request(`${base()}/leads/${leadIds.grace}/status`, {
      method: 'PATCH',
      body: JSON.stringify({ status: 'contacted', note: '  Called, wants a quote by Friday. ' }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const detail = ProLeadDetailSchema.parse(await res.json());
    expect(detail.lead.status).toBe('contacted');
    expect(detail.lead.note).toBe('Called, wants a quote by Friday.');
    expect(detail.history).toEqual([
      {
        fromStatus: 'new',
        toStatus: 'contacted',
        note: 'Called, wants a quote by Friday.',
        changedBy: MOVER_NAME,
        changedAt: expect.any(String),
      },
    ]);
    // The other company named in the same lead keeps its own status.
    const rival = (await db('company_leads')
      .where({ lead_id: leadIds.grace, company_id: theirs.id })
      .first('status')) as { status: string };
    expect(rival.status).toBe('new');
    expect(names(await list({ status: 'contacted' }))).toEqual(['Grace']);
    expect(names(await list({ status: 'new' }))).toEqual(['=cmd|/C calc!A0', 'Ada']);

    const audit = (await db('audit_events')
      .where({ action: 'company_lead.status', entity_id: String(leadIds.grace) })
      .orderBy('id', 'desc')
      .first()) as Record<string, unknown>;
    expect(audit).toMatchObject({
      company_id: ours.id,
      actor_kind: 'mover',
      actor_mover_id: moverId,
      entity_type: 'lead',
    });
    expect(JSON.parse(String(audit.before_json))).toMatchObject({ status: 'new' });
    expect(JSON.parse(String(audit.after_json))).toEqual({
      status: 'contacted',
      note: 'Called, wants a quote by Friday.',
    });

    // The same status again without a note changes and records nothing.
    const again = await mover.request(`${base()}/leads/${leadIds.grace}/status`, {
      method: 'PATCH',
      body: JSON.stringify({ status: 'contacted' }),
    });
    expect(ProLeadDetailSchema.parse(await again.json()).history).toHaveLength(1);
  });

  it('exports the filtered leads as CSV with formulas neutralised, and records the export', async () => {
    const res = await mover.request(`${base()}/leads/export.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename=".*-leads-/);
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(csvCells(lines[0]!)).toEqual([...PRO_LEAD_EXPORT_COLUMNS]);
    const rows = lines.slice(1).map(csvCells);
    const column = (name: (typeof PRO_LEAD_EXPORT_COLUMNS)[number]) =>
      PRO_LEAD_EXPORT_COLUMNS.indexOf(name);
    expect(rows.map((r) => r[column('email')])).toEqual([
      `mallory.${RUN}@example.com`,
      `grace.${RUN}@example.com`,
      `ada.${RUN}@example.com`,
    ]);
    expect(rows[0]![column('first_name')]).toBe("'=cmd|/C calc!A0");

    const filtered = await mover.request(`${base()}/leads/export.csv?moveSize=4br`);
    const filteredLines = (await filtered.text()).trimEnd().split('\r\n');
    expect(filteredLines).toHaveLength(2);
    expect(csvCells(filteredLines[1]!)[column('first_name')]).toBe('Grace');

    const audit = (await db('audit_events')
      .where({ action: 'company_leads.export', company_id: ours.id })
      .orderBy('id', 'desc')
      .first()) as Record<string, unknown>;
    expect(JSON.parse(String(audit.after_json))).toEqual({ filters: { moveSize: '4br' } });
    expect(audit.actor_kind).toBe('mover');
  });

  it('sums up leads, profile activity and reviews on the overview', async () => {
    const day = today();
    await db('company_daily_activity').insert([
      { company_id: ours.id, day, kind: 'view', count: 7 },
      { company_id: ours.id, day, kind: 'quote_click', count: 2 },
      { company_id: ours.id, day: dayOffset(-45), kind: 'view', count: 100 },
    ]);
    const review = (rating: number, reviewedOn: string, status = 'published') => ({
      company_id: ours.id,
      rating,
      title: 'Test review',
      body: 'Words.',
      author_first_name: 'Test',
      reviewed_on: reviewedOn,
      status,
    });
    const longAgo = `${new Date(Date.UTC(new Date().getUTCFullYear() - 2, 0, 15)).toISOString().slice(0, 10)}`;
    await db('reviews').insert([
      review(5, day),
      review(4, day),
      review(3, longAgo),
      review(1, day, 'pending'),
    ]);
    const res = await mover.request(`${base()}/overview`);
    expect(res.status).toBe(200);
    const overview = ProOverviewSchema.strict().parse(await res.json());
    expect(overview.leads).toMatchObject({
      thisMonth: 2,
      total: 3,
      byStatus: { new: 2, contacted: 1, quoted: 0, booked: 0, lost: 0 },
    });
    // This week counts Grace and Mallory unless the week began less than a second ago.
    expect(overview.leads.thisWeek).toBe(2);
    expect(overview.leads.byDay).toHaveLength(30);
    expect(overview.leads.byDay.at(-1)).toEqual({ day, count: 2 });
    expect(overview.leads.byDay.reduce((sum, d) => sum + d.count, 0)).toBe(2);
    expect(overview.activity.totals).toEqual({
      view: 7,
      quote_click: 2,
      phone_click: 0,
      website_click: 0,
    });
    expect(overview.reviews).toMatchObject({ rating: 4, reviewCount: 3 });
    expect(overview.reviews.byMonth).toHaveLength(12);
    expect(overview.reviews.byMonth[0]).toMatchObject({ newReviews: 0, reviewCount: 1, rating: 3 });
    expect(overview.reviews.byMonth.at(-1)).toEqual({
      month: day.slice(0, 7),
      newReviews: 2,
      reviewCount: 3,
      rating: 4,
    });
  });

  it('files a new lead only under the named companies that are in the directory', async () => {
    const ghost = { id: 2_000_000_000, name: 'Gone Movers' };
    const id = await submit('ghost', [ours, ghost], { first_name: 'Gus' });
    const rows = (await db('company_leads').where({ lead_id: id }).select('company_id')) as Array<{
      company_id: number;
    }>;
    expect(rows.map((r) => Number(r.company_id))).toEqual([ours.id]);
  });

  it('backfills company_leads from consents written before the table existed', async () => {
    const id = await submit('early', [ours, theirs], {
      first_name: 'Early',
      move_date: isoDaysAhead(20),
      move_size: '2-3br',
    });
    await db('company_leads').where({ lead_id: id }).delete();
    // As if written before company_leads: its consent also names a company that is gone and an id that is none.
    await db('lead_consents')
      .where({ lead_id: id })
      .update({
        named_companies: JSON.stringify([
          ours,
          { id: 2_000_000_000, name: 'Gone Movers' },
          { id: 'not-a-number', name: 'Odd' },
          theirs,
        ]),
      });
    // An unreadable list names nobody (and stops nothing).
    const broken = await submit('broken', [theirs], { first_name: 'Broken' });
    await db('company_leads').where({ lead_id: broken }).delete();
    await db('lead_consents').where({ lead_id: broken }).update({ named_companies: '[{' });
    await backfillCompanyLeads(db);
    const rows = (await db('company_leads')
      .where({ lead_id: id })
      .orderBy('company_id')
      .select('company_id', 'status', 'move_on', 'move_size', 'received_at')) as Array<
      Record<string, unknown>
    >;
    expect(rows.map((r) => Number(r.company_id))).toEqual(
      [ours.id, theirs.id].sort((a, b) => a - b),
    );
    expect(rows[0]).toMatchObject({ status: 'new', move_on: isoDaysAhead(20), move_size: '2-3br' });
    // Run again: nothing doubles.
    await backfillCompanyLeads(db);
    const count = (await db('company_leads').where({ lead_id: id }).count({ n: '*' }).first()) as {
      n: number | string;
    };
    expect(Number(count.n)).toBe(2);
    expect(await db('company_leads').where({ lead_id: broken }).first()).toBeUndefined();
    expect(names(await list({ q: 'early' }))).toEqual(['Early']);
  });

  it('shows what the quality checks found on each row, as the lead’s page does', async () => {
    // A company of its own, so the counts above stay as they are.
    const flagged = await createProCompany(db, `Flagged Movers ${RUN}`);
    moreCompanies.push(flagged.id);
    const account = await createMover(db, { companyId: flagged.id, name: 'Quinn Owner' });
    moreMovers.push(account.id);
    const quinn = await signInMover(app.baseUrl, account);
    const visitor = newVisitor();
    // The earlier request went to the rival only: the repeat still reaches this company.
    await submit('earlier', [theirs], { phone_number: visitor.phone });
    await submit('repeat', [flagged], { first_name: 'Rhea', phone_number: visitor.phone });
    await submit('throwaway', [flagged], {
      first_name: 'Tess',
      email_address: `throwaway.${RUN}@mailinator.com`,
    });
    await submit('clean', [flagged], { first_name: 'Cleo' });

    const path = `/api/pro/companies/${flagged.id}/leads`;
    const res = await quinn.request(path);
    expect(res.status, await res.clone().text()).toBe(200);
    const page = ProLeadListSchema.strict().parse(await res.json());
    expect(Object.fromEntries(page.leads.map((l) => [l.firstName, l.qualityFlags]))).toEqual({
      Rhea: ['repeat'],
      Tess: ['disposable-email'],
      Cleo: [],
    });
    for (const lead of page.leads) {
      const detail = await quinn.request(`${path}/${lead.id}`);
      expect(ProLeadDetailSchema.parse(await detail.json()).quality.flags, lead.firstName).toEqual(
        lead.qualityFlags,
      );
    }
  });
});
