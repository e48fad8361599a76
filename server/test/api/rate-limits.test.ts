/**
 * Per-IP limits as a fleet meets them (issue 14), on every test database. Several server processes share the
 * rate_limit_hits counters, so a burst from one address spread over them must let exactly the limit through:
 * each request is judged by the count its own hit produced, never by a count read back after others added
 * theirs. And the address a limit counts is the one a trusted proxy reports: X-Forwarded-For from any other
 * hop is ignored, so forging it buys a client nothing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Options } from 'express-rate-limit';
import type { Knex } from 'knex';
import { openDatabase } from '../../src/db/connection';
import { DatabaseRateLimitStore } from '../../src/lib/rate-limit';
import { testDatabases } from '../databases';
import { startTestApp, type TestApp } from '../test-app';

/** Requests in a burst, and the limit they meet. */
const BURST = 20;
const LIMIT = 5;
/** Shedding off: a burst must meet the limiter, not a busy answer (lib/load-shedding). */
const LIMITED: NodeJS.ProcessEnv = { RATE_LIMIT_MATCHES: String(LIMIT), MAX_IN_FLIGHT: '0' };

/** How many answers had each status; any other than 200 and 429 with its error, to say what went wrong. */
const tally = (answers: Array<{ status: number; text: string }>) => {
  const counts: Record<string, number> = {};
  for (const { status, text } of answers) {
    const key =
      status === 200 || status === 429 ? String(status) : `${status} ${text.slice(0, 200)}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
};

/** Sends `BURST` match_companies requests at once, spread over the apps in turn. */
const burst = (apps: TestApp[], forwardedFor?: (i: number) => string) =>
  Promise.all(
    Array.from({ length: BURST }, async (_, i) => {
      const res = await fetch(`${apps[i % apps.length]!.baseUrl}/api/proxy/match_companies`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(forwardedFor ? { 'x-forwarded-for': forwardedFor(i) } : {}),
        },
        body: JSON.stringify({ from_zip: '60601' }),
      });
      return { status: res.status, text: await res.text() };
    }),
  );

const addressSeen = async (app: TestApp, forwardedFor: string) => {
  const res = await fetch(`${app.baseUrl}/api/ip`, {
    headers: { 'x-forwarded-for': forwardedFor },
  });
  return ((await res.json()) as { ip: string }).ip;
};

describe.each(testDatabases())('rate limits on $name', (database) => {
  describe('the counter store', () => {
    // Three connection pools on one database, as three server processes have.
    const pools: Knex[] = [];
    const prefix = `store-test-${process.pid}-${Date.now()}:`;
    const stores = () =>
      pools.map((db) => {
        const store = new DatabaseRateLimitStore(db, prefix);
        store.init({ windowMs: 60_000 } as Options);
        return store;
      });

    beforeAll(() => {
      for (let i = 0; i < 3; i++) pools.push(openDatabase(database.config));
    });
    afterAll(async () => {
      await pools[0]!('rate_limit_hits').where('key', 'like', `${prefix}%`).delete();
      await Promise.all(pools.map((db) => db.destroy()));
    });

    const incrementAtOnce = (key: string, n: number) => {
      const all = stores();
      return Promise.all(Array.from({ length: n }, (_, i) => all[i % all.length]!.increment(key)));
    };
    const oneToN = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

    it('answers concurrent hits the counts 1..N, each the count its own hit made, with one window end', async () => {
      const results = await incrementAtOnce('burst', 60);
      expect(results.map((r) => r.totalHits).sort((a, b) => a - b)).toEqual(oneToN(60));
      expect(new Set(results.map((r) => r.resetTime!.getTime())).size).toBe(1);
    });

    it('starts one new window when hits race past the end of the old one', async () => {
      await incrementAtOnce('renewed', 3);
      await pools[0]!('rate_limit_hits')
        .where({ key: `${prefix}renewed` })
        .update({ reset_at: Date.now() - 1 });
      const before = Date.now();
      const results = await incrementAtOnce('renewed', 30);
      expect(results.map((r) => r.totalHits).sort((a, b) => a - b)).toEqual(oneToN(30));
      const ends = new Set(results.map((r) => r.resetTime!.getTime()));
      expect(ends.size).toBe(1);
      expect([...ends][0]).toBeGreaterThanOrEqual(before + 60_000);
    });

    it('never takes a counter below zero however many decrements race', async () => {
      await incrementAtOnce('undone', 5);
      const all = stores();
      await Promise.all(Array.from({ length: 12 }, (_, i) => all[i % 3]!.decrement('undone')));
      expect((await all[0]!.increment('undone')).totalHits).toBe(1);
    });
  });

  describe('over HTTP', () => {
    const apps: TestApp[] = [];
    const start = async (env: NodeJS.ProcessEnv) => {
      const app = await startTestApp(database.config, { ...LIMITED, ...env });
      apps.push(app);
      // The pool's connections opened beforehand: the burst meets the counter, not a busy machine opening
      // connections (a request whose counter cannot be reached in time goes through, lib/rate-limit.ts).
      await Promise.all(Array.from({ length: BURST }, () => app.db.raw('select 1')));
      return app;
    };
    // The address every test client here connects from; its counter is cleared around each test.
    const clearLoopbackCounter = () =>
      apps[0]?.db('rate_limit_hits').where({ key: 'match:127.0.0.1' }).delete();

    afterEach(async () => {
      await clearLoopbackCounter();
      await Promise.all(apps.splice(0).map((app) => app.close()));
    });

    it(`lets exactly ${LIMIT} of ${BURST} concurrent requests from one address through three processes, 429 to the rest`, async () => {
      const fleet = [await start({}), await start({}), await start({})];
      await clearLoopbackCounter();
      expect(tally(await burst(fleet))).toEqual({ 200: LIMIT, 429: BURST - LIMIT });
    });

    it('believes X-Forwarded-For from a configured proxy (TRUST_PROXY=127.0.0.1), only the hop it added', async () => {
      const app = await start({ TRUST_PROXY: '127.0.0.1' });
      expect(await addressSeen(app, '203.0.113.7')).toBe('203.0.113.7');
      // The proxy appends the address it saw; what the client wrote before it is not believed.
      expect(await addressSeen(app, '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
      // Every request names another visitor: each has its own allowance.
      const base = Math.floor(Math.random() * 200);
      expect(tally(await burst([app], (i) => `198.51.100.${base + i}`))).toEqual({ 200: BURST });
      await app.db('rate_limit_hits').where('key', 'like', 'match:198.51.100.%').delete();
    });

    it('ignores a forged X-Forwarded-For from a client that is not the proxy (TRUST_PROXY=10.0.0.1)', async () => {
      const app = await start({ TRUST_PROXY: '10.0.0.1' });
      await clearLoopbackCounter();
      expect(await addressSeen(app, '203.0.113.7')).toBe('127.0.0.1');
      // Each request forges another address, and still all of them count as this client's.
      expect(tally(await burst([app], (i) => `192.0.2.${i + 1}`))).toEqual({
        200: LIMIT,
        429: BURST - LIMIT,
      });
    });
  });
});
