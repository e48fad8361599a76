/**
 * Load shedding over HTTP (issue 12), on every test database: with MAX_IN_FLIGHT=4, four requests whose
 * bodies arrive slowly (a slow client, the cheapest way to hold a server's slots) fill the slots; then pages
 * and API reads get 503 with Retry-After and a JSON error, a visitor's lead is still taken and stored,
 * /healthz still answers and reports the load. While the event loop is late, ordinary requests are held
 * to a quarter of the slots, lead intake is not. And the app's share of the event-loop monitor ends with
 * its server.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerLoadSchema } from '@moveratlas/contracts';
import { BUSY_MESSAGE } from '../../src/lib/load-shedding';
import { eventLoopMonitorInternals } from '../../src/lib/event-loop-monitor';
import { testDatabases } from '../databases';
import { leadForm, removeLeads, startLeadApp, waitFor, type LeadApp } from '../leads/support';

const MAX_IN_FLIGHT = 4;

/**
 * A JSON POST that announces 64 bytes and sends one: the body parser waits for the rest, so the request
 * holds its slot until `finish` (or the socket closes). On a connection of its own: Node's global agent
 * keeps sockets alive and would send it on one the previous test's requests left idle, which the server
 * closes after its keep-alive timeout (5 s) — on a loaded CI machine in the middle of a test, freeing a
 * slot the test counted as held.
 */
function slowRequest(baseUrl: string) {
  const url = new URL('/api/companies', baseUrl);
  const req = http.request(url, {
    agent: false,
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Content-Length': '64' },
  });
  const status = new Promise<number>((resolve) => {
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode!);
    });
    req.on('error', () => resolve(0));
  });
  req.write('{');
  return {
    finish(): Promise<number> {
      req.end(`"x":"${'y'.repeat(64 - 8)}"}`);
      return status;
    },
    abort: () => req.destroy(),
  };
}

