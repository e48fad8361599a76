/**
 * QA automation against the running test app on every test database: every suite passes; a quote sent as
 * the QA test partner is stored as a test and never forwarded while a real one is delivered; and a run
 * started from the QA Automation API runs as the `qa-suites` script's job, with its checks in the history.
 */
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jobDetailResponseSchema,
  qaRunDetailResponseSchema,
  qaRunListResponseSchema,
  qaRunStartedResponseSchema,
  type AdminJob,
} from '@moveratlas/contracts';
import type { JobWorker } from '../../src/jobs/worker';
import { createJobWorker } from '../../src/workers';
import { runQaSuites } from '../../src/features/qa/qa-suites';
import { finishQaRun, recordQaCheck, startQaRun } from '../../src/features/qa/qa-store';
import { QA_TEST_SITE_ID } from '../../src/features/partners/test-partners';
import { testDatabases } from '../databases';
import { loginAsAdmin, type AdminClient } from '../admin-session';
import {
  leadForm,
  removeLeads,
  removeSessions,
  startLeadApp,
  waitFor,
  type LeadApp,
} from '../leads/support';

describe.each(testDatabases())('QA automation on $name', ({ config }) => {
  let app: LeadApp;
  let admin: AdminClient;
  let worker: JobWorker;
  const uuids: string[] = [];
  const visitors: string[] = [];

  beforeAll(async () => {
    app = await startLeadApp(config);
    admin = await loginAsAdmin(app.baseUrl);
    // The process's worker, told the port the app listens on: QA runs check the site over loopback.
    const port = Number(new URL(app.baseUrl).port);
    worker = createJobWorker({
      config: { ...app.config, port, host: '127.0.0.1' },
      db: app.db,
      logger: pino({ level: 'silent' }),
    });
    worker.start();
  });
  afterAll(async () => {
    await worker.stop();
    await removeLeads(app.db, uuids);
    await removeSessions(app.db, visitors);
    await app.close();
  });

  it('passes every suite against the running site', { timeout: 180_000 }, async () => {
    const checks = await runQaSuites({
      target: { base: app.baseUrl, siteOrigin: app.baseUrl },
      db: app.db,
      suites: ['routes', 'links', 'api', 'quote-flow'],
      linkLimit: 40,
    });
    const failed = checks.filter((c) => c.status === 'failed');
    expect(failed.map((c) => `${c.suite}: ${c.name} — ${c.detail}`)).toEqual([]);
    expect(new Set(checks.map((c) => c.suite))).toEqual(
      new Set(['routes', 'links', 'api', 'quote-flow']),
    );
    expect(checks.length).toBeGreaterThan(45);
    const quote = checks.filter((c) => c.suite === 'quote-flow').map((c) => c.name);
    expect(quote).toEqual([
      'session_send_bq records a session',
      'match_companies finds movers',
      'send_lead accepts the quote request',
      'lead_send_bq accepts the analytics copy',
      'The test lead is stored as a test and never forwarded',
      'The test data is removed',
    ]);
    // The suite cleans up after itself.
    expect(
      Number(
        (
          (await app.db('leads').where({ site_id: QA_TEST_SITE_ID }).count({ n: '*' }).first()) as {
            n: number;
          }
        ).n,
      ),
    ).toBe(0);
  });

  it("stores the test partner's quote as a test and never forwards it; a real one is delivered", async () => {
    const visitor = `qa-visitor-${Date.now()}`;
    visitors.push(visitor);
    const session = await app.postJson('/api/proxy/session_send_bq', {
      uuid: visitor,
      website: QA_TEST_SITE_ID,
    });
    expect(session.status).toBe(200);
    const { session_id: sessionId } = (await session.json()) as { session_id: string };

    const test = leadForm({ website: QA_TEST_SITE_ID, session_id: sessionId });
    const real = leadForm();
    uuids.push(test.lead_uuid!, real.lead_uuid!);
    for (const form of [test, real]) {
      expect((await app.postForm('/api/proxy/send_lead', form)).status).toBe(200);
      const copy = await app.postForm('/api/proxy/lead_send_bq', {
        lead_uuid: form.lead_uuid!,
        lead_website: form.website!,
      });
      expect(copy.status).toBe(200);
    }
    const lead = (uuid: string) =>
      app
        .db('leads')
        .where({ lead_uuid: uuid })
        .first('id', 'site_id', 'delivery_status') as Promise<{
        id: number;
        site_id: string;
        delivery_status: string;
      }>;

    // The worker delivers the real lead; by then it has had every chance to touch the test one.
    await waitFor(
      async () => (await lead(real.lead_uuid!)).delivery_status === 'delivered',
      20_000,
      'the real lead to be delivered',
    );
    const stored = await lead(test.lead_uuid!);
    expect(stored).toMatchObject({ site_id: QA_TEST_SITE_ID, delivery_status: 'test' });
    const jobsFor = async (type: string, payload: unknown) =>
      Number(
        (
          (await app
            .db('jobs')
            .where({ type, payload: JSON.stringify(payload) })
            .count({ n: '*' })
            .first()) as { n: number }
        ).n,
      );
    expect(await jobsFor('lead.forward', { leadId: Number(stored.id) })).toBe(0);
    const realLead = await lead(real.lead_uuid!);
    expect(await jobsFor('lead.forward', { leadId: Number(realLead.id) })).toBe(1);

    const copy = (await app
      .db('lead_analytics')
      .where({ lead_uuid: test.lead_uuid! })
      .first('id', 'delivery_status')) as { id: number; delivery_status: string };
    expect(copy.delivery_status).toBe('test');
    expect(await jobsFor('lead.analytics', { analyticsId: Number(copy.id) })).toBe(0);
    const sessionRow = (await app
      .db('visitor_sessions')
      .where({ session_id: sessionId })
      .first('id', 'site_id', 'delivery_status')) as {
      id: number;
      site_id: string;
      delivery_status: string;
    };
    expect(sessionRow).toMatchObject({ site_id: QA_TEST_SITE_ID, delivery_status: 'test' });
    expect(await jobsFor('session.forward', { sessionRowId: Number(sessionRow.id) })).toBe(0);
  });

  it('runs suites as a job from the QA Automation API and keeps the history', async () => {
    const send = (body: unknown) =>
      admin.request('/api/admin/qa-automation/runs', {
        method: 'POST',
        body: JSON.stringify(body),
      });
    const started = await send({ suites: ['api', 'quote-flow'] });
    expect(started.status, await started.clone().text()).toBe(202);
    const { jobId } = qaRunStartedResponseSchema.parse(await started.json());
    expect((await send({})).status).toBe(409);

    let job: AdminJob | undefined;
    await waitFor(
      async () => {
        job = jobDetailResponseSchema.parse(
          await (await admin.request(`/api/admin/jobs/${jobId}`)).json(),
        ).job;
        return ['succeeded', 'dead', 'failed', 'cancelled'].includes(job.status);
      },
      120_000,
      'the QA job',
    );
    expect(job!.status, job!.lastError ?? '').toBe('succeeded');
    expect(job!.type).toBe('script.qa-suites');

    const list = qaRunListResponseSchema.parse(
      await (await admin.request('/api/admin/qa-automation/runs?limit=5')).json(),
    );
    expect(list.activeJob).toBeNull();
    const run = list.runs[0]!;
    expect(run).toMatchObject({
      jobId,
      status: 'passed',
      suites: ['api', 'quote-flow'],
      failed: 0,
      createdBy: 'admin:test-admin',
    });
    expect(run.passed).toBe(run.total);
    const detail = qaRunDetailResponseSchema.parse(
      await (await admin.request(`/api/admin/qa-automation/runs/${run.id}`)).json(),
    );
    expect(detail.checks).toHaveLength(run.total);
    expect(new Set(detail.checks.map((c) => c.suite))).toEqual(new Set(['api', 'quote-flow']));
    expect(detail.checks.every((c) => c.status === 'passed' && c.durationMs >= 0)).toBe(true);
    expect(job!.result).toMatchObject({ runId: run.id, status: 'passed' });
  });

  it('counts a running run from the checks stored so far, against the checks its suites expect', async () => {
    const runId = await startQaRun(app.db, { jobId: null, suites: ['routes', 'quote-flow'] });
    const check = (name: string, status: 'passed' | 'failed') =>
      recordQaCheck(app.db, runId, {
        suite: 'routes',
        name,
        status,
        durationMs: 5,
        url: null,
        detail: null,
      });
    try {
      await check('one', 'passed');
      await check('two', 'passed');
      await check('three', 'failed');
      const running = qaRunDetailResponseSchema.parse(
        await (await admin.request(`/api/admin/qa-automation/runs/${runId}`)).json(),
      ).run;
      // Not "0 of 0": the card and its bar read these (24 route checks and 6 of the quote flow expected).
      expect(running).toMatchObject({
        status: 'running',
        total: 3,
        passed: 2,
        failed: 1,
        expected: 30,
      });
      const listed = qaRunListResponseSchema
        .parse(await (await admin.request('/api/admin/qa-automation/runs?limit=5')).json())
        .runs.find((r) => r.id === runId);
      expect(listed).toMatchObject({ total: 3, passed: 2, failed: 1, expected: 30 });

      await finishQaRun(app.db, runId);
      const finished = qaRunDetailResponseSchema.parse(
        await (await admin.request(`/api/admin/qa-automation/runs/${runId}`)).json(),
      ).run;
      expect(finished).toMatchObject({ status: 'failed', total: 3, passed: 2, failed: 1 });
    } finally {
      await app.db('qa_checks').where({ run_id: runId }).delete();
      await app.db('qa_runs').where({ id: runId }).delete();
    }
  });

  it('refuses bad input with 400, unknown runs with 404, strangers with 401', async () => {
    for (const [body, error] of [
      [{ suites: [] }, 'Choose at least one suite'],
      [{ suites: ['smoke'] }, 'Suites must be a list of: routes, links, api, quote-flow'],
      [{ suite: 'api' }, 'Unknown field: suite'],
    ] as const) {
      const res = await admin.request('/api/admin/qa-automation/runs', {
        method: 'POST',
        body: JSON.stringify(body),
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toEqual({ error });
    }
    expect((await admin.request('/api/admin/qa-automation/runs/999999999')).status).toBe(404);
    expect((await admin.request('/api/admin/qa-automation/runs/x')).status).toBe(400);
    expect((await app.get('/api/admin/qa-automation/runs')).status).toBe(401);
  });
});
