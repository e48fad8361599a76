/**
 * GET /api/admin/waiting on every test database: the admin sidebar's counts of waiting work. Other test files
 * leave work behind, so the counts are checked as exact differences: one waiting claim, lead return, deletion
 * request, new message and report of a review raise them by one each, each staff decision (made over the
 * admin API, as the screens make it) takes its one away again, and at every step each count is the number its
 * own queue shows.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminWaitingCountsSchema, type AdminWaitingCounts } from '@moveratlas/contracts';
import { setAdminPassword } from '../../src/features/auth/admin-users';
import { loginAsAdmin, type AdminClient } from '../admin-session';
import { testDatabases } from '../databases';
import { leadForm, removeLeads } from '../leads/support';
import { startTestApp, type TestApp } from '../test-app';

const PASSWORD = 'lantern orchard waiting meadow 6148';

describe.each(testDatabases())('the admin sidebar’s waiting counts on $name', (database) => {
  const tag = randomUUID().slice(0, 8);
  /** Every address this file invents, so its e-mails can be found and removed. */
  const address = (who: string) => `waiting-${tag}-${who}@example.com`;
  const viewerName = `waiting-viewer-${tag}`;
  let app: TestApp;
  let owner: AdminClient;
  let viewer: AdminClient;
  let auditFrom = 0;
  const leadUuids: string[] = [];
  const created = {
    claims: [] as number[],
    returns: [] as number[],
    deletions: [] as number[],
    messages: [] as number[],
    reports: [] as number[],
    reviews: [] as number[],
  };

  const readJson = async (client: AdminClient, path: string): Promise<unknown> => {
    const res = await client.request(path);
    expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
    return res.json();
  };

  const waiting = async (client: AdminClient = owner): Promise<AdminWaitingCounts> =>
    AdminWaitingCountsSchema.strict().parse(await readJson(client, '/api/admin/waiting'));

  /** The same four numbers as each queue shows them: what the badge must agree with. */
  const queues = async (): Promise<AdminWaitingCounts> => {
    const claims = (await readJson(owner, '/api/admin/claims')) as { pending: number };
    const deletions = (await readJson(owner, '/api/admin/deletion-requests')) as { total: number };
    const returns = (await readJson(owner, '/api/admin/lead-returns')) as { waiting: number };
    const messages = (await readJson(owner, '/api/admin/contact-messages/counts')) as {
      new: number;
    };
    const reports = (await readJson(owner, '/api/admin/review-reports')) as { open: number };
    return {
      claims: claims.pending,
      deletionRequests: deletions.total,
      leadReturns: returns.waiting,
      messages: messages.new,
      reviewReports: reports.open,
    };
  };

  const post = async (path: string, body: unknown = {}) => {
    const res = await owner.request(path, { method: 'POST', body: JSON.stringify(body) });
    expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
  };

  const newId = async (table: string, row: Record<string, unknown>): Promise<number> => {
    await app.db(table).insert(row);
    const found = (await app.db(table).orderBy('id', 'desc').first('id')) as { id: number };
    return Number(found.id);
  };

  /** A quote request through the public intake, naming two movers: answers a company's copy of it. */
  async function heldLead(): Promise<{ leadId: number; companyLeadId: number; companyId: number }> {
    const form = leadForm({ email_address: address('visitor') });
    const res = await fetch(`${app.baseUrl}/api/proxy/send_lead`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    leadUuids.push(form.lead_uuid!);
    const lead = (await app.db('leads').where({ lead_uuid: form.lead_uuid }).first('id')) as {
      id: number;
    };
    const held = (await app.db('company_leads').where({ lead_id: lead.id }).first()) as {
      id: number;
      company_id: number;
    };
    return { leadId: Number(lead.id), companyLeadId: Number(held.id), companyId: held.company_id };
  }

  beforeAll(async () => {
    app = await startTestApp(database.config);
    owner = await loginAsAdmin(app.baseUrl);
    await setAdminPassword(app.db, viewerName, PASSWORD);
    await app.db('admin_users').where({ username: viewerName }).update({ role: 'viewer' });
    viewer = await loginAsAdmin(app.baseUrl, { username: viewerName, password: PASSWORD });
    auditFrom = Number(
      ((await app.db('audit_events').max({ m: 'id' }).first()) as { m: number | null }).m ?? 0,
    );
  });

  afterAll(async () => {
    await app.db('lead_returns').whereIn('id', created.returns).delete();
    await removeLeads(app.db, leadUuids);
    await app.db('company_claims').whereIn('id', created.claims).delete();
    await app.db('data_deletion_requests').whereIn('id', created.deletions).delete();
    await app.db('contact_message_events').whereIn('message_id', created.messages).delete();
    await app.db('contact_messages').whereIn('id', created.messages).delete();
    await app.db('review_reports').whereIn('id', created.reports).delete();
    await app.db('reviews').whereIn('id', created.reviews).delete();
    const mailJobs = (await app
      .db('mail_messages')
      .where('to_address', 'like', `waiting-${tag}-%`)
      .pluck('job_id')) as number[];
    await app.db('jobs').whereIn('id', mailJobs).delete();
    await app.db('mail_messages').where('to_address', 'like', `waiting-${tag}-%`).delete();
    await app
      .db('audit_events')
      .where('id', '>', auditFrom)
      .whereIn('action', [
        'claim.decline',
        'lead_return.decide',
        'lead.data-delete',
        'contact_message.read',
        'review_report.decide',
      ])
      .delete();
    await app.db('admin_users').where({ username: viewerName }).delete();
    await app.close();
  });

  it('answers 401 without a session', async () => {
    const res = await app.get('/api/admin/waiting');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Authentication required' });
  });

  it('is read by a viewer, fresh each time', async () => {
    const res = await viewer.request('/api/admin/waiting');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(AdminWaitingCountsSchema.strict().safeParse(await res.json()).success).toBe(true);
  });

  it('counts what waits for staff, as each queue counts it, and drops each after the decision', async () => {
    const before = await waiting();
    expect(await queues()).toEqual(before);
    const expectNow = async (added: Partial<AdminWaitingCounts>, step: string) => {
      const now = await waiting(viewer);
      expect(now, step).toEqual({
        claims: before.claims + (added.claims ?? 0),
        deletionRequests: before.deletionRequests + (added.deletionRequests ?? 0),
        leadReturns: before.leadReturns + (added.leadReturns ?? 0),
        messages: before.messages + (added.messages ?? 0),
        reviewReports: before.reviewReports + (added.reviewReports ?? 0),
      });
      expect(await queues(), `${step}: the queues show the same`).toEqual(now);
    };

    // One of each, waiting: a claim with evidence, a mover's return, a visitor's deletion request, a message.
    const company = (await app.db('companies').orderBy('id').first('id')) as { id: number };
    const claimId = await newId('company_claims', {
      company_id: company.id,
      status: 'pending',
      name: 'Wes Waiting',
      email: address('claimant'),
      phone: '5125550100',
      role: 'owner',
      usdot_number: '1234567',
      message: 'The listing is ours.',
      document_name: 'licence.pdf',
      document_type: 'application/pdf',
      document_bytes: 9,
      document: Buffer.from('%PDF-1.4\n'),
      created_at: Date.now(),
    });
    created.claims.push(claimId);
    await expectNow({ claims: 1 }, 'a claim');

    const held = await heldLead();
    const returnId = await newId('lead_returns', {
      company_lead_id: held.companyLeadId,
      lead_id: held.leadId,
      company_id: held.companyId,
      status: 'requested',
      reason: 'wrong-phone',
      requested_at: Date.now(),
    });
    created.returns.push(returnId);
    await expectNow({ claims: 1, leadReturns: 1 }, 'a lead return');

    const deletionId = await newId('data_deletion_requests', {
      lead_id: null,
      email: address('forget-me'),
      status: 'open',
      requested_at: Date.now(),
      ip_address: '198.51.100.7',
    });
    created.deletions.push(deletionId);
    await expectNow({ claims: 1, leadReturns: 1, deletionRequests: 1 }, 'a deletion request');

    const messageId = await newId('contact_messages', {
      public_id: randomUUID().replace(/-/g, '').slice(0, 16),
      name: 'Wes Waiting',
      email: address('writer'),
      topic: 'other',
      message: 'Hello there',
      ip_address: '203.0.113.8',
      user_agent: 'waiting-counts.test',
    });
    created.messages.push(messageId);
    await expectNow(
      { claims: 1, leadReturns: 1, deletionRequests: 1, messages: 1 },
      'a new message',
    );

    // A visitor's report of a published review (issue 19), through the public endpoint; the review is the
    // test's own, so no earlier open report of it takes this one in (review-reports.ts folds repeats).
    const reviewId = await newId('reviews', {
      company_id: company.id,
      rating: 2,
      title: `Waiting ${tag}`,
      body: 'The crew was late and careless.',
      author_first_name: 'Wes',
      reviewed_on: '2026-10-01',
      status: 'published',
    });
    created.reviews.push(reviewId);
    const reported = await fetch(`${app.baseUrl}/api/reviews/${reviewId}/report`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'spam' }),
    });
    expect(reported.status, await reported.clone().text()).toBe(201);
    const reportId = Number(
      (
        (await app.db('review_reports').where({ review_id: reviewId }).first('id')) as {
          id: number;
        }
      ).id,
    );
    created.reports.push(reportId);
    await expectNow(
      { claims: 1, leadReturns: 1, deletionRequests: 1, messages: 1, reviewReports: 1 },
      'a report of a review',
    );
    await post(`/api/admin/review-reports/${reportId}/decision`, {
      decision: 'dismiss',
      reason: 'The review is a fair account of the move.',
    });
    await expectNow(
      { claims: 1, leadReturns: 1, deletionRequests: 1, messages: 1 },
      'after dismissing the report',
    );

    // Each decision, as the screens make it, takes its one away and leaves the others.
    await post(`/api/admin/claims/${claimId}/decline`, {
      reason: 'The USDOT number is not yours.',
    });
    await expectNow(
      { leadReturns: 1, deletionRequests: 1, messages: 1 },
      'after declining the claim',
    );
    await post(`/api/admin/lead-returns/${returnId}/decision`, {
      decision: 'accept',
      note: 'The phone number is wrong.',
    });
    await expectNow({ deletionRequests: 1, messages: 1 }, 'after accepting the return');
    await post(`/api/admin/deletion-requests/${deletionId}/fulfil`);
    await expectNow({ messages: 1 }, 'after fulfilling the deletion request');
    await post(`/api/admin/contact-messages/${messageId}/read`);
    await expectNow({}, 'after opening the message');
  });
});
