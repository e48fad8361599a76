import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BUSY_MESSAGE,
  classify,
  LoadShedder,
  PAGE_CONCURRENCY,
  REFUSAL_PAUSE_MS,
  type Pressure,
} from './load-shedding';

const calm: Pressure = { recentDelayMs: () => 0, heapUsedRatio: () => 0.2 };

function shedder(maxInFlight: number, pressure: Pressure = calm) {
  return new LoadShedder({ maxInFlight, delayLimitMs: 200, pressure });
}

/** How many of `n` requests of a class are let in while none finishes. */
function admitted(s: LoadShedder, kind: 'lead' | 'normal', n: number): number {
  let count = 0;
  for (let i = 0; i < n; i++) if (s.tryAcquire(kind)) count++;
  return count;
}

describe('classify', () => {
  it('tells /healthz, lead intake and everything else apart', () => {
    expect(classify({ method: 'GET', path: '/healthz' })).toBe('health');
    expect(classify({ method: 'POST', path: '/api/proxy/send_lead' })).toBe('lead');
    expect(classify({ method: 'POST', path: '/api/proxy/lead_send_bq' })).toBe('lead');
    // Only the POST that carries a lead: a GET of the same path is an ordinary (404) request.
    expect(classify({ method: 'GET', path: '/api/proxy/send_lead' })).toBe('normal');
    expect(classify({ method: 'POST', path: '/api/proxy/match_companies' })).toBe('normal');
    expect(classify({ method: 'GET', path: '/healthz/x' })).toBe('page');
  });

  it('tells rendered pages from the API and files', () => {
    for (const path of ['/', '/states/illinois', '/company/acme-moving', '/admin/companies'])
      expect(classify({ method: 'GET', path }), path).toBe('page');
    expect(classify({ method: 'HEAD', path: '/states' })).toBe('page');
    for (const path of [
      '/api/states',
      '/api',
      '/assets/index-abc123.js',
      '/widget/loader.js',
      '/favicon.svg',
      '/robots.txt',
      '/sitemaps/companies-1.xml',
    ])
      expect(classify({ method: 'GET', path }), path).toBe('normal');
    expect(classify({ method: 'POST', path: '/states/illinois' })).toBe('normal');
  });
});

describe('page turns', () => {
  /** Starts `n` pages; which have started, and their turns. */
  function pages(s: LoadShedder, n: number) {
    const started: number[] = [];
    const turns = Array.from({ length: n }, (_, i) => s.takeTurn(() => started.push(i)));
    return { started, turns };
  }
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
  /** 0, 1, … n - 1: the pages that start at once. */
  const first = (n = PAGE_CONCURRENCY) => Array.from({ length: n }, (_, i) => i);
  const K = PAGE_CONCURRENCY;

  it(`renders at most ${PAGE_CONCURRENCY} pages at once; the others wait in order`, async () => {
    const s = shedder(64);
    const { started, turns } = pages(s, K + 3);
    expect(started).toEqual(first());
    expect(s.status().queued).toBe(3);
    turns[1]!.finished();
    // The next one starts on a turn of its own, not inside the one that finished.
    expect(started).toEqual(first());
    await nextTurn();
    expect(started).toEqual(first(K + 1));
    turns[0]!.finished();
    turns[2]!.finished();
    await nextTurn();
    expect(started).toEqual(first(K + 3));
    expect(s.status().queued).toBe(0);
  });

  it('skips a waiting page whose client went away, and gives its slot on', async () => {
    const s = shedder(64);
    const { started, turns } = pages(s, K + 2);
    turns[K]!.finished();
    expect(s.status().queued).toBe(1);
    turns[0]!.finished();
    await nextTurn();
    expect(started).toEqual([...first(), K + 1]);
  });

  it('frees a slot held for a page whose client went away before its turn came', async () => {
    const s = shedder(64);
    const { started, turns } = pages(s, K + 2);
    turns[0]!.finished();
    // Page K holds the freed slot now; its client goes before it starts.
    turns[K]!.finished();
    turns[K]!.finished();
    await nextTurn();
    expect(started).toEqual([...first(), K + 1]);
    expect(s.status().queued).toBe(0);
  });
});

