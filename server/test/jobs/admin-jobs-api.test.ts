/**
 * The admin Jobs API over HTTP on every test database: the gate in front of it, the list with its filters,
 * counts and pages, one job with its events, the live event stream, and cancel / retry.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jobActionResponseSchema,
  jobDetailResponseSchema,
  jobListResponseSchema,
  type JobListResponse,
} from '@moveratlas/contracts';
import {
  appendJobLog,
  claimJob,
  completeJob,
  enqueueJob,
  reportProgress,
} from '../../src/jobs/queue';
import { testDatabases } from '../databases';
import { loginAsAdmin, type AdminClient } from '../admin-session';
import { startTestApp, type TestApp } from '../test-app';

/** Reads a text/event-stream into { event, id, data } messages until it ends or `stop` says so. */
async function readStream(
  response: Response,
  stop: (messages: Array<{ event: string; id?: string; data: unknown }>) => boolean = () => false,
  onMessage: (message: { event: string; data: unknown }) => Promise<void> | void = () => {},
) {
  const messages: Array<{ event: string; id?: string; data: unknown }> = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return { messages, ended: true };
    buffer += value;
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const fields = Object.fromEntries(
        block
          .split('\n')
          .filter((line) => line && !line.startsWith(':'))
          .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
      ) as { event?: string; id?: string; data?: string };
      if (!fields.event) continue;
      const message = { event: fields.event, id: fields.id, data: JSON.parse(fields.data!) };
      messages.push(message);
      await onMessage(message);
      if (stop(messages)) {
        await reader.cancel();
        return { messages, ended: false };
      }
    }
  }
}

