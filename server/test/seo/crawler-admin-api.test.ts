/**
 * The SEO Health API over HTTP on every test database: a crawl started from the API runs as the `seo-crawl`
 * script's job against the running app and lands on the dashboard, the reports and the tasks; tasks change
 * status; the analyzer checks one page of this site and refuses any other; bad input answers 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jobDetailResponseSchema,
  seoAnalyzeResponseSchema,
  seoCrawlDetailResponseSchema,
  seoCrawlListResponseSchema,
  seoCrawlStartedResponseSchema,
  seoFindingListResponseSchema,
  seoSummaryResponseSchema,
  seoTaskListResponseSchema,
  seoTaskSchema,
  type AdminJob,
} from '@moveratlas/contracts';
import type { JobWorker } from '../../src/jobs/worker';
import { adminScripts } from '../../src/features/scripts/registry';
import { testDatabases } from '../databases';
import { startScriptWorker } from '../script-worker';
import { loginAsAdmin, type AdminClient } from '../admin-session';
import { startTestApp, type TestApp } from '../test-app';

describe.each(testDatabases())('SEO Health API on $name', ({ config }) => {
  let app: TestApp;
  let admin: AdminClient;
  let worker: JobWorker;

  const send = (method: string, path: string, body: unknown) =>
    admin.request(path, { method, body: JSON.stringify(body) });

  async function waitForJob(jobId: number): Promise<AdminJob> {
    worker.kick();
    const deadline = Date.now() + 120_000;
    for (;;) {
      const detail = jobDetailResponseSchema.parse(
        await (await admin.request(`/api/admin/jobs/${jobId}`)).json(),
      );
      if (['succeeded', 'dead', 'failed', 'cancelled'].includes(detail.job.status))
        return detail.job;
      if (Date.now() > deadline) throw new Error(`job ${jobId} did not finish`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  beforeAll(async () => {
    app = await startTestApp(config);
    admin = await loginAsAdmin(app.baseUrl);
    await app.db('seo_findings').delete();
    await app.db('seo_tasks').delete();
    await app.db('seo_crawls').delete();
    // The worker crawls the app over loopback on the port it listens on, as a server process would.
    const port = new URL(app.baseUrl).port;
    worker = startScriptWorker(app, config, { PORT: port, HOST: '127.0.0.1' });
  });
  afterAll(async () => {
    await worker.stop();
    await app.close();
  });

  it('is a registered script', () => {
    expect(adminScripts.map((s) => s.id)).toContain('seo-crawl');
  });

  it('answers an empty dashboard before any crawl', async () => {
    const res = await admin.request('/api/admin/seo-health/summary');
    expect(res.status).toBe(200);
    expect(seoSummaryResponseSchema.parse(await res.json())).toEqual({
      latest: null,
      activeJob: null,
      trend: [],
      byRule: [],
      tasks: { open: 0, in_progress: 0, fixed: 0, ignored: 0 },
    });
  });

  it('runs a crawl as a job and shows it on the dashboard, reports and tasks', async () => {
    const started = await send('POST', '/api/admin/seo-health/crawls', { pageLimit: 25 });
    expect(started.status, await started.clone().text()).toBe(202);
    const { jobId } = seoCrawlStartedResponseSchema.parse(await started.json());
    // One at a time.
    const again = await send('POST', '/api/admin/seo-health/crawls', { pageLimit: 25 });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toMatch(
      /^A crawl is already (queued|running) \(job \d+\)$/,
    );

    const job = await waitForJob(jobId);
    expect(job.status, job.lastError ?? '').toBe('succeeded');
    expect(job.type).toBe('script.seo-crawl');
    expect(job.result).toMatchObject({ pages: 25, truncated: true });

    const summary = seoSummaryResponseSchema.parse(
      await (await admin.request('/api/admin/seo-health/summary')).json(),
    );
    const latest = summary.latest!;
    expect(latest).toMatchObject({
      jobId,
      status: 'finished',
      pagesCrawled: 25,
      pageLimit: 25,
      truncated: true,
      createdBy: 'admin:test-admin',
    });
    expect(latest.score).toBeGreaterThan(0);
    expect(latest.sitemapUrls).toBeGreaterThan(2000);
    expect(summary.trend.map((c) => c.id)).toEqual([latest.id]);
    expect(summary.activeJob).toBeNull();
    const findingCount = latest.counts.error + latest.counts.warning + latest.counts.notice;
    expect(summary.byRule.reduce((sum, r) => sum + r.count, 0)).toBe(findingCount);
    expect(summary.tasks.open).toBe(findingCount);

    const list = seoCrawlListResponseSchema.parse(
      await (await admin.request('/api/admin/seo-health/crawls')).json(),
    );
    expect(list.total).toBe(1);
    const detail = seoCrawlDetailResponseSchema.parse(
      await (await admin.request(`/api/admin/seo-health/crawls/${latest.id}`)).json(),
    );
    expect(detail.previousId).toBeNull();
    expect(latest.newFindings).toBe(findingCount);

    const findings = seoFindingListResponseSchema.parse(
      await (
        await admin.request(`/api/admin/seo-health/crawls/${latest.id}/findings?change=new&limit=5`)
      ).json(),
    );
    expect(findings.total).toBe(findingCount);
    expect(findings.findings.length).toBe(Math.min(5, findingCount));
    expect(
      (await admin.request(`/api/admin/seo-health/crawls/${latest.id}/findings?change=resolved`))
        .status,
    ).toBe(200);

    // Tasks: filter, then work one through its statuses.
    const tasks = seoTaskListResponseSchema.parse(
      await (
        await admin.request('/api/admin/seo-health/tasks?status=open&sort=url&limit=3')
      ).json(),
    );
    expect(tasks.total).toBe(findingCount);
    expect(tasks.counts.open).toBe(findingCount);
    if (findingCount > 0) {
      const task = tasks.tasks[0]!;
      const res = await send('PATCH', `/api/admin/seo-health/tasks/${task.id}`, {
        status: 'in_progress',
      });
      expect(res.status).toBe(200);
      expect(seoTaskSchema.parse(await res.json())).toMatchObject({
        id: task.id,
        status: 'in_progress',
        statusChangedBy: 'admin:test-admin',
      });
      const searched = seoTaskListResponseSchema.parse(
        await (
          await admin.request(
            `/api/admin/seo-health/tasks?q=${encodeURIComponent(task.url)}&status=in_progress`,
          )
        ).json(),
      );
      expect(searched.tasks.map((t) => t.id)).toContain(task.id);
    }
  });

  it('analyzes one page of this site and explains nothing it did not find', async () => {
    const res = await send('POST', '/api/admin/seo-health/analyze', { url: '/faq' });
    expect(res.status, await res.clone().text()).toBe(200);
    const report = seoAnalyzeResponseSchema.parse(await res.json());
    expect(report).toMatchObject({
      url: '/faq',
      status: 200,
      blockedByRobots: false,
      inSitemap: true,
    });
    expect(report.page!.title).toMatch(/FAQ|Frequently/i);
    expect(report.page!.canonical).toBe(`${app.baseUrl}/faq`);
    expect(report.page!.structuredDataTypes).toEqual(
      expect.arrayContaining(['Organization', 'WebSite']),
    );
    expect(report.page!.linksChecked).toBeGreaterThan(5);
    expect(report.findings.filter((f) => f.rule === 'broken-link')).toEqual([]);

    // A full address on this site is fine; an unknown page is an error finding.
    const missing = seoAnalyzeResponseSchema.parse(
      await (
        await send('POST', '/api/admin/seo-health/analyze', {
          url: `${app.baseUrl}/no-such-page-at-all`,
        })
      ).json(),
    );
    expect(missing.status).toBe(404);
    expect(missing.findings.map((f) => f.rule)).toEqual(['http-error']);
  });

  it('refuses other sites and bad input with 400, unknown ids with 404', async () => {
    for (const url of ['https://example.com/', '//example.com/x', 'javascript:alert(1)', 'faq']) {
      const res = await send('POST', '/api/admin/seo-health/analyze', { url });
      expect(res.status, url).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(
        /^Only pages of this site can be analyzed/,
      );
    }
    for (const [path, body, error] of [
      ['/api/admin/seo-health/analyze', {}, 'URL is required'],
      ['/api/admin/seo-health/crawls', { pageLimit: 0 }, 'Page limit must be at least 1'],
      ['/api/admin/seo-health/crawls', { depth: 3 }, 'Unknown field: depth'],
    ] as const) {
      const res = await send('POST', path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toEqual({ error });
    }
    const badStatus = await send('PATCH', '/api/admin/seo-health/tasks/1', { status: 'done' });
    expect(badStatus.status).toBe(400);
    expect(((await badStatus.json()) as { error: string }).error).toBe(
      'Status must be one of: open, in_progress, fixed, ignored',
    );
    expect(
      (await send('PATCH', '/api/admin/seo-health/tasks/999999999', { status: 'fixed' })).status,
    ).toBe(404);
    expect((await admin.request('/api/admin/seo-health/crawls/999999999')).status).toBe(404);
    expect((await admin.request('/api/admin/seo-health/crawls/abc')).status).toBe(400);
    expect((await admin.request('/api/admin/seo-health/tasks?sort=colour')).status).toBe(400);
    expect((await app.get('/api/admin/seo-health/summary')).status).toBe(401);
  });
});
