/**
 * The guard that nothing is forgotten (docs/decisions/027). It walks the admin router, as the 401 walk does, and
 * for every route: it is in the one policy table (and every policy entry is a real route); every write, export
 * and download names an audit action; a request that succeeds records that action, by the admin who made it;
 * a viewer is refused every write and export, an editor every owner-only route, and each refusal is audited.
 *
 * A route that cannot succeed from a generic request (an empty body, id 1) gets a valid request from FIXTURES.
 * A new route with neither makes the test fail, with a message saying what to add.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import {
  ADMIN_ROUTE_POLICY,
  roleAtLeast,
  type AdminRole,
  type AdminRouteKey,
  type AdminRoutePolicy,
} from '@moveratlas/contracts';
import { loadConfig } from '../../src/config';
import { adminApi } from '../../src/api/admin-api';
import { setAdminPassword } from '../../src/features/auth/admin-users';
import { enqueueJob } from '../../src/jobs/queue';
import { loginAsAdmin, type AdminClient } from '../admin-session';
import { testDatabases } from '../databases';
import { startImportWorker } from '../support/import-worker';
import { routesOf } from '../router-endpoints';
import { startTestApp, type TestApp } from '../test-app';
import { austinCompanyForm } from '../support/company-form';
import { leadForm, removeLeads } from '../leads/support';

const PREFIX = 'audit-walk';
/** The census carrier the walk lists: a USDOT number far above any the seed draws. */
const WALK_CARRIER = 96_200_001;
const PASSWORD = 'granite lantern audit meadow 4417';
const NEW_PASSWORD = 'copper harbor audit willow 8823';

/** Is this GET an export or a download (which must be audited like a write)? By its address. */
const looksLikeDownload = (template: string) => /\.csv$|export|backup|download/.test(template);

interface WalkRequest {
  path: string;
  method?: string;
  body?: string | Buffer;
  headers?: Record<string, string>;
  /** The status a success answers. */
  status: number;
  /** Only for a route that never succeeds (GET of the backup answers 405): nothing may be recorded. */
  neverSucceeds?: boolean;
}

type Fixture = (ctx: WalkContext) => Promise<WalkRequest>;

interface WalkContext {
  app: TestApp;
  owner: AdminClient;
  word: string;
  createCompany(name: string): Promise<number>;
  insertMessage(): Promise<number>;
}

const json = (value: unknown) => JSON.stringify(value);
const newId = async (app: TestApp, table: string, row: Record<string, unknown>) => {
  await app.db(table).insert(row);
  const found = (await app.db(table).orderBy('id', 'desc').first('id')) as { id: number };
  return Number(found.id);
};