describe.each(testDatabases())('admin jobs API on $name', ({ config }) => {
  let app: TestApp;
  let admin: AdminClient;
  const run = randomUUID().slice(0, 8);
  const type = `test.api.${run}`;
  const other = `${type}-other`;
  /** A job type of its own for a test, so no other test's queued jobs are claimed in its place. */
  let typeCount = 0;
  const newType = () => `test.api.${run}-${++typeCount}`;

  const list = async (query: string): Promise<JobListResponse> => {
    const res = await admin.request(`/api/admin/jobs?${query}`);
    expect(res.status, await res.clone().text()).toBe(200);
    return jobListResponseSchema.parse(await res.json());
  };

  beforeAll(async () => {
    app = await startTestApp(config);
    admin = await loginAsAdmin(app.baseUrl);
  });
  afterAll(async () => {
    await app.db('jobs').where('type', 'like', `test.api.${run}%`).delete();
    await app.close();
  });

  it('answers 401 without a session and 403 for a write without the CSRF token', async () => {
    for (const path of ['/api/admin/jobs', '/api/admin/jobs/1', '/api/admin/jobs/1/events']) {
      const res = await app.get(path);
      expect(res.status, path).toBe(401);
      expect(await res.json()).toEqual({ error: 'Authentication required' });
    }
    expect((await fetch(`${app.baseUrl}/api/admin/jobs/1/cancel`, { method: 'POST' })).status).toBe(
      401,
    );
    const res = await fetch(`${app.baseUrl}/api/admin/jobs/1/retry`, {
      method: 'POST',
      headers: { Cookie: admin.cookie },
    });
    expect(res.status).toBe(403);
  });

  it('lists jobs by type and status with counts per status and pages', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await enqueueJob(app.db, type, { i }, { maxAttempts: 2 }));
    await app.db('jobs').whereIn('id', ids.slice(0, 2)).update({ status: 'dead' });
    await app.db('jobs').where({ id: ids[2] }).update({ status: 'succeeded' });
    await enqueueJob(app.db, other, {}, { maxAttempts: 1 });

    const all = await list(`type=${type}`);
    expect(all.total).toBe(5);
    expect(all.counts).toMatchObject({ queued: 2, dead: 2, succeeded: 1, running: 0 });
    expect(all.jobs.map((j) => j.id)).toEqual([...ids].reverse());
    expect(all.types).toEqual(expect.arrayContaining([type, other]));

    const dead = await list(`type=${type}&status=dead&order=oldest`);
    expect(dead.total).toBe(2);
    expect(dead.jobs.map((j) => [j.id, j.status])).toEqual([
      [ids[0], 'dead'],
      [ids[1], 'dead'],
    ]);
    const page = await list(`type=${type}&limit=2&offset=2`);
    expect(page.jobs.map((j) => j.id)).toEqual([ids[2], ids[1]]);
    expect(page.total).toBe(5);
  });

  it('rejects bad filters with 400 naming the problem', async () => {
    for (const [query, error] of [
      ['status=lost', 'Status must be one of: queued, running, succeeded, failed, dead, cancelled'],
      ['limit=0', 'Limit must be between 1 and 100'],
      ['offset=-1', 'Offset must be a whole number'],
      ['type=DROP%20TABLE', 'Type must be a job type such as "lead.forward"'],
      ['sort=id', 'Unknown query parameter: sort'],
    ]) {
      const res = await admin.request(`/api/admin/jobs?${query}`);
      expect(res.status, query).toBe(400);
      expect(await res.json()).toEqual({ error });
    }
  });

  it('shows one job with its timing, result and events; 404 and 400 for bad ids', async () => {
    const own = newType();
    const id = await enqueueJob(
      app.db,
      own,
      { detail: true },
      { maxAttempts: 1, createdBy: 'admin:x' },
    );
    const held = (await claimJob(app.db, 'api-test', [own], 60_000))!;
    await appendJobLog(app.db, held, 'step one');
    expect(await reportProgress(app.db, held, 40)).toBe(true);
    const res = await admin.request(`/api/admin/jobs/${id}`);
    expect(res.status).toBe(200);
    const detail = jobDetailResponseSchema.parse(await res.json());
    expect(detail.job).toMatchObject({
      id,
      type: own,
      status: 'running',
      progress: 40,
      createdBy: 'admin:x',
      cancelRequested: false,
      finishedAt: null,
    });
    expect(detail.job.startedAt).toBeGreaterThanOrEqual(detail.job.createdAt);
    expect(detail.events.map((e) => [e.event, e.message])).toEqual([['log', 'step one']]);
    expect(detail.moreEvents).toBe(false);
    const after = await admin.request(`/api/admin/jobs/${id}?after=${detail.events[0]!.id}`);
    expect(jobDetailResponseSchema.parse(await after.json()).events).toEqual([]);

    expect((await admin.request('/api/admin/jobs/999999999')).status).toBe(404);
    const bad = await admin.request('/api/admin/jobs/abc');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'The job id must be a positive whole number' });
  });

  it('streams a job live: its changes and log lines as they happen, then ends when it finishes', async () => {
    const own = newType();
    const id = await enqueueJob(app.db, own, { live: true }, { maxAttempts: 1 });
    const job = (await claimJob(app.db, 'stream-test', [own], 60_000))!;
    expect(job.id).toBe(id);
    await appendJobLog(app.db, job, 'before the viewer came');
    const res = await admin.request(`/api/admin/jobs/${id}/events`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('cache-control')).toContain('no-transform');
    let step = 0;
    const { messages, ended } = await readStream(res, undefined, async (message) => {
      // Each time the stream shows us something, the job moves on: a log line, progress, then the end.
      if (message.event === 'log' && step === 0) {
        step = 1;
        await appendJobLog(app.db, job, 'while watched');
      } else if (message.event === 'log' && step === 1) {
        step = 2;
        await reportProgress(app.db, job, 80);
      } else if (
        message.event === 'job' &&
        (message.data as { progress: number }).progress === 80
      ) {
        await completeJob(app.db, job, { rows: 3 });
      }
    });
    expect(ended).toBe(true);
    const logs = messages.filter((m) => m.event === 'log');
    expect(logs.map((m) => (m.data as { message: string }).message)).toEqual([
      'before the viewer came',
      'while watched',
      null,
    ]);
    expect(logs.every((m) => Number(m.id) === (m.data as { id: number }).id)).toBe(true);
    const states = messages
      .filter((m) => m.event === 'job')
      .map((m) => m.data as { status: string; progress: number; result: unknown });
    expect(states[0]).toMatchObject({ status: 'running' });
    expect(states.at(-1)).toMatchObject({
      status: 'succeeded',
      progress: 100,
      result: { rows: 3 },
    });
    expect(messages.at(-1)).toEqual({ event: 'end', data: { status: 'succeeded' } });

    // A reconnecting EventSource sends Last-Event-ID and gets only what came after it.
    const resumed = await admin.request(`/api/admin/jobs/${id}/events`, {
      headers: { 'Last-Event-ID': String(logs[1]!.id) },
    });
    const again = await readStream(resumed);
    expect(again.messages.map((m) => m.event)).toEqual(['log', 'job', 'end']);
  });

  it('cancels a queued job, asks a running one to stop, and refuses a finished one', async () => {
    const queued = await enqueueJob(
      app.db,
      type,
      {},
      { maxAttempts: 1, runAt: Date.now() + 60_000 },
    );
    const res = await admin.request(`/api/admin/jobs/${queued}/cancel`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(jobActionResponseSchema.parse(await res.json())).toMatchObject({
      outcome: 'cancelled',
      job: { id: queued, status: 'cancelled' },
    });

    const own = newType();
    const runningId = await enqueueJob(app.db, own, {}, { maxAttempts: 1 });
    expect((await claimJob(app.db, 'cancel-test', [own], 60_000))!.id).toBe(runningId);
    const requested = await admin.request(`/api/admin/jobs/${runningId}/cancel`, {
      method: 'POST',
    });
    expect(await requested.json()).toMatchObject({
      outcome: 'cancel-requested',
      job: { status: 'running', cancelRequested: true },
    });

    const refused = await admin.request(`/api/admin/jobs/${queued}/cancel`, { method: 'POST' });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: `Job ${queued} has already finished (cancelled)`,
    });
  });

  it('retries a dead or cancelled job and refuses one that is still queued', async () => {
    const id = await enqueueJob(app.db, type, {}, { maxAttempts: 1, runAt: Date.now() + 60_000 });
    const refused = await admin.request(`/api/admin/jobs/${id}/retry`, { method: 'POST' });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: `Only dead, failed or cancelled jobs can be retried; job ${id} is queued`,
    });
    await app.db('jobs').where({ id }).update({ status: 'dead', attempts: 1, last_error: 'boom' });
    const res = await admin.request(`/api/admin/jobs/${id}/retry`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(jobActionResponseSchema.parse(await res.json())).toMatchObject({
      outcome: 'retried',
      job: { id, status: 'queued', attempts: 0 },
    });
    const events = jobDetailResponseSchema.parse(
      await (await admin.request(`/api/admin/jobs/${id}`)).json(),
    ).events;
    expect(events.map((e) => [e.event, e.message])).toEqual([
      ['retried', 'retried by admin:test-admin'],
    ]);
    expect(
      (await admin.request('/api/admin/jobs/999999999/retry', { method: 'POST' })).status,
    ).toBe(404);
  });
});