describe.each(testDatabases())('load shedding on $name', (database) => {
  let app: LeadApp;
  const uuids: string[] = [];

  const health = async () => {
    const res = await app.get('/healthz');
    const body = (await res.json()) as { server: unknown };
    return { status: res.status, server: ServerLoadSchema.parse(body.server) };
  };
  /**
   * Holds `n` slots and waits until the server counts them. First waits for a calm event loop: another
   * app starting in this process (the next database's) is a stall, which reduces the slots for a second.
   */
  const hold = async (n: number) => {
    await waitFor(async () => !(await health()).server.requests.underPressure, 10_000, 'calm');
    const held = Array.from({ length: n }, () => slowRequest(app.baseUrl));
    await waitFor(
      async () => (await health()).server.requests.inFlight === n,
      10_000,
      'slots held',
    );
    return held;
  };
  const sendLead = async () => {
    const fields = leadForm();
    uuids.push(fields.lead_uuid!);
    const res = await app.postForm('/api/proxy/send_lead', fields);
    return { res, uuid: fields.lead_uuid! };
  };

  beforeAll(async () => {
    app = await startLeadApp(database.config, {
      MAX_IN_FLIGHT: String(MAX_IN_FLIGHT),
      EVENT_LOOP_WARN_MS: '200',
    });
  });
  afterAll(async () => {
    await removeLeads(app.db, uuids);
    await app.close();
  });

  it('reports the event loop and the requests in flight in /healthz', async () => {
    const { status, server } = await health();
    expect(status).toBe(200);
    expect(server.requests).toMatchObject({ inFlight: 0, maxInFlight: MAX_IN_FLIGHT });
    expect(server.eventLoop.warnMs).toBe(200);
    expect(server.heapUsedRatio).toBeGreaterThan(0);
  });

  it('answers 503 with Retry-After beyond the limit, still takes a lead, and /healthz answers', async () => {
    const held = await hold(MAX_IN_FLIGHT);
    try {
      const shedBefore = (await health()).server.requests.shed;
      for (const path of ['/api/states', '/api/companies?limit=1', '/states/illinois', '/']) {
        const res = await app.get(path);
        expect(res.status, path).toBe(503);
        expect(res.headers.get('retry-after'), path).toBe('5');
        expect(res.headers.get('cache-control'), path).toBe('no-store');
        expect(res.headers.get('content-type'), path).toMatch(/^application\/json/);
        expect(await res.json(), path).toEqual({ error: BUSY_MESSAGE });
      }
      // A write is refused the same way, before anything is read or stored.
      const login = await app.postJson('/api/login', { username: 'x', password: 'y' });
      expect(login.status).toBe(503);

      // The process stays in the balancer and says it is shedding: when every process of a fleet sheds at
      // once, a 503 here would take them all out together and turn overload into an outage.
      const ready = await app.get('/readyz');
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ready', database: 'ok', load: 'shedding' });
      expect((await app.get('/livez')).status).toBe(200);

      // Lead intake has its reserve: the quote is taken and stored whole.
      const { res, uuid } = await sendLead();
      expect(res.status).toBe(200);
      expect(await app.db('leads').where({ lead_uuid: uuid }).first()).toBeDefined();

      const { status, server } = await health();
      expect(status).toBe(200);
      expect(server.requests.inFlight).toBe(MAX_IN_FLIGHT);
      expect(server.requests.shed - shedBefore).toBe(5);
    } finally {
      // The held requests end normally (404: no such POST) and give their slots back.
      expect(await Promise.all(held.map((h) => h.finish()))).toEqual(held.map(() => 404));
    }
    await waitFor(
      async () => (await health()).server.requests.inFlight === 0,
      10_000,
      'slots freed',
    );
    expect((await app.get('/api/states')).status).toBe(200);
  });

  it('frees the slot of a client that goes away', async () => {
    const held = await hold(MAX_IN_FLIGHT);
    try {
      expect((await app.get('/api/states')).status).toBe(503);
      held[0]!.abort();
      await waitFor(
        async () => (await health()).server.requests.inFlight === MAX_IN_FLIGHT - 1,
        10_000,
        'the aborted slot freed',
      );
      expect((await app.get('/api/states')).status).toBe(200);
    } finally {
      // Given back whatever happened above, so a failure here is not also the next test's.
      held.forEach((h) => h.abort());
    }
  });

  it('holds ordinary requests to a quarter of the slots while the event loop is late, not leads', async () => {
    const held = await hold(1);
    try {
      // A 400 ms stall of this process's event loop (the app runs in it), as a synchronous parse would;
      // the monitor's window is closed right after it, so the next second counts as late.
      await new Promise<void>((resolve) =>
        setImmediate(() => {
          const end = performance.now() + 400;
          while (performance.now() < end) {
            // busy
          }
          eventLoopMonitorInternals.sampleNow();
          resolve();
        }),
      );
      const { server } = await health();
      expect(server.eventLoop.p99Ms).toBeGreaterThanOrEqual(300);
      expect(server.requests.underPressure).toBe(true);
      // One slot is held and a quarter of four is one: the next ordinary request is refused.
      const refused = await app.get('/api/states');
      expect(refused.status).toBe(503);
      expect(await refused.json()).toEqual({ error: BUSY_MESSAGE });
      const { res } = await sendLead();
      expect(res.status).toBe(200);
    } finally {
      await Promise.all(held.map((h) => h.finish()));
    }
  });

  it('answers /healthz at once while every database connection is busy, from the queries just answered', async () => {
    const pool = (app.db.client as { pool: { max: number } }).pool;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let answered = 0;
    // Every connection of the pool taken by a transaction that has just run a query and now waits.
    const holders = Array.from({ length: pool.max }, () =>
      app.db.transaction(async (trx) => {
        await trx.raw('select 1');
        answered += 1;
        await gate;
      }),
    );
    try {
      await waitFor(() => answered === pool.max, 10_000, 'every connection held');
      // A SELECT 1 of its own would wait for a connection (and give up as "unreachable" after 2 s).
      const res = await app.get('/healthz');
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ database: 'ok', checked: 'recent-query' });
    } finally {
      release();
      await Promise.all(holders);
    }
  });

  it('stops its share of the event-loop monitor when its server closes', async () => {
    const other = await startLeadApp(database.config);
    expect(eventLoopMonitorInternals.running).toBe(true);
    await other.close();
    // This file's main app still holds it.
    expect(eventLoopMonitorInternals.running).toBe(true);
  });
});

describe('the event-loop monitor after every app closed', () => {
  it('is stopped', () => {
    expect(eventLoopMonitorInternals.running).toBe(false);
  });
});