/** Valid requests for the routes a generic one cannot pass. Keyed as the policy table is. */
const FIXTURES: Partial<Record<AdminRouteKey, Fixture>> = {
  'GET /database/backup': async () => ({
    path: '/api/admin/database/backup',
    status: 405,
    neverSucceeds: true,
  }),
  'POST /database/backup': async () => ({ path: '/api/admin/database/backup', status: 200 }),
  'GET /leads/export.csv': async () => ({ path: '/api/admin/leads/export.csv', status: 200 }),
  'GET /companies/export.csv': async () => ({
    path: '/api/admin/companies/export.csv?q=walk',
    status: 200,
  }),
  'POST /leads/:id/status': async ({ app }) => ({
    path: `/api/admin/leads/${await sendLead(app)}/status`,
    body: json({ status: 'contacted' }),
    status: 200,
  }),
  'POST /leads/:id/retry': async ({ app }) => {
    const id = await sendLead(app);
    await app
      .db('jobs')
      .where({ payload: JSON.stringify({ leadId: id }) })
      .update({ status: 'dead' });
    await app.db('leads').where({ id }).update({ delivery_status: 'failed' });
    return { path: `/api/admin/leads/${id}/retry`, status: 200 };
  },
  'POST /deletion-requests/:id/fulfil': async ({ app }) => {
    const leadId = await sendLead(app);
    const lead = (await app.db('leads').where({ id: leadId }).first('email')) as { email: string };
    const id = await newId(app, 'data_deletion_requests', {
      lead_id: leadId,
      email: lead.email,
      status: 'open',
      requested_at: Date.now(),
      ip_address: '198.51.100.7',
    });
    return { path: `/api/admin/deletion-requests/${id}/fulfil`, status: 200 };
  },
  'POST /lead-returns/:id/decision': async ({ app }) => {
    const leadId = await sendLead(app);
    const held = (await app.db('company_leads').where({ lead_id: leadId }).first()) as {
      id: number;
      company_id: number;
    };
    const id = await newId(app, 'lead_returns', {
      company_lead_id: held.id,
      lead_id: leadId,
      company_id: held.company_id,
      status: 'requested',
      reason: 'duplicate',
      requested_at: Date.now(),
    });
    return {
      path: `/api/admin/lead-returns/${id}/decision`,
      body: json({ decision: 'refuse', note: 'The request is a new move.' }),
      status: 200,
    };
  },
  'PUT /settings/site': async ({ owner, word }) => {
    const { settings, version } = (await (
      await owner.request('/api/admin/settings/site')
    ).json()) as { settings: Record<string, unknown>; version: number };
    return {
      path: '/api/admin/settings/site',
      method: 'PUT',
      body: json({ ...settings, siteName: `MoverAtlas ${word}`, version }),
      status: 200,
    };
  },
  'POST /settings/partners': async ({ word }) => ({
    path: '/api/admin/settings/partners',
    body: json({ siteId: `${PREFIX}-new-${word}`, name: 'Walk Partner', allowedOrigins: [] }),
    status: 201,
  }),
  'PATCH /settings/partners/:siteId': async ({ app, word }) => {
    const siteId = `${PREFIX}-edit-${word}`;
    await app.db('partners').insert({ site_id: siteId, name: 'Before', allowed_origins: '[]' });
    return {
      path: `/api/admin/settings/partners/${siteId}`,
      body: json({ name: 'After', version: 1 }),
      status: 200,
    };
  },
  'POST /settings/admin-users': async ({ word }) => ({
    path: '/api/admin/settings/admin-users',
    body: json({ username: `${PREFIX}-new-${word}`, password: PASSWORD, role: 'editor' }),
    status: 201,
  }),
  'PATCH /settings/admin-users/:id': async ({ app, word }) => {
    const id = await newAdmin(app, `${PREFIX}-role-${word}`);
    return {
      path: `/api/admin/settings/admin-users/${id}`,
      body: json({ role: 'editor' }),
      status: 200,
    };
  },
  'DELETE /settings/admin-users/:id': async ({ app, word }) => ({
    path: `/api/admin/settings/admin-users/${await newAdmin(app, `${PREFIX}-gone-${word}`)}`,
    status: 204,
  }),
  'POST /settings/password': async () => ({
    path: '/api/admin/settings/password',
    body: json({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD }),
    status: 200,
  }),
  'POST /jobs/:id/cancel': async ({ app }) => ({
    path: `/api/admin/jobs/${await enqueueJob(app.db, `${PREFIX}-job`, {}, { maxAttempts: 1 })}/cancel`,
    status: 200,
  }),
  'POST /jobs/:id/retry': async ({ app }) => {
    const id = await enqueueJob(app.db, `${PREFIX}-job`, {}, { maxAttempts: 1 });
    await app.db('jobs').where({ id }).update({ status: 'dead' });
    return { path: `/api/admin/jobs/${id}/retry`, status: 200 };
  },
  'POST /scripts/:id/run': async () => ({
    path: '/api/admin/scripts/recompute-statistics/run',
    body: json({ params: { analyze: false } }),
    status: 202,
  }),
  'POST /schedules': async () => ({
    path: '/api/admin/schedules',
    body: json({ scriptId: 'recompute-statistics', cron: '0 3 * * *', enabled: false }),
    status: 201,
  }),
  'PATCH /schedules/:id': async ({ owner }) => ({
    path: `/api/admin/schedules/${await newSchedule(owner)}`,
    body: json({ cron: '0 4 * * *' }),
    status: 200,
  }),
  'DELETE /schedules/:id': async ({ owner }) => ({
    path: `/api/admin/schedules/${await newSchedule(owner)}`,
    status: 204,
  }),
  'POST /companies': async ({ word }) => ({
    path: '/api/admin/companies',
    body: json(austinCompanyForm(`Walk Created ${word}`)),
    status: 201,
  }),
  'PUT /companies/:id': async ({ createCompany, word }) => ({
    path: `/api/admin/companies/${await createCompany(`Walk Before ${word}`)}`,
    body: json({ ...austinCompanyForm(`Walk After ${word}`), version: 1 }),
    status: 200,
  }),
  'PATCH /companies/:id': async ({ createCompany, word }) => ({
    path: `/api/admin/companies/${await createCompany(`Walk Flags ${word}`)}`,
    body: json({ is_featured: true, version: 1 }),
    status: 200,
  }),
  'DELETE /companies/:id': async ({ createCompany, word }) => ({
    path: `/api/admin/companies/${await createCompany(`Walk Deleted ${word}`)}`,
    status: 204,
  }),
  'PATCH /reviews/:id': async ({ app, createCompany, word }) => {
    const companyId = await createCompany(`Walk Reviewed ${word}`);
    const id = await newId(app, 'reviews', {
      company_id: companyId,
      rating: 5,
      title: 'Careful crew',
      body: 'They wrapped everything.',
      author_first_name: 'Ada',
      reviewed_on: '2026-11-01',
      status: 'pending',
    });
    return { path: `/api/admin/reviews/${id}`, body: json({ status: 'published' }), status: 200 };
  },
  'POST /review-photos/:id/remove': async ({ app, createCompany, word }) => {
    const companyId = await createCompany(`Walk Photographed ${word}`);
    const reviewId = await newId(app, 'reviews', {
      company_id: companyId,
      rating: 4,
      title: 'Photos of the truck',
      body: 'They sent a clean truck.',
      author_first_name: 'Ada',
      reviewed_on: '2026-11-01',
      status: 'pending',
    });
    const id = await newId(app, 'review_photos', {
      review_id: reviewId,
      width: 1,
      height: 1,
      bytes: Buffer.from('RIFF'),
      thumb_bytes: Buffer.from('RIFF'),
      created_at: Date.now(),
    });
    return {
      path: `/api/admin/review-photos/${id}/remove`,
      body: json({ reason: 'A stranger’s face is in it.' }),
      status: 200,
    };
  },
  'PATCH /review-replies/:id': async ({ app, createCompany, word }) => {
    const companyId = await createCompany(`Walk Replied ${word}`);
    const reviewId = await newId(app, 'reviews', {
      company_id: companyId,
      rating: 3,
      title: 'Late but careful',
      body: 'They came an hour late.',
      author_first_name: 'Ada',
      reviewed_on: '2026-11-01',
      status: 'published',
    });
    const id = await newId(app, 'review_replies', {
      review_id: reviewId,
      company_id: companyId,
      body: 'Sorry for the wait: traffic on I-35.',
      status: 'pending',
      created_at: Date.now(),
      updated_at: Date.now(),
    });
    return {
      path: `/api/admin/review-replies/${id}`,
      body: json({ status: 'published' }),
      status: 200,
    };
  },
  'POST /review-reports/:id/decision': async ({ app, createCompany, word }) => {
    const companyId = await createCompany(`Walk Reported ${word}`);
    const reviewId = await newId(app, 'reviews', {
      company_id: companyId,
      rating: 1,
      title: 'Reported review',
      body: 'They never came.',
      author_first_name: 'Ada',
      reviewed_on: '2026-11-01',
      status: 'published',
    });
    const id = await newId(app, 'review_reports', {
      review_id: reviewId,
      source: 'visitor',
      reason: 'spam',
      status: 'open',
      created_at: Date.now(),
    });
    return {
      path: `/api/admin/review-reports/${id}/decision`,
      body: json({ decision: 'dismiss', reason: 'A fair account of the move.' }),
      status: 200,
    };
  },
  'POST /company-applications/:id/approve': async ({ app, word }) => ({
    path: `/api/admin/company-applications/${await newApplication(app, `${word}a`)}/approve`,
    body: json(austinCompanyForm(`Walk Approved ${word}`)),
    status: 201,
  }),
  'POST /company-applications/:id/decline': async ({ app, word }) => ({
    path: `/api/admin/company-applications/${await newApplication(app, `${word}d`)}/decline`,
    body: json({ note: 'Not a mover' }),
    status: 200,
  }),
  'POST /company-change-requests/:id/approve': async ({ app, createCompany, word }) => ({
    path: `/api/admin/company-change-requests/${await newChangeRequest(app, await createCompany(`Walk Change ${word}`), `Walk Renamed ${word}`)}/approve`,
    status: 200,
  }),
  'POST /company-change-requests/:id/decline': async ({ app, createCompany, word }) => ({
    path: `/api/admin/company-change-requests/${await newChangeRequest(app, await createCompany(`Walk Unchanged ${word}`), `Walk Declined ${word}`)}/decline`,
    body: json({ reason: 'Not the registered name' }),
    status: 200,
  }),
  'GET /claims/:id/document': async ({ app, createCompany, word }) => ({
    path: `/api/admin/claims/${await newClaim(app, await createCompany(`Walk Claimed ${word}`), `${word}g`)}/document`,
    status: 200,
  }),
  'POST /claims/:id/approve': async ({ app, createCompany, word }) => ({
    path: `/api/admin/claims/${await newClaim(app, await createCompany(`Walk Claim Approved ${word}`), `${word}a`)}/approve`,
    status: 200,
  }),
  'POST /claims/:id/decline': async ({ app, createCompany, word }) => ({
    path: `/api/admin/claims/${await newClaim(app, await createCompany(`Walk Claim Declined ${word}`), `${word}d`)}/decline`,
    body: json({ reason: 'The document names another company.' }),
    status: 200,
  }),
  'PATCH /companies/:id/users/:userId': async ({ app, createCompany, word }) => {
    const companyId = await createCompany(`Walk Team ${word}`);
    const userId = await newId(app, 'mover_users', {
      email: `${PREFIX}-${word}-mover@example.com`,
      name: 'Walk Mover',
      status: 'active',
      created_at: Date.now(),
      updated_at: Date.now(),
    });
    await app
      .db('company_users')
      .insert({ company_id: companyId, user_id: userId, role: 'owner', created_at: Date.now() });
    return {
      path: `/api/admin/companies/${companyId}/users/${userId}`,
      body: json({ status: 'suspended', reason: 'Walked' }),
      status: 200,
    };
  },
  'POST /upload': async ({ word }) => ({
    path: `/api/admin/upload?filename=${PREFIX}-${word}.csv`,
    body: companiesCsv(`Walk Upload ${word}`),
    headers: { 'Content-Type': 'text/csv' },
    status: 201,
  }),
  'POST /upload/:id/import': async ({ owner, word }) => ({
    path: `/api/admin/upload/${await newUpload(owner, `Walk Import ${word}`)}/import`,
    status: 202,
  }),
  'GET /upload/:id/rejected.csv': async ({ owner, word }) => ({
    path: `/api/admin/upload/${await newUpload(owner, `Walk Rejected ${word}`)}/rejected.csv`,
    status: 200,
  }),
  // An FMCSA revocations file: queued for the licensing import (no worker runs it here).
  'POST /licensing/imports': async () => ({
    path: `/api/admin/licensing/imports?filename=${PREFIX}-revocations.csv&fileDate=2024-03-01`,
    body: Buffer.from(
      '"DOCKET_NUMBER","DOT_NUMBER","OPERATING_AUTHORITY_REGISTRATION_TYPE","SERVE_DATE","REVOCATION_TYPE","EFFECTIVE_DATE"\r\n"MC000123","00000000","COMMON","01/15/2024","INVOLUNTARY REVOCATION",""\r\n',
    ),
    headers: { 'Content-Type': 'text/csv' },
    status: 202,
  }),
  // A for-hire carrier of the census that no company is matched to, listed by staff after review.
  'POST /licensing/census-listings': async ({ app, word }) => {
    await app.db('companies').where('usdot_number', String(WALK_CARRIER)).delete();
    await app.db('fmcsa_carriers').where('dot_number', WALK_CARRIER).delete();
    await app.db('fmcsa_carriers').insert({
      dot_number: WALK_CARRIER,
      legal_name: `WALK CENSUS ${word}`,
      legal_name_key: `walk census ${word}`,
      phy_city: 'AUSTIN',
      phy_state: 'TX',
      authorized_for_hire: true,
      fact_hash: 'walk-census-carrier-00',
      source_import_id: 1,
      source_file: `${PREFIX}.txt`,
      source_date: '2026-11-01',
      last_seen_date: '2026-11-01',
      updated_at: Date.now(),
    });
    return {
      path: '/api/admin/licensing/census-listings',
      body: json({
        listings: [
          {
            dotNumber: WALK_CARRIER,
            name: `Walk Census ${word}`,
            citySlug: 'austin',
            services: ['local-moving'],
          },
        ],
      }),
      status: 201,
    };
  },
  'POST /seo-health/crawls': async () => ({
    path: '/api/admin/seo-health/crawls',
    body: json({ pageLimit: 1 }),
    status: 202,
  }),
  'PATCH /seo-health/tasks/:id': async ({ app, word }) => {
    const id = await newId(app, 'seo_tasks', {
      task_key: `${PREFIX}-${word}`.slice(0, 40),
      url_hash: 'x'.repeat(40),
      rule: 'title-missing',
      severity: 'warning',
      url: '/audit-walk',
      message: 'A title is missing',
      status: 'open',
      first_seen_crawl_id: 1,
      last_seen_crawl_id: 1,
      created_at: Date.now(),
      updated_at: Date.now(),
    });
    return {
      path: `/api/admin/seo-health/tasks/${id}`,
      body: json({ status: 'in_progress' }),
      status: 200,
    };
  },
  'POST /companies/bulk': async ({ createCompany, word }) => ({
    path: '/api/admin/companies/bulk',
    body: json({ ids: [await createCompany(`Walk Bulk ${word}`)], action: 'unlist' }),
    status: 200,
  }),
  'POST /reviews/bulk': async ({ app, createCompany, word }) => {
    const companyId = await createCompany(`Walk Bulk Reviewed ${word}`);
    const id = await newId(app, 'reviews', {
      company_id: companyId,
      rating: 4,
      title: 'On time',
      body: 'They came when they said.',
      author_first_name: 'Ada',
      reviewed_on: '2026-11-01',
      status: 'pending',
    });
    return {
      path: '/api/admin/reviews/bulk',
      body: json({ ids: [id], action: 'publish' }),
      status: 200,
    };
  },
  'POST /leads/bulk-status': async ({ app }) => ({
    path: '/api/admin/leads/bulk-status',
    body: json({ ids: [await sendLead(app)], status: 'contacted' }),
    status: 200,
  }),
  'POST /seo-health/tasks/bulk-status': async ({ app, word }) => {
    const id = await newId(app, 'seo_tasks', {
      task_key: `${PREFIX}-b-${word}`.slice(0, 40),
      url_hash: 'y'.repeat(40),
      rule: 'title-missing',
      severity: 'warning',
      url: '/audit-walk-bulk',
      message: 'A title is missing',
      status: 'open',
      first_seen_crawl_id: 1,
      last_seen_crawl_id: 1,
      created_at: Date.now(),
      updated_at: Date.now(),
    });
    return {
      path: '/api/admin/seo-health/tasks/bulk-status',
      body: json({ ids: [id], status: 'in_progress' }),
      status: 200,
    };
  },
  'POST /upload/:id/undo': async ({ app, owner, word }) => ({
    path: `/api/admin/upload/${await appliedImport(app, owner, `Walk Undone ${word}`)}/undo`,
    body: json({}),
    status: 202,
  }),
  // The value it has now, so the walk changes nothing another file's review test relies on.
  'PUT /settings/review-requests': async ({ owner }) => ({
    path: '/api/admin/settings/review-requests',
    method: 'PUT',
    body: json({
      delayDays: (
        (await (await owner.request('/api/admin/settings/review-requests')).json()) as {
          delayDays: number;
        }
      ).delayDays,
    }),
    status: 200,
  }),
  'PUT /settings/alert-emails': async () => ({
    path: '/api/admin/settings/alert-emails',
    method: 'PUT',
    body: json({ emails: ['ops@moveratlas.example'] }),
    status: 200,
  }),
  'POST /settings/lead-backend/test': async () => ({
    path: '/api/admin/settings/lead-backend/test',
    body: json({ url: 'https://backend.invalid/send_lead' }),
    status: 200,
  }),
  'POST /seo-health/analyze': async () => ({
    path: '/api/admin/seo-health/analyze',
    body: json({ url: '/about' }),
    status: 200,
  }),
  'POST /qa-automation/runs': async () => ({
    path: '/api/admin/qa-automation/runs',
    body: json({ suites: ['routes'] }),
    status: 202,
  }),
  'POST /contact-messages/:id/read': async ({ insertMessage }) => ({
    path: `/api/admin/contact-messages/${await insertMessage()}/read`,
    status: 200,
  }),
  'POST /contact-messages/:id/status': async ({ insertMessage }) => ({
    path: `/api/admin/contact-messages/${await insertMessage()}/status`,
    body: json({ status: 'closed' }),
    status: 200,
  }),
  'POST /contact-messages/:id/assignee': async ({ app, insertMessage }) => {
    const me = (await app
      .db('admin_users')
      .where({ username: `${PREFIX}-owner` })
      .first('id')) as {
      id: number;
    };
    return {
      path: `/api/admin/contact-messages/${await insertMessage()}/assignee`,
      body: json({ adminId: Number(me.id) }),
      status: 200,
    };
  },
  'GET /audit/export.csv': async () => ({
    path: `/api/admin/audit/export.csv?actor=${PREFIX}-owner`,
    status: 200,
  }),
};

