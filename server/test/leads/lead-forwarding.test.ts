/**
 * Delivery through the outbox to a cloud-functions backend (a fake on loopback): the exact fields and
 * encodings of spec 7.3 arrive, and whatever the backend does — answer 500, hang past the timeout, refuse
 * connections, drop the connection mid-request, refuse the lead — every accepted lead is delivered exactly
 * once when it recovers, also across a restart of the server and its worker.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  SEND_LEAD_FIELDS,
  LEAD_ANALYTICS_FIELDS,
  SESSION_TRACKING_FIELDS,
  phoneDigits,
} from '@moveratlas/contracts';
import { testDatabases } from '../databases';
import { jobEvents, retryJob, findJob } from '../../src/jobs/queue';
import { sqlTimestampToIso } from '../../src/db/timestamps';
import { FakeCloudFunctions } from './fake-cloud-functions';
import { MOVE_DATE_WIRE } from './lead-form';
import {
  leadForm,
  leadUuid,
  removeLeads,
  removeSessions,
  startLeadApp,
  waitFor,
  type LeadApp,
} from './support';

describe.each(testDatabases())('lead forwarding on $name', (database) => {
  const upstream = new FakeCloudFunctions();
  let app: LeadApp;
  const uuids: string[] = [];
  const visitors: string[] = [];

  const submit = async (target: LeadApp = app, overrides: Record<string, string> = {}) => {
    const fields = leadForm(overrides);
    uuids.push(fields.lead_uuid!);
    const res = await target.postForm('/api/proxy/send_lead', fields);
    expect(res.status).toBe(200);
    return { uuid: fields.lead_uuid!, publicId: await res.text(), fields };
  };
  const lead = async (uuid: string, db = app.db) =>
    (await db('leads').where({ lead_uuid: uuid }).first()) as Record<string, unknown>;
  const forwardJob = async (uuid: string, db = app.db) => {
    const { id } = await lead(uuid, db);
    const row = (await db('jobs')
      .where({ type: 'lead.forward', payload: JSON.stringify({ leadId: id }) })
      .first('id')) as { id: number };
    return (await findJob(db, Number(row.id)))!;
  };
  const delivered = (uuid: string, db = app.db) =>
    waitFor(
      async () => (await lead(uuid, db)).delivery_status === 'delivered',
      15_000,
      `delivery of ${uuid}`,
    );

  beforeAll(async () => {
    await upstream.start();
  });
  beforeEach(async () => {
    upstream.mode = 'ok';
    upstream.delayMs = 0;
    upstream.failingPaths.clear();
    app = await startLeadApp(database.config, { LEAD_BACKEND_URL: upstream.url }, { worker: true });
  });
  afterEach(async () => {
    await app.close();
  });
  afterAll(async () => {
    const app2 = await startLeadApp(database.config);
    await removeLeads(app2.db, uuids);
    await removeSessions(app2.db, visitors);
    await app2.close();
    await upstream.stop();
  });

  it('forwards a lead with the exact fields and encodings of 7.3.2, within moments', async () => {
    const { uuid, publicId, fields } = await submit(app, {
      move_date: MOVE_DATE_WIRE,
      sms_phone_validation: '',
    });
    await delivered(uuid);
    const sent = upstream.received.filter(
      (r) => r.path === '/send_lead' && r.fields.lead_uuid === uuid,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.keys(sent[0]!.fields)).toEqual([...SEND_LEAD_FIELDS]);
    expect(sent[0]!.fields).toMatchObject({
      from_zip: '60601',
      from_location: 'Chicago, IL 60601',
      to_state: 'TX',
      move_date: MOVE_DATE_WIRE,
      number_of_rooms: '3',
      first_name: 'Ada',
      email_address: fields.email_address,
      phone_number: phoneDigits(fields.phone_number!),
      lead_uuid: uuid,
      lead_new_id: publicId,
      sms_phone_validation: '1',
      website: 'moveratlas-directory',
      website_version: '1.0',
    });
    const row = await lead(uuid);
    expect(row.backend_lead_id).toMatch(/^\d+$/);
    // Delivered just now (both engines' timestamp forms read the same way).
    expect(Date.parse(sqlTimestampToIso(row.delivered_at as string | number))).toBeGreaterThan(
      Date.now() - 60_000,
    );
    expect(upstream.acceptedLeads.get(uuid)).toBe(1);

    // Rooms by the section 3 mapping.
    const studio = await submit(app, { move_size: 'studio' });
    const office = await submit(app, { move_size: 'commercial' });
    await delivered(studio.uuid);
    await delivered(office.uuid);
    const field = (u: string, f: string) =>
      upstream.received.find((r) => r.fields.lead_uuid === u && r.path === '/send_lead')!.fields[f];
    expect(field(studio.uuid, 'number_of_rooms')).toBe('1');
    expect(field(office.uuid, 'number_of_rooms')).toBe('5');
  });

  it('answers the visitor without waiting for the backend', async () => {
    // A backend that never answers, and a timeout longer than the test: the visitor has the answer while
    // the forward is still under way (had intake waited, it would have come after an attempt ended).
    await app.worker?.stop();
    upstream.mode = 'hang';
    const patient = await startLeadApp(
      database.config,
      { LEAD_BACKEND_URL: upstream.url, LEAD_BACKEND_TIMEOUT_MS: '20000', JOB_LEASE_MS: '60000' },
      { worker: true },
    );
    try {
      const { uuid } = await submit(patient);
      await waitFor(
        () => upstream.attempts('/send_lead', uuid) === 1,
        10_000,
        'the forward under way',
      );
      const job = await forwardJob(uuid, patient.db);
      expect(job.status).toBe('running');
      expect((await jobEvents(patient.db, job.id)).map((e) => e.event)).not.toContain('retry');
      expect((await lead(uuid, patient.db)).delivery_status).toBe('pending');
    } finally {
      // Stopping the server waits for its running forward: end the hanging answer rather than its timeout.
      upstream.dropConnections();
      await patient.close();
    }
  });

  it('forwards sessions as 7.3.1 JSON and the analytics copy as 7.3.3 lead_ fields', async () => {
    const visitor = leadUuid('visitor');
    visitors.push(visitor);
    const res = await app.postJson('/api/proxy/session_send_bq', {
      uuid: visitor,
      hostname: 'moveratlas.example',
      gclid: 'g-1',
      website: 'moveratlas-directory',
    });
    const { session_id } = (await res.json()) as { session_id: string };
    await waitFor(
      async () =>
        (
          (await app.db('visitor_sessions').where({ session_id }).first('delivery_status')) as {
            delivery_status: string;
          }
        ).delivery_status === 'delivered',
    );
    const session = upstream.received.find(
      (r) => r.path === '/session_send_bq' && r.fields.uuid === visitor,
    )!;
    expect(session.contentType).toBe('application/json');
    expect(Object.keys(session.fields)).toEqual(
      expect.arrayContaining([
        'uuid',
        'hostname',
        'origin',
        ...SESSION_TRACKING_FIELDS,
        'ip_address',
        'location_href',
        'referrer',
        'website',
        'website_version',
        'trustedformtoken',
      ]),
    );
    expect(session.fields).toMatchObject({
      gclid: 'g-1',
      ip_address: '127.0.0.1',
      website: 'moveratlas-directory',
      website_version: '1.0',
    });
    expect(
      (
        (await app.db('visitor_sessions').where({ session_id }).first('backend_session_id')) as {
          backend_session_id: string;
        }
      ).backend_session_id,
    ).toMatch(/^upstream-/);

    const { uuid, publicId } = await submit();
    await app.postForm('/api/proxy/lead_send_bq', {
      lead_uuid: uuid,
      lead_website: 'moveratlas-directory',
      lead_first_name: 'Ada',
      lead_size: '2-3br',
      lead_move_date: '2026-12-15',
    });
    await waitFor(() => upstream.acceptedAnalytics.get(uuid) === 1, 10_000, 'analytics copy');
    const copy = upstream.received.find(
      (r) => r.path === '/lead_send_bq' && r.fields.lead_uuid === uuid,
    )!;
    expect(copy.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.keys(copy.fields)).toEqual(LEAD_ANALYTICS_FIELDS.map((f) => `lead_${f}`));
    expect(copy.fields).toMatchObject({
      lead_from_country: 'US',
      lead_to_country: 'US',
      lead_move_date: '12/15/2026',
      lead_website: 'moveratlas-directory',
      lead_website_version: '1.0',
    });
    // Named by the backend's lead id once it has one, else by ours.
    expect([publicId, (await lead(uuid)).backend_lead_id]).toContain(copy.fields.lead_mmex_lead_id);
  });

  it.each([
    ['answers 500', (u: FakeCloudFunctions) => void (u.mode = 'error')],
    ['hangs past the timeout', (u: FakeCloudFunctions) => void (u.mode = 'hang')],
    ['drops the connection mid-request', (u: FakeCloudFunctions) => void (u.mode = 'destroy')],
  ])(
    'keeps the lead and delivers it exactly once when a backend that %s recovers',
    async (_what, breakIt) => {
      breakIt(upstream);
      const { uuid } = await submit();
      await waitFor(
        () => upstream.attempts('/send_lead', uuid) >= 2,
        20_000,
        'two failed attempts',
      );
      expect((await lead(uuid)).delivery_status).toBe('pending');
      upstream.mode = 'ok';
      await delivered(uuid);
      expect(upstream.acceptedLeads.get(uuid)).toBe(1);
      const job = await forwardJob(uuid);
      expect(job.status).toBe('succeeded');
      const events = await jobEvents(app.db, job.id);
      expect(events.filter((e) => e.event === 'retry').length).toBeGreaterThanOrEqual(2);
      expect(events.at(-1)!.event).toBe('succeeded');
    },
  );

  it('keeps leads while connections are refused and delivers them when the backend returns', async () => {
    await upstream.stop();
    const leads = await Promise.all([submit(), submit(), submit()]);
    await waitFor(
      async () => (await forwardJob(leads[0]!.uuid)).attempts >= 2,
      10_000,
      'refused attempts',
    );
    await upstream.start();
    for (const { uuid } of leads) {
      await delivered(uuid);
      expect(upstream.acceptedLeads.get(uuid)).toBe(1);
    }
  });

  it('pauses forwarding while the backend is down instead of failing every queued lead', async () => {
    upstream.mode = 'error';
    const leads = await Promise.all(Array.from({ length: 40 }, () => submit()));
    const mine = new Set(leads.map((l) => l.uuid));
    const attempts = () =>
      upstream.received.filter((r) => r.path === '/send_lead' && mine.has(r.fields.lead_uuid ?? ''))
        .length;
    // A few attempts open the circuit (waited for: a loaded machine makes them slowly); then, a while
    // later, one probe per (doubling) pause, not 40 leads x retries.
    await waitFor(() => attempts() >= 3, 15_000, 'the attempts that open the circuit');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(attempts()).toBeLessThan(25);
    upstream.mode = 'ok';
    for (const { uuid } of leads) await delivered(uuid);
    for (const { uuid } of leads) expect(upstream.acceptedLeads.get(uuid)).toBe(1);
  });

  it('never lets the analytics copy failing hold up or fail the lead', async () => {
    upstream.failingPaths.add('/lead_send_bq');
    const { uuid } = await submit();
    const res = await app.postForm('/api/proxy/lead_send_bq', {
      lead_uuid: uuid,
      lead_website: 'moveratlas-directory',
      lead_first_name: 'Ada',
    });
    expect(res.status).toBe(200);
    await delivered(uuid);
    await waitFor(() => upstream.attempts('/lead_send_bq', uuid) >= 2, 10_000, 'analytics retries');
    expect(upstream.acceptedLeads.get(uuid)).toBe(1);
    upstream.failingPaths.clear();
    await waitFor(() => upstream.acceptedAnalytics.get(uuid) === 1, 10_000, 'analytics copy');
  });

  it('gives up on a lead the backend refuses, leaves it dead for an admin, and retries it on request', async () => {
    upstream.mode = 'bad-request';
    const { uuid } = await submit();
    await waitFor(async () => (await forwardJob(uuid)).status === 'dead', 10_000, 'dead job');
    expect(upstream.attempts('/send_lead', uuid)).toBe(1);
    const dead = await forwardJob(uuid);
    // Status and time only: what the backend wrote in its answer never reaches the job's log.
    expect(dead.lastError).toMatch(/^POST \/send_lead answered 400 after \d+ ms$/);
    expect((await lead(uuid)).delivery_status).toBe('pending');

    upstream.mode = 'ok';
    expect((await retryJob(app.db, dead.id, 'ops'))!.status).toBe('queued');
    app.worker!.kick();
    await delivered(uuid);
    expect(upstream.acceptedLeads.get(uuid)).toBe(1);
    expect((await jobEvents(app.db, dead.id)).map((e) => e.event)).toEqual([
      'dead',
      'retried',
      'succeeded',
    ]);
  });

  it('stops after the last attempt: the job is dead, visible and retryable', async () => {
    const few = await startLeadApp(
      database.config,
      { LEAD_BACKEND_URL: upstream.url, LEAD_FORWARD_MAX_ATTEMPTS: '3' },
      { worker: true },
    );
    try {
      upstream.mode = 'error';
      const { uuid } = await submit(few);
      await waitFor(
        async () => (await forwardJob(uuid, few.db)).status === 'dead',
        10_000,
        'dead job',
      );
      const job = await forwardJob(uuid, few.db);
      expect(job.attempts).toBe(3);
      expect(upstream.attempts('/send_lead', uuid)).toBe(3);
      expect((await jobEvents(few.db, job.id)).map((e) => e.event)).toEqual([
        'retry',
        'retry',
        'dead',
      ]);
      upstream.mode = 'ok';
      await retryJob(few.db, job.id);
      few.worker!.kick();
      await delivered(uuid, few.db);
      expect(upstream.acceptedLeads.get(uuid)).toBe(1);
    } finally {
      await few.close();
    }
  });

  it('delivers exactly once when the server and its worker restart in the middle of retries', async () => {
    upstream.mode = 'error';
    const leads = await Promise.all([submit(), submit()]);
    await waitFor(
      () => upstream.attempts('/send_lead', leads[1]!.uuid) >= 2,
      10_000,
      'failed attempts',
    );
    await app.close();
    const restarted = await startLeadApp(
      database.config,
      { LEAD_BACKEND_URL: upstream.url },
      { worker: true },
    );
    app = restarted;
    upstream.mode = 'ok';
    for (const { uuid } of leads) {
      await delivered(uuid, restarted.db);
      expect(upstream.acceptedLeads.get(uuid)).toBe(1);
    }
  });

  it('hands out each job to exactly one of several workers', async () => {
    upstream.delayMs = 30;
    // Only claims may explain a second attempt here: no backend timeout or lease runs out, however slow
    // the machine, so the workers of this test get generous ones (and the fast-timeout worker stops).
    await app.worker?.stop();
    const patient = {
      LEAD_BACKEND_URL: upstream.url,
      JOB_CONCURRENCY: '8',
      LEAD_BACKEND_TIMEOUT_MS: '20000',
      JOB_LEASE_MS: '60000',
    };
    const others = await Promise.all(
      [1, 2, 3].map(() => startLeadApp(database.config, patient, { worker: true })),
    );
    try {
      const leads = await Promise.all(Array.from({ length: 30 }, (_, i) => submit(others[i % 3]!)));
      for (const { uuid } of leads) await delivered(uuid);
      for (const { uuid } of leads) expect(upstream.attempts('/send_lead', uuid)).toBe(1);
    } finally {
      await Promise.all(others.map((o) => o.close()));
    }
  });
});