describe('LoadShedder', () => {
  it('admits up to the limit, then refuses ordinary requests and counts them', () => {
    const s = shedder(8);
    expect(admitted(s, 'normal', 20)).toBe(8);
    expect(s.status()).toEqual({
      inFlight: 8,
      maxInFlight: 8,
      underPressure: false,
      shed: 12,
      queued: 0,
    });
  });

  it('frees a slot when a request ends', () => {
    const s = shedder(2);
    expect(admitted(s, 'normal', 3)).toBe(2);
    s.release();
    expect(s.tryAcquire('normal')).toBe(true);
    expect(s.tryAcquire('normal')).toBe(false);
  });

  it('keeps a reserve for lead intake above the limit: leads are refused last', () => {
    const s = shedder(8);
    expect(admitted(s, 'normal', 8)).toBe(8);
    // A quarter of the limit, at least 4.
    expect(s.leadReserve).toBe(4);
    expect(admitted(s, 'lead', 10)).toBe(4);
    expect(s.tryAcquire('normal')).toBe(false);
    expect(shedder(100).leadReserve).toBe(25);
  });

  it('never counts nor refuses /healthz', () => {
    const s = shedder(1);
    expect(admitted(s, 'normal', 1)).toBe(1);
    for (let i = 0; i < 5; i++) expect(s.tryAcquire('health')).toBe(true);
    expect(s.status().inFlight).toBe(1);
  });

  it('holds ordinary requests to a quarter of the slots while the event loop is late', () => {
    let delay = 0;
    const s = shedder(16, { recentDelayMs: () => delay, heapUsedRatio: () => 0.1 });
    delay = 450;
    expect(s.status().underPressure).toBe(true);
    expect(admitted(s, 'normal', 16)).toBe(4);
    // Lead intake keeps the whole limit and its reserve.
    expect(admitted(s, 'lead', 30)).toBe(16 + 4 - 4);
    delay = 20;
    for (let i = 0; i < 20; i++) s.release();
    expect(s.status().underPressure).toBe(false);
    expect(admitted(s, 'normal', 30)).toBe(16);
  });

  it('holds ordinary requests to a quarter of the slots while the heap is nearly full', () => {
    const s = shedder(16, { recentDelayMs: () => 0, heapUsedRatio: () => 0.93 });
    expect(admitted(s, 'normal', 16)).toBe(4);
  });

  it('reads no pressure until it is given a source (the app watches from the end of its start)', () => {
    const s = new LoadShedder({ maxInFlight: 16, delayLimitMs: 200 });
    expect(s.underPressure()).toBe(false);
    s.watch({ recentDelayMs: () => 900, heapUsedRatio: () => 0.1 });
    expect(admitted(s, 'normal', 16)).toBe(4);
  });

  it('does nothing with a limit of 0', () => {
    const s = shedder(0, { recentDelayMs: () => 10_000, heapUsedRatio: () => 0.99 });
    expect(s.enabled).toBe(false);
    expect(admitted(s, 'normal', 1000)).toBe(1000);
    expect(s.status()).toMatchObject({ underPressure: false, shed: 0 });
  });
});

describe('refusals', () => {
  /** The middleware's answer to one request that finds every slot taken: what was written, and when. */
  function refusal(s: LoadShedder) {
    const written: Array<{ status: number; headers: Record<string, string>; body: string }> = [];
    const res = {
      headersSent: false,
      destroyed: false,
      writeHead(status: number, headers: Record<string, string>) {
        written.push({ status, headers, body: '' });
        return this;
      },
      end(body: Buffer) {
        written[written.length - 1]!.body = body.toString();
        this.headersSent = true;
      },
    };
    let passedOn = false;
    s.middleware()(
      { method: 'GET', path: '/api/states' } as never,
      res as never,
      () => (passedOn = true),
    );
    expect(passedOn).toBe(false);
    return written;
  }

  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers 503 at once with Retry-After and a JSON error while refusals are few', () => {
    const s = shedder(2);
    expect(admitted(s, 'normal', 2)).toBe(2);
    for (let i = 0; i < 2; i++) {
      expect(refusal(s)).toEqual([
        {
          status: 503,
          headers: {
            'Content-Type': 'application/json; charset=utf-8',
            'Content-Length': String(JSON.stringify({ error: BUSY_MESSAGE }).length),
            'Retry-After': '5',
            'Cache-Control': 'no-store',
          },
          body: JSON.stringify({ error: BUSY_MESSAGE }),
        },
      ]);
    }
    expect(s.status().shed).toBe(2);
  });

  it('pauses each refusal past the limit’s worth in one second, so a client retrying at once is slowed', () => {
    vi.useFakeTimers();
    const s = shedder(2);
    admitted(s, 'normal', 2);
    refusal(s);
    refusal(s);
    const paused = refusal(s);
    expect(paused).toEqual([]);
    vi.advanceTimersByTime(REFUSAL_PAUSE_MS[0] - 1);
    expect(paused).toEqual([]);
    vi.advanceTimersByTime(REFUSAL_PAUSE_MS[1] - REFUSAL_PAUSE_MS[0] + 1);
    expect(paused.map((answer) => answer.status)).toEqual([503]);
    // A new second: answered at once again.
    vi.advanceTimersByTime(1000);
    expect(refusal(s).map((answer) => answer.status)).toEqual([503]);
  });
});