const sentLeads: string[] = [];
async function sendLead(app: TestApp): Promise<number> {
  const form = leadForm({ email_address: `${PREFIX}-${randomUUID().slice(0, 8)}@example.com` });
  const res = await fetch(`${app.baseUrl}/api/proxy/send_lead`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  sentLeads.push(form.lead_uuid!);
  const row = (await app.db('leads').where({ lead_uuid: form.lead_uuid }).first('id')) as {
    id: number;
  };
  return Number(row.id);
}

async function newAdmin(app: TestApp, username: string): Promise<number> {
  await app.db('admin_users').insert({ username, password_hash: 'not-a-hash', role: 'viewer' });
  return Number(
    ((await app.db('admin_users').where({ username }).first('id')) as { id: number }).id,
  );
}

async function newSchedule(owner: AdminClient): Promise<number> {
  const res = await owner.request('/api/admin/schedules', {
    method: 'POST',
    body: json({ scriptId: 'recompute-statistics', cron: '0 3 * * *', enabled: false }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

const companiesCsv = (name: string) =>
  Buffer.from(`name,city,state,services\r\n${name},Austin,TX,local-moving\r\n`, 'utf8');

async function newUpload(owner: AdminClient, name: string): Promise<number> {
  const res = await owner.request(`/api/admin/upload?filename=${PREFIX}.csv`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/csv' },
    body: companiesCsv(name),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** An upload imported to the end by a job worker of the test's own: an import that can be undone. */
async function appliedImport(app: TestApp, owner: AdminClient, name: string): Promise<number> {
  const id = await newUpload(owner, name);
  const started = await owner.request(`/api/admin/upload/${id}/import`, { method: 'POST' });
  expect(started.status, await started.clone().text()).toBe(202);
  const worker = startImportWorker(app.db);
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const { status } = (await (await owner.request(`/api/admin/upload/${id}`)).json()) as {
        status: string;
      };
      if (status === 'succeeded') return id;
      if (status === 'failed' || Date.now() > deadline)
        throw new Error(`the walk's import ${id} ended ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await worker.stop();
  }
}

async function newApplication(app: TestApp, word: string): Promise<number> {
  return newId(app, 'company_applications', {
    public_id: `aw${word}`.slice(0, 16),
    company_name: `Walk Applicant ${word}`,
    contact_name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: '5125550100',
    state: 'TX',
    city: 'Austin',
    services: '["local-moving"]',
    ip_address: '203.0.113.9',
    user_agent: 'test',
  });
}

/** A mover's pending change of a company's name, as the profile editor leaves it for staff. */
async function newChangeRequest(app: TestApp, companyId: number, name: string): Promise<number> {
  const now = Date.now();
  return newId(app, 'company_change_requests', {
    company_id: companyId,
    status: 'pending',
    changes_json: JSON.stringify({ name }),
    before_json: JSON.stringify({ name: 'Before', usdot_number: null, mc_number: null }),
    requested_by: 'Walk Mover',
    created_at: now,
    updated_at: now,
  });
}

/** A claim with evidence of `companyId`, pending, from a claimant of the walk. */
async function newClaim(app: TestApp, companyId: number, word: string): Promise<number> {
  return newId(app, 'company_claims', {
    company_id: companyId,
    status: 'pending',
    name: 'Walk Claimant',
    email: `${PREFIX}-${word}-claimant@example.com`,
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
}

/** Every route of the admin router, keyed as the policy table is (method and path below /api/admin). */
function adminRouteKeys(app: TestApp): string[] {
  const config = {
    ...loadConfig({ NODE_ENV: 'test' }),
    database: { client: 'sqlite' as const, filename: ':memory:' },
  };
  const router = adminApi({ config, db: app.db, logger: pino({ level: 'silent' }) });
  const keys = routesOf((router as unknown as { stack: unknown }).stack, '').map(
    ({ method, template }) => {
      expect(
        typeof template,
        `a RegExp route under /api/admin cannot be checked: ${String(template)}`,
      ).toBe('string');
      return `${method} ${String(template)}`;
    },
  );
  return [...new Set(keys)];
}

const policyOf = (key: string) =>
  (ADMIN_ROUTE_POLICY as Record<string, AdminRoutePolicy | undefined>)[key];

/** A concrete address for a template: every parameter is 1 (the role check comes before any lookup). */
const concrete = (key: string) => `/api/admin${key.split(' ')[1]!.replace(/:[A-Za-z_]\w*/g, '1')}`;

describe.each(testDatabases())(
  'the admin audit log and roles, walked route by route, on $name',
  (database) => {
    let app: TestApp;
    const clients = {} as Record<AdminRole, AdminClient>;
    let keys: string[];
    const word = randomUUID().slice(0, 8);
    let savedSettings: Array<Record<string, unknown>>;

    const maxAuditId = async () =>
      Number(
        ((await app.db('audit_events').max({ m: 'id' }).first()) as { m: number | null }).m ?? 0,
      );
    const entriesAfter = (id: number) => app.db('audit_events').where('id', '>', id).orderBy('id');

    beforeAll(async () => {
      app = await startTestApp(database.config);
      for (const role of ['owner', 'editor', 'viewer'] as const) {
        const username = `${PREFIX}-${role}`;
        await setAdminPassword(app.db, username, PASSWORD);
        await app.db('admin_users').where({ username }).update({ role });
        clients[role] = await loginAsAdmin(app.baseUrl, { username, password: PASSWORD });
      }
      keys = adminRouteKeys(app);
      savedSettings = (await app.db('site_settings').select('*')) as Array<Record<string, unknown>>;
    });

    afterAll(async () => {
      await app.db('site_settings').delete();
      if (savedSettings.length > 0) await app.db('site_settings').insert(savedSettings);
      await removeLeads(app.db, sentLeads);
      await app.db('jobs').where('type', 'like', `${PREFIX}%`).delete();
      await app.db('jobs').where('created_by', 'like', `admin:${PREFIX}%`).delete();
      await app.db('job_schedules').where('created_by', 'like', `admin:${PREFIX}%`).delete();
      await app.db('company_imports').where('uploaded_by', 'like', `${PREFIX}%`).delete();
      const claimMail = (await app
        .db('mail_messages')
        .where('to_address', 'like', `${PREFIX}-%@example.com`)
        .pluck('job_id')) as number[];
      await app.db('jobs').whereIn('id', claimMail).delete();
      await app.db('mail_messages').where('to_address', 'like', `${PREFIX}-%@example.com`).delete();
      await app.db('mover_users').where('email', 'like', `${PREFIX}-%@example.com`).delete();
      await app.db('companies').where('name', 'like', `Walk %${word}`).delete();
      await app.db('fmcsa_carriers').where('dot_number', WALK_CARRIER).delete();
      await app
        .db('company_applications')
        .where('company_name', 'like', `Walk Applicant ${word}%`)
        .delete();
      await app.db('partners').where('site_id', 'like', `${PREFIX}%`).delete();
      await app.db('seo_tasks').where('task_key', 'like', `${PREFIX}%`).delete();
      const messages = (await app
        .db('contact_messages')
        .where('name', `${PREFIX} ${word}`)
        .pluck('id')) as number[];
      await app.db('contact_message_events').whereIn('message_id', messages).delete();
      await app.db('contact_messages').whereIn('id', messages).delete();
      await app.db('admin_users').where('username', 'like', `${PREFIX}%`).delete();
      await app.db('audit_events').where('actor_username', 'like', `${PREFIX}%`).delete();
      await app.close();
    });

    it('finds every admin route in the policy table, and every policy entry among the routes', () => {
      expect(keys.length).toBeGreaterThan(50);
      const missing = keys.filter((key) => !policyOf(key));
      expect(missing, 'routes without a policy entry (contracts/src/admin-policy.ts)').toEqual([]);
      const stale = Object.keys(ADMIN_ROUTE_POLICY).filter((key) => !keys.includes(key));
      expect(stale, 'policy entries without a route').toEqual([]);
      const unaudited = keys.filter((key) => {
        const [method, template] = key.split(' ') as [string, string];
        return (method !== 'GET' || looksLikeDownload(template)) && !policyOf(key)!.audit;
      });
      // The import template holds no data: the one download that is not accounted for.
      expect(unaudited).toEqual(['GET /upload/template.csv']);
    });

    // Some forty requests, a backup and a password's strength estimate among them: minutes on a busy machine.
    it('records an audit entry, by the admin who made it, for every write, export and download that succeeds', async () => {
      const owner = clients.owner;
      const ctx: WalkContext = {
        app,
        owner,
        word,
        async createCompany(name) {
          const res = await owner.request('/api/admin/companies', {
            method: 'POST',
            body: json(austinCompanyForm(name)),
          });
          expect(res.status, await res.clone().text()).toBe(201);
          return ((await res.json()) as { id: number }).id;
        },
        insertMessage: () =>
          newId(app, 'contact_messages', {
            public_id: randomUUID().replace(/-/g, '').slice(0, 16),
            name: `${PREFIX} ${word}`,
            email: 'walker@example.com',
            topic: 'other',
            message: 'Hello there',
            ip_address: '203.0.113.8',
            user_agent: 'test',
          }),
      };
      const walked: string[] = [];
      for (const key of keys) {
        const [method, template] = key.split(' ') as [string, string];
        const policy = policyOf(key)!;
        if (method === 'GET' && !policy.audit) continue;
        const fixture = FIXTURES[key as AdminRouteKey];
        const request: WalkRequest = fixture
          ? await fixture(ctx)
          : { path: concrete(key), body: '{}', status: method === 'POST' ? 201 : 200 };
        const from = await maxAuditId();
        const res = await owner.request(request.path, {
          method,
          ...(request.headers ? { headers: request.headers } : {}),
          ...(request.body !== undefined ? { body: request.body } : {}),
        });
        const text = await res.text();
        if (!fixture && !res.ok)
          throw new Error(
            `${key} answered ${res.status} (${text.slice(0, 200)}) to a generic request: add a valid request for it to FIXTURES in this file`,
          );
        expect(res.status, `${key}: ${text.slice(0, 300)}`).toBe(request.status);
        const entries = (await entriesAfter(from)) as Array<Record<string, unknown>>;
        if (request.neverSucceeds) {
          expect(entries, key).toEqual([]);
          continue;
        }
        const entry = entries.find((e) => e.action === policy.audit);
        expect(entry, `${key} recorded no "${policy.audit}" entry (${template})`).toBeDefined();
        expect(entry).toMatchObject({
          actor_username: `${PREFIX}-owner`,
          actor_role: 'owner',
          outcome: 'succeeded',
        });
        expect(String(entry!.summary).length).toBeGreaterThan(5);
        walked.push(key);
      }
      // Every audited route was walked, but the backup's GET, which only ever refuses (405).
      const audited = keys.filter((key) => policyOf(key)!.audit && key !== 'GET /database/backup');
      expect(walked.sort()).toEqual(audited.sort());
      // Nothing recorded anywhere holds a password hash.
      const rows = (await app
        .db('audit_events')
        .where('actor_username', `${PREFIX}-owner`)
        .select('before_json', 'after_json')) as Array<{
        before_json: string | null;
        after_json: string | null;
      }>;
      for (const row of rows)
        expect(`${row.before_json} ${row.after_json}`).not.toMatch(/\$argon2/);
    }, 180_000);

    const refusedBy = (role: AdminRole) =>
      keys.filter((key) => !roleAtLeast(role, policyOf(key)!.role));

    it('refuses a viewer every write and every export (403), and records each refusal', async () => {
      const refused = refusedBy('viewer');
      for (const key of keys) {
        const [method, template] = key.split(' ') as [string, string];
        if (method !== 'GET' || looksLikeDownload(template))
          // One's own password is everyone's to change; the import template holds no data.
          if (key !== 'POST /settings/password' && key !== 'GET /upload/template.csv')
            expect(refused, key).toContain(key);
      }
      await expectRefused('viewer', refused);
    });

    it('refuses an editor every owner-only route (403), and records each refusal', async () => {
      const refused = refusedBy('editor');
      for (const key of [
        'PUT /settings/site',
        'POST /settings/partners',
        'PATCH /settings/partners/:siteId',
        'POST /settings/admin-users',
        'PATCH /settings/admin-users/:id',
        'DELETE /settings/admin-users/:id',
        'POST /database/backup',
        'GET /leads/export.csv',
        'POST /scripts/:id/run',
        'POST /schedules',
        'PATCH /schedules/:id',
        'DELETE /schedules/:id',
        'POST /jobs/:id/cancel',
        'POST /jobs/:id/retry',
      ])
        expect(refused, key).toContain(key);
      expect(refused).not.toContain('PUT /companies/:id');
      await expectRefused('editor', refused);
    });

    async function expectRefused(role: AdminRole, refused: string[]) {
      expect(refused.length).toBeGreaterThan(10);
      for (const key of refused) {
        const [method] = key.split(' ') as [string];
        const from = await maxAuditId();
        const res = await clients[role].request(concrete(key), {
          method,
          ...(method === 'GET' ? {} : { body: '{}' }),
        });
        expect(res.status, key).toBe(403);
        const { error } = (await res.json()) as { error: string };
        expect(error, key).toMatch(
          new RegExp(`^Your role \\(${role}\\) cannot .+; an (owner|editor or owner) can\\.$`),
        );
        const entries = (await entriesAfter(from)) as Array<Record<string, unknown>>;
        expect(entries, key).toHaveLength(1);
        expect(entries[0]).toMatchObject({
          actor_username: `${PREFIX}-${role}`,
          actor_role: role,
          outcome: 'refused',
          action: policyOf(key)!.audit ?? expect.stringMatching(/\.read$/),
        });
      }
    }

    it('lets a viewer read, and refuses any role an address the policy table does not name', async () => {
      for (const path of ['/api/admin/leads', '/api/admin/companies', '/api/admin/settings/site'])
        expect((await clients.viewer.request(path)).status, path).toBe(200);
      const res = await clients.owner.request('/api/admin/no-such-endpoint', {
        method: 'POST',
        body: '{}',
      });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: 'This address is not open to any role' });
    });
  },
);
