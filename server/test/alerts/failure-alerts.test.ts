/**
 * Failures raised to staff, on every test database: a lead backend that starts failing shows in
 * GET /api/admin/alerts at once and, at the next check, e-mails the alert addresses — one message at a real
 * SMTP server on loopback, none at the next check, another only after it recovered and failed again. Dead
 * letters, failing schedules and a failed SEO crawl or QA run are raised too, and clear when fixed.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminAlertsSchema, type AdminAlert } from '@moveratlas/contracts';
import { openDatabase } from '../../src/db/connection';
import { checkAlerts, CHECK_ALERTS_SCRIPT_ID } from '../../src/features/alerts';
import { loginAsAdmin, type AdminClient } from '../admin-session';
import { testDatabases } from '../databases';
import { FakeCloudFunctions } from '../leads/fake-cloud-functions';
import { leadForm, removeLeads, startLeadApp, waitFor, type LeadApp } from '../leads/support';
import { LoopbackSmtp } from '../support/loopback-smtp';

describe.each(testDatabases())('failures raised to staff on $name', ({ config: database }) => {
  const upstream = new FakeCloudFunctions();
  const smtp = new LoopbackSmtp();
  const tag = randomUUID().slice(0, 8);
  const recipient = `ops-${tag}@example.com`;
  const uuids: string[] = [];
  let app: LeadApp;
  let admin: AdminClient;

  const alerts = async (): Promise<AdminAlert[]> => {
    const res = await admin.request('/api/admin/alerts');
    expect(res.status).toBe(200);
    return AdminAlertsSchema.parse(await res.json()).alerts;
  };
  const check = () => checkAlerts(app.db, app.config);
  /** The alert e-mails about lead delivery (others may arrive: the shared test database has its own problems). */
  const deliveryMails = () =>
    smtp
      .to(recipient)
      .filter((mail) => mail.decoded.includes('Lead delivery to the lead backend is failing'));
  /** Every alert e-mail to our address has been handed to the SMTP server (or kept, or given up). */
  const mailSettled = () =>
    waitFor(
      async () => {
        const waiting = (await app
          .db('mail_messages')
          .where({ to_address: recipient })
          .whereIn('status', ['queued', 'retrying'])
          .count({ n: '*' })
          .first()) as { n: number | string };
        return Number(waiting.n) === 0;
      },
      15_000,
      'the alert e-mails to be sent',
    );
  const submitFailingLead = async () => {
    const fields = leadForm();
    uuids.push(fields.lead_uuid!);
    expect((await app.postForm('/api/proxy/send_lead', fields)).status).toBe(200);
    const { id } = (await app.db('leads').where({ lead_uuid: fields.lead_uuid }).first('id')) as {
      id: number;
    };
    await waitFor(
      async () => {
        const job = (await app
          .db('jobs')
          .where({ type: 'lead.forward', payload: JSON.stringify({ leadId: id }) })
          .first('attempts', 'last_error', 'status')) as
          { attempts: number; last_error: string | null; status: string } | undefined;
        return job !== undefined && job.attempts >= 1 && job.last_error !== null;
      },
      15_000,
      'the forward to fail',
    );
    return fields.lead_uuid!;
  };

  beforeAll(async () => {
    // Earlier test files are done: work they left queued (failing deliveries, script runs that would fail
    // here and raise problems of their own) would run in this file's worker, so cancel it.
    const db = openDatabase(database);
    await db('jobs')
      .whereIn('status', ['queued', 'running'])
      .update({ status: 'cancelled', finished_at: Date.now() });
    await db('admin_alert_states').delete();
    // This file runs the check itself: the every-minute schedule's run in its worker could raise a problem
    // first, and the test's own check would then find it raised already. Back on in afterAll.
    await db('job_schedules')
      .where({ script_id: CHECK_ALERTS_SCRIPT_ID })
      .update({ enabled: false });
    await db.destroy();
    await upstream.start();
    await smtp.start();
    app = await startLeadApp(
      database,
      {
        LEAD_BACKEND_URL: upstream.url,
        SMTP_URL: smtp.url,
        MAIL_FROM: 'alerts@moveratlas.example',
        // A busy machine must not turn the backend's 500 into a timeout: the error words are asserted.
        LEAD_BACKEND_TIMEOUT_MS: '5000',
        JOB_LEASE_MS: '12000',
      },
      { worker: true },
    );
    admin = await loginAsAdmin(app.baseUrl);
    const saved = await admin.request('/api/admin/settings/alert-emails', {
      method: 'PUT',
      body: JSON.stringify({ emails: [recipient] }),
    });
    expect(saved.status).toBe(200);
  });
  afterAll(async () => {
    upstream.mode = 'ok';
    await removeLeads(app.db, uuids);
    const mailJobs = (await app
      .db('mail_messages')
      .where({ to_address: recipient })
      .pluck('job_id')) as number[];
    await app.db('jobs').whereIn('id', mailJobs).delete();
    await app.db('mail_messages').where({ to_address: recipient }).delete();
    await app.db('site_settings').where({ name: 'alertEmails' }).delete();
    await app.db('admin_alert_states').delete();
    await app
      .db('job_schedules')
      .where({ script_id: CHECK_ALERTS_SCRIPT_ID })
      .update({ enabled: true });
    await app.close();
    await upstream.stop();
    await smtp.close();
  });

  it('raises a failing lead backend at once, and e-mails the admins exactly once per failure', async () => {
    upstream.mode = 'ok';
    // Whatever else is failing in the shared test database is raised (and mailed) now, not below.
    await check();
    await mailSettled();
    expect(deliveryMails()).toEqual([]);
    expect((await alerts()).map((a) => a.key)).not.toContain('lead-delivery');

    upstream.mode = 'error';
    await submitFailingLead();
    const raised = (await alerts()).find((a) => a.key === 'lead-delivery');
    expect(raised).toMatchObject({
      kind: 'lead-delivery',
      title: 'Lead delivery to the lead backend is failing',
      link: '/admin/jobs?status=queued&type=lead.forward',
      linkLabel: 'See the waiting deliveries',
    });
    expect(raised!.detail).toContain('Last error: the lead backend answered HTTP 500.');
    expect(Date.parse(raised!.since)).toBeGreaterThan(Date.now() - 60_000);

    const first = await check();
    expect(first.raised).toContain('lead-delivery');
    expect(first.mailed).toBe(1);
    await mailSettled();
    const received = deliveryMails();
    expect(received).toHaveLength(1);
    const alert = received[0]!;
    expect(alert.subject).toMatch(/: Lead delivery to the lead backend is failing/);
    expect(alert.decoded).toContain('the lead backend answered HTTP 500');
    // Without PUBLIC_URL, links name this server's own address.
    expect(alert.decoded).toContain(
      `http://localhost:${app.config.port}/admin/jobs?status=queued&type=lead.forward`,
    );

    // Still failing a check later: nothing new.
    const second = await check();
    expect(second.raised).not.toContain('lead-delivery');
    await mailSettled();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(deliveryMails()).toHaveLength(1);

    // It recovers: the lead goes through, and the check records it.
    upstream.mode = 'ok';
    await waitFor(
      async () => !(await alerts()).some((a) => a.key === 'lead-delivery'),
      15_000,
      'the deliveries to go through',
    );
    expect((await check()).recovered).toContain('lead-delivery');

    // And fails again: a new problem, a new e-mail.
    upstream.mode = 'error';
    await submitFailingLead();
    const again = await check();
    expect(again.raised).toContain('lead-delivery');
    await mailSettled();
    expect(deliveryMails()).toHaveLength(2);
    upstream.mode = 'ok';
  });

  it('raises dead letters, failing schedules and a failed crawl or QA run, and clears them when fixed', async () => {
    const { db } = app;
    const now = Date.now();
    const type = `test.alerts.${tag}`;
    const [jobId] = (await db('jobs').insert({
      type,
      payload: '{}',
      status: 'dead',
      attempts: 3,
      max_attempts: 3,
      run_at: now - 60_000,
      last_error: 'gave up',
      finished_at: now - 30_000,
      created_at: now - 60_000,
      updated_at: now - 30_000,
    })) as number[];
    const [scheduleId] = (await db('job_schedules').insert({
      script_id: `test-alerts-${tag}`,
      params: '{}',
      cron: '0 3 * * *',
      timezone: 'UTC',
      enabled: true,
      // Not due during the test: the worker's scheduler leaves it alone.
      next_run_at: now + 86_400_000,
      last_run_at: now - 10_000,
      last_error: `The script "test-alerts-${tag}" no longer exists`,
      created_by: 'test',
      created_at: now - 100_000,
      updated_at: now - 10_000,
    })) as number[];
    const [crawlId] = (await db('seo_crawls').insert({
      status: 'failed',
      page_limit: 100,
      started_at: now - 3_600_000,
      finished_at: now - 3_500_000,
      error: 'the site did not answer',
    })) as number[];
    const [qaId] = (await db('qa_runs').insert({
      status: 'failed',
      suites: '["pages"]',
      total: 10,
      passed: 8,
      failed: 2,
      started_at: now - 3_600_000,
      finished_at: now - 3_500_000,
    })) as number[];
    try {
      const raised = new Map((await alerts()).map((a) => [a.key, a]));
      expect(raised.get('dead-jobs')!.detail).toContain(`${type} (1)`);
      expect(raised.get('dead-jobs')!.link).toBe('/admin/jobs?status=dead');
      expect(raised.get(`schedule:${scheduleId}`)).toMatchObject({
        title: `The schedule of "Test alerts ${tag}" failed on its last run`,
        detail: `It could not start: The script "test-alerts-${tag}" no longer exists`,
        link: '/admin/scripts/schedule',
      });
      expect(raised.get('seo-crawl')).toMatchObject({
        title: 'The last SEO crawl failed',
        detail: 'It stopped: the site did not answer',
        link: '/admin/seo-health',
        fingerprint: String(crawlId),
      });
      expect(raised.get('qa-run')).toMatchObject({
        title: 'The last QA run failed',
        detail: '2 checks failed.',
        link: '/admin/qa-automation',
      });
      // The most urgent first: dead letters before schedules, crawls and QA.
      const keys = [...raised.keys()];
      expect(keys.indexOf('dead-jobs')).toBeLessThan(keys.indexOf(`schedule:${scheduleId}`));
      expect(keys.indexOf(`schedule:${scheduleId}`)).toBeLessThan(keys.indexOf('seo-crawl'));
      expect(keys.indexOf('seo-crawl')).toBeLessThan(keys.indexOf('qa-run'));

      const checked = await check();
      expect(checked.raised).toEqual(
        expect.arrayContaining([`schedule:${scheduleId}`, 'seo-crawl', 'qa-run']),
      );
      await mailSettled();
      const mail = smtp.to(recipient).at(-1)!;
      expect(mail.decoded).toContain('The last SEO crawl failed');
      expect(mail.decoded).toContain('The last QA run failed');

      // Fixed: a crawl and a QA run that went well since, the schedule switched off.
      await db('seo_crawls').insert({
        status: 'finished',
        page_limit: 100,
        started_at: now - 1000,
        finished_at: now,
      });
      await db('qa_runs').insert({
        status: 'passed',
        suites: '["pages"]',
        total: 10,
        passed: 10,
        failed: 0,
        started_at: now - 1000,
        finished_at: now,
      });
      await db('job_schedules').where({ id: scheduleId }).update({ enabled: false });
      const after = (await alerts()).map((a) => a.key);
      expect(after).not.toContain('seo-crawl');
      expect(after).not.toContain('qa-run');
      expect(after).not.toContain(`schedule:${scheduleId}`);
      expect((await check()).recovered).toEqual(
        expect.arrayContaining([`schedule:${scheduleId}`, 'seo-crawl', 'qa-run']),
      );
    } finally {
      await db('jobs').where({ id: jobId }).delete();
      await db('job_schedules').where({ id: scheduleId }).delete();
      await db('seo_crawls').where('id', '>=', Number(crawlId)).delete();
      await db('qa_runs').where('id', '>=', Number(qaId)).delete();
    }
  });

  it('answers only a signed-in admin', async () => {
    expect((await app.get('/api/admin/alerts')).status).toBe(401);
  });
});
