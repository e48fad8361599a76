/**
 * The server must fail fast while the database is unreachable and recover by itself when it returns.
 * A TCP relay between the app and MariaDB plays the network: closing it is a database that refuses; pausing
 * it, one that stops answering (every statement has a deadline: db/statement-deadline.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../databases';
import { startTestApp, type TestApp } from '../test-app';
import { leadForm } from '../leads/lead-form';
import { relayTo, type TcpRelay } from '../support/tcp-relay';

const mysql = testDatabases().find((d) => d.name === 'mysql');

// Runs wherever MariaDB tests run (always in CI); global-setup prints a notice when they do not.
describe.runIf(mysql?.config.client === 'mysql')('database outage on mysql', () => {
  let relay: TcpRelay;
  let app: TestApp;

  beforeAll(async () => {
    const through = await relayTo(mysql!.config.client === 'mysql' ? mysql!.config.url : '');
    relay = through.relay;
    app = await startTestApp({ client: 'mysql', url: through.url });
  });
  afterAll(async () => {
    await app.close();
    await relay.stop();
  });

  it('answers 503 quickly while the database is down and recovers without a restart', async () => {
    expect((await app.get('/api/companies?limit=5&offset=1')).status).toBe(200);

    await relay.stop();
    const started = Date.now();
    const down = await app.get('/api/companies?limit=5&offset=2');
    const waited = Date.now() - started;
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('5');
    expect(await down.json()).toEqual({
      error: 'The service is temporarily unavailable; please try again shortly',
    });
    // Fail fast: bounded by the 2 s acquire timeout, not knex's default 60 s (generous margin for slow CI).
    expect(waited).toBeLessThan(15_000);
    expect((await app.get('/healthz')).status).toBe(503);

    await relay.start();
    let status = 0;
    for (let attempt = 0; attempt < 50 && status !== 200; attempt++) {
      status = (await app.get('/api/companies?limit=5&offset=3')).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(200);
    expect((await app.get('/healthz')).status).toBe(200);
  });
});

/** How long a request may take while the database does not answer: the statement deadline plus margin. */
const STATEMENT_DEADLINE_MS = 1500;
const ANSWER_WITHIN_MS = STATEMENT_DEADLINE_MS + 2000 + 3000; // + connecting (2 s) + a busy CI machine

async function timed(
  request: Promise<Response>,
): Promise<{ status: number; ms: number; body: string }> {
  const started = performance.now();
  const response = await request;
  return { status: response.status, body: await response.text(), ms: performance.now() - started };
}

describe.runIf(mysql?.config.client === 'mysql')('a database that stops answering', () => {
  let relay: TcpRelay;
  let app: TestApp;
  const accepted: string[] = [];
  const postLead = (fields: Record<string, string>) =>
    fetch(`${app.baseUrl}/api/proxy/send_lead`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });

  beforeAll(async () => {
    const through = await relayTo(mysql!.config.client === 'mysql' ? mysql!.config.url : '');
    relay = through.relay;
    app = await startTestApp(
      { client: 'mysql', url: through.url, statementTimeoutMs: STATEMENT_DEADLINE_MS },
      { JOB_CONCURRENCY: '0', API_CACHE_SECONDS: '0' },
    );
  });
  afterAll(async () => {
    relay.resume();
    await app.db('leads').whereIn('lead_uuid', accepted).delete();
    await app.close();
    await relay.stop();
  });

  it('stops a statement at its deadline, on the server too, and discards its connection', async () => {
    await app.db.raw('SELECT 1');
    const started = performance.now();
    const slow = await app.db.raw('SELECT SLEEP(20) AS slept').then(
      () => 'answered',
      (error: { code?: string }) => error.code,
    );
    expect(slow).toBe('PROTOCOL_SEQUENCE_TIMEOUT');
    expect(performance.now() - started).toBeLessThan(ANSWER_WITHIN_MS);
    // KILL QUERY went to the server: the sleep is not running on there any more.
    let running = 1;
    for (let attempt = 0; attempt < 20 && running > 0; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const [rows] = (await app.db.raw(
        "SELECT COUNT(*) AS n FROM information_schema.processlist WHERE info LIKE 'SELECT SLEEP(20)%'",
      )) as [Array<{ n: number }>];
      running = Number(rows[0]!.n);
    }
    expect(running).toBe(0);

    // A database that stops answering: the pooled connection's statement meets the deadline.
    relay.pause();
    const paused = await app.db.raw('SELECT 1').then(
      () => 'answered',
      (error: { code?: string }) => error.code,
    );
    relay.resume();
    expect(paused).toBe('PROTOCOL_SEQUENCE_TIMEOUT');
    const [rows] = (await app.db.raw('SELECT 2 AS two')) as [Array<{ two: number }>];
    expect(rows[0]!.two).toBe(2);
  });

  it('ends every request within the deadline with a clear answer, and recovers by itself', async () => {
    const before = leadForm();
    const first = await timed(postLead(before));
    expect(first.status).toBe(200);
    accepted.push(before.lead_uuid!);

    relay.pause();
    const during = leadForm();
    const [api, lead] = await Promise.all([
      timed(app.get('/api/companies?limit=5&offset=11')),
      timed(postLead(during)),
    ]);
    // After those failures the health checks know the database is not answering (no stale "recent query").
    const [ready, health, live] = await Promise.all([
      timed(app.get('/readyz')),
      timed(app.get('/healthz')),
      timed(app.get('/livez')),
    ]);
    for (const [what, answer] of Object.entries({ api, lead, ready, health })) {
      expect({ what, status: answer.status }).toEqual({ what, status: 503 });
      expect(answer.ms, what).toBeLessThan(ANSWER_WITHIN_MS);
      expect(JSON.parse(answer.body), what).toHaveProperty('error');
    }
    expect(JSON.parse(ready.body)).toEqual({
      status: 'unavailable',
      error: 'The database is not answering',
    });
    expect(live.status).toBe(200);

    relay.resume();
    let recovered = { ready: 0, api: 0 };
    for (let attempt = 0; attempt < 50; attempt++) {
      recovered = {
        ready: (await app.get('/readyz')).status,
        api: (await app.get(`/api/companies?limit=5&offset=${20 + attempt}`)).status,
      };
      if (recovered.ready === 200 && recovered.api === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(recovered).toEqual({ ready: 200, api: 200 });
    const after = leadForm();
    expect((await postLead(after)).status).toBe(200);
    accepted.push(after.lead_uuid!);
    if (lead.status === 200) accepted.push(during.lead_uuid!);

    // Nothing accepted is lost, and nothing is stored twice.
    const stored = (await app
      .db('leads')
      .whereIn('lead_uuid', [before.lead_uuid!, during.lead_uuid!, after.lead_uuid!])
      .select('lead_uuid')) as Array<{ lead_uuid: string }>;
    for (const uuid of accepted)
      expect(stored.filter((row) => row.lead_uuid === uuid)).toHaveLength(1);
  }, 60_000);
});
