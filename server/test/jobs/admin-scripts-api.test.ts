/**
 * The admin Scripts API over HTTP on every test database: the registered scripts with parameter schemas the
 * form generator can render, runs queued as jobs (400 for parameters the schema refuses), each script's
 * real effect when a worker runs it, the last run per script, and cron schedules with their next runs.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminScheduleSchema,
  jobDetailResponseSchema,
  scheduleListResponseSchema,
  schedulePreviewResponseSchema,
  scriptListResponseSchema,
  scriptParamsJsonSchema,
  scriptRunResponseSchema,
  type AdminJob,
} from '@moveratlas/contracts';
import { enqueueJob } from '../../src/jobs/queue';
import { nextOccurrence } from '../../src/jobs/scheduler';
import type { JobWorker } from '../../src/jobs/worker';
import { adminScripts } from '../../src/features/scripts/registry';
import { companySearchTokens } from '../../src/lib/search-tokens';
import { LEAD_FORWARD_JOB } from '../../src/features/leads/outbox';
import { testDatabases } from '../databases';
import { startScriptWorker } from '../script-worker';
import { loginAsAdmin, type AdminClient } from '../admin-session';
import { startTestApp, type TestApp } from '../test-app';

describe.each(testDatabases())('admin scripts API on $name', ({ config }) => {
  let app: TestApp;
  let admin: AdminClient;
  let worker: JobWorker;
  const run = randomUUID().slice(0, 8);

  const post = (path: string, body: unknown) =>
    admin.request(path, { method: 'POST', body: JSON.stringify(body) });

  /** Queues a run through the API and waits for the worker to finish it. */
  async function runScript(id: string, params: Record<string, unknown> = {}): Promise<AdminJob> {
    const res = await post(`/api/admin/scripts/${id}/run`, { params });
    expect(res.status, await res.clone().text()).toBe(202);
    const { jobId } = scriptRunResponseSchema.parse(await res.json());
    worker.kick();
    const deadline = Date.now() + 60_000;
    for (;;) {
      const detail = jobDetailResponseSchema.parse(
        await (await admin.request(`/api/admin/jobs/${jobId}`)).json(),
      );
      if (['succeeded', 'dead', 'failed', 'cancelled'].includes(detail.job.status)) {
        expect(detail.job.status, detail.job.lastError ?? '').toBe('succeeded');
        return detail.job;
      }
      if (Date.now() > deadline) throw new Error(`script ${id} did not finish`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  beforeAll(async () => {
    app = await startTestApp(config);
    admin = await loginAsAdmin(app.baseUrl);
    worker = startScriptWorker(app, config);
  });
  afterAll(async () => {
    await worker.stop();
    await app.db('job_schedules').where('created_by', 'admin:test-admin').delete();
    await app.db('jobs').where('type', 'like', 'script.%').delete();
    await app.close();
  });

  it('answers 401 without a session', async () => {
    for (const path of ['/api/admin/scripts', '/api/admin/schedules']) {
      expect((await app.get(path)).status, path).toBe(401);
    }
    const res = await fetch(`${app.baseUrl}/api/admin/scripts/purge-old-data/run`, {
      method: 'POST',
    });
    expect(res.status).toBe(401);
  });

  it('lists every registered script with a parameter schema the run form can render', async () => {
    const res = await admin.request('/api/admin/scripts');
    expect(res.status).toBe(200);
    const { scripts } = scriptListResponseSchema.parse(await res.json());
    expect(scripts.map((s) => s.id)).toEqual(adminScripts.map((s) => s.id));
    for (const script of scripts) {
      expect(scriptParamsJsonSchema.safeParse(script.params).success, script.id).toBe(true);
      expect(script.title.length).toBeGreaterThan(5);
      expect(script.description.length).toBeGreaterThan(40);
    }
    const search = scripts.find((s) => s.id === 'rebuild-search-index')!;
    expect(search.params).toMatchObject({
      type: 'object',
      additionalProperties: false,
      properties: {
        batchSize: {
          type: 'integer',
          minimum: 10,
          maximum: 5000,
          default: 1000,
          title: 'Batch size',
        },
      },
    });
    expect((await admin.request('/api/admin/scripts/no-such-script')).status).toBe(404);
  });

  it('refuses parameters its schema refuses, naming the field', async () => {
    for (const [body, error] of [
      [{ params: { batchSize: 1 } }, 'Batch size must be at least 10'],
      [{ params: { batchSize: 'many' } }, 'Batch size must be a number'],
      [{ params: { colour: 'red' } }, 'Unknown field: colour'],
      [{ parameters: {} }, 'Unknown field: parameters'],
    ] as const) {
      const res = await post('/api/admin/scripts/rebuild-search-index/run', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toEqual({ error });
    }
    expect((await post('/api/admin/scripts/no-such-script/run', {})).status).toBe(404);
  });

  it('rebuilds the search index: a company whose words were lost or wrong gets them back', async () => {
    const company = (await app.db('companies').orderBy('id').first('id', 'name')) as {
      id: number;
      name: string;
    };
    await app.db('company_search_tokens').where({ company_id: company.id }).delete();
    await app.db('company_search_tokens').insert({ token: `zz${run}`, company_id: company.id });
    const job = await runScript('rebuild-search-index', { batchSize: 500 });
    expect(job.result).toMatchObject({ companiesRewritten: 1 });
    expect(job.createdBy).toBe('admin:test-admin');
    expect(job.type).toBe('script.rebuild-search-index');
    const tokens = (await app
      .db('company_search_tokens')
      .where({ company_id: company.id })
      .pluck('token')) as string[];
    expect(tokens.sort()).toEqual(companySearchTokens(company.name).sort());
    // Run again over a correct index: nothing to rewrite.
    expect((await runScript('rebuild-search-index')).result).toMatchObject({
      companiesRewritten: 0,
    });
  });

  it('refreshes company ratings from the published reviews', async () => {
    const company = (await app
      .db('companies')
      .where('review_count', '>', 2)
      .orderBy('id')
      .first('id', 'rating', 'rank_score', 'review_count')) as {
      id: number;
      rating: number;
      rank_score: number;
      review_count: number;
    };
    const other = (await app
      .db('companies')
      .where('review_count', '>', 2)
      .where('id', '>', company.id)
      .orderBy('id')
      .first('id', 'rank_score')) as { id: number; rank_score: number };
    await app.db('companies').where({ id: company.id }).update({ rating: 1.11, review_count: 999 });
    // A rank score alone out of step (a changed prior, say) is refreshed too.
    await app.db('companies').where({ id: other.id }).update({ rank_score: 1.2345 });
    const job = await runScript('refresh-company-ratings');
    expect(job.result).toMatchObject({ updated: 2 });
    const after = (await app
      .db('companies')
      .where({ id: company.id })
      .first('rating', 'rank_score', 'review_count')) as {
      rating: number;
      rank_score: number;
      review_count: number;
    };
    expect(Number(after.rating)).toBeCloseTo(Number(company.rating), 2);
    expect(Number(after.rank_score)).toBe(Number(company.rank_score));
    expect(Number(after.review_count)).toBe(Number(company.review_count));
    const otherAfter = (await app.db('companies').where({ id: other.id }).first('rank_score')) as {
      rank_score: number;
    };
    expect(Number(otherAfter.rank_score)).toBe(Number(other.rank_score));
  });

  it('purges old step events and finished rate-limit windows, keeping recent ones', async () => {
    const old = new Date(Date.now() - 400 * 86_400_000)
      .toISOString()
      .slice(0, 19)
      .replace('T', ' ');
    // One row per insert: a multi-row insert would write NULL for the second row's missing created_at.
    await app
      .db('widget_step_events')
      .insert({ site_id: `old-${run}`, form_step: 2, step_name: 'size', created_at: old });
    await app
      .db('widget_step_events')
      .insert({ site_id: `new-${run}`, form_step: 2, step_name: 'size' });
    await app.db('rate_limit_hits').insert([
      { key: `old-${run}`, hits: 3, reset_at: Date.now() - 1000 },
      { key: `live-${run}`, hits: 3, reset_at: Date.now() + 600_000 },
    ]);
    const job = await runScript('purge-old-data', { stepEventsDays: 365 });
    expect(job.result).toMatchObject({ stepEvents: expect.any(Number) });
    expect((job.result as { stepEvents: number }).stepEvents).toBeGreaterThanOrEqual(1);
    const sites = await app
      .db('widget_step_events')
      .where('site_id', 'like', `%-${run}`)
      .pluck('site_id');
    expect(sites).toEqual([`new-${run}`]);
    const keys = await app.db('rate_limit_hits').where('key', 'like', `%-${run}`).pluck('key');
    expect(keys).toEqual([`live-${run}`]);
    await app.db('widget_step_events').where('site_id', `new-${run}`).delete();
    await app.db('rate_limit_hits').where('key', `live-${run}`).delete();
  });

  it('queues dead-letter leads again', async () => {
    const id = await enqueueJob(app.db, LEAD_FORWARD_JOB, { leadId: -1 }, { maxAttempts: 1 });
    await app.db('jobs').where({ id }).update({ status: 'dead', attempts: 1, last_error: 'down' });
    try {
      const job = await runScript('retry-dead-leads', { includeSessions: false });
      expect(
        (job.result as { requeued: Record<string, number> }).requeued[LEAD_FORWARD_JOB],
      ).toBeGreaterThanOrEqual(1);
      expect(await app.db('jobs').where({ id }).first('status', 'attempts')).toMatchObject({
        status: 'queued',
        attempts: 0,
      });
    } finally {
      await app.db('jobs').where({ id }).delete();
    }
  });

  it('builds and checks the sitemap, and recomputes the statistics', async () => {
    const sitemap = (await runScript('check-sitemaps')).result as {
      files: Array<{ path: string; urls: number }>;
      totalUrls: number;
      problems: number;
    };
    const listed = (await app
      .db('companies')
      .where('is_in_list', true)
      .count({ n: '*' })
      .first()) as {
      n: number;
    };
    expect(sitemap.problems).toBe(0);
    expect(sitemap.files.map((f) => f.path)).toEqual(
      expect.arrayContaining([
        '/sitemaps/pages.xml',
        '/sitemaps/states.xml',
        '/sitemaps/companies-1.xml',
      ]),
    );
    expect(sitemap.files.find((f) => f.path === '/sitemaps/companies-1.xml')!.urls).toBe(
      Number(listed.n),
    );
    expect(sitemap.totalUrls).toBeGreaterThan(Number(listed.n) + 51);

    const statistics = (await runScript('recompute-statistics')).result as {
      national: { companies: number };
      states: unknown[];
    };
    expect(statistics.national.companies).toBe(Number(listed.n));
    expect(statistics.states).toHaveLength(51);
  });

  it('shows each script’s last run and its outcome', async () => {
    const { scripts } = scriptListResponseSchema.parse(
      await (await admin.request('/api/admin/scripts')).json(),
    );
    const sitemap = scripts.find((s) => s.id === 'check-sitemaps')!;
    expect(sitemap.lastRun).toMatchObject({ status: 'succeeded', createdBy: 'admin:test-admin' });
    expect(sitemap.lastRun!.finishedAt).toBeGreaterThanOrEqual(sitemap.lastRun!.createdAt);
  });

  it('keeps cron schedules with their next run, and checks expression, time zone and parameters', async () => {
    const before = Date.now();
    const created = await post('/api/admin/schedules', {
      scriptId: 'purge-old-data',
      params: { stepEventsDays: 90 },
      cron: '0 3 * * *',
      timezone: 'America/Chicago',
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const schedule = adminScheduleSchema.parse(await created.json());
    expect(schedule).toMatchObject({
      scriptId: 'purge-old-data',
      scriptTitle: 'Purge expired sessions and old tracking data',
      params: { stepEventsDays: 90 },
      enabled: true,
      createdBy: 'admin:test-admin',
      lastRunAt: null,
    });
    expect(schedule.nextRunAt).toBe(nextOccurrence('0 3 * * *', 'America/Chicago', before));

    for (const [body, error] of [
      [
        { scriptId: 'purge-old-data', cron: '61 * * * *' },
        'Invalid cron expression: Invalid value for minute: 61',
      ],
      [
        { scriptId: 'purge-old-data', cron: '0 3 * * *', timezone: 'Nowhere/Land' },
        'Unknown time zone "Nowhere/Land"',
      ],
      [{ scriptId: 'no-such-script', cron: '0 3 * * *' }, 'Unknown script "no-such-script"'],
      [
        { scriptId: 'purge-old-data', cron: '0 3 * * *', params: { stepEventsDays: 0 } },
        'Keep widget step events (days) must be at least 1',
      ],
      [{ scriptId: 'purge-old-data' }, 'The cron expression is required'],
    ] as const) {
      const res = await post('/api/admin/schedules', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toEqual({ error });
    }

    const disabled = await admin.request(`/api/admin/schedules/${schedule.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ enabled: false }),
    });
    expect(await disabled.json()).toMatchObject({ enabled: false, nextRunAt: null });
    const changed = await admin.request(`/api/admin/schedules/${schedule.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ enabled: true, cron: '*/5 * * * *', timezone: 'UTC' }),
    });
    const now = Date.now();
    const moved = adminScheduleSchema.parse(await changed.json());
    expect(moved.nextRunAt).toBeGreaterThan(now - 1000);
    expect(moved.nextRunAt! % 300_000).toBe(0);

    const { schedules } = scheduleListResponseSchema.parse(
      await (await admin.request('/api/admin/schedules')).json(),
    );
    expect(schedules.map((s) => s.id)).toContain(schedule.id);

    const preview = await admin.request('/api/admin/schedules/preview?cron=0%20*%20*%20*%20*');
    const { nextRuns } = schedulePreviewResponseSchema.parse(await preview.json());
    expect(nextRuns).toHaveLength(5);
    expect(nextRuns[1]! - nextRuns[0]!).toBe(3_600_000);
    const badPreview = await admin.request('/api/admin/schedules/preview?cron=nonsense');
    expect(badPreview.status).toBe(400);

    const gone = await admin.request(`/api/admin/schedules/${schedule.id}`, { method: 'DELETE' });
    expect(gone.status).toBe(204);
    expect(
      (await admin.request(`/api/admin/schedules/${schedule.id}`, { method: 'DELETE' })).status,
    ).toBe(404);
  });
});
