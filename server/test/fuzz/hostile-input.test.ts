/**
 * The fuzz suite (issue 12): hostile input at every endpoint the app has — read from its routers and from the
 * directory's route table, so a new endpoint is fuzzed without editing this file — on every test database.
 * Long and badly encoded paths, duplicate query keys, deep JSON, huge numbers, control characters, wrong
 * types, wrong content types, charsets and encodings, huge headers. Every answer must be a 2xx or 3xx, or a
 * 4xx with a clear JSON `{ "error" }` (pages: an HTML error page); never a 5xx. A refused write stores
 * nothing (row counts of every table before and after). /healthz is probed throughout and must keep answering.
 *
 * It runs on a private copy of each database (fuzz-app.ts): the fuzz may succeed at anything the signed-in
 * admin can do. FUZZ_RUNS (default 8) sets the runs per endpoint; FUZZ_SEED replays a run (CI uses a fixed one).
 */
import net from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAsAdmin, type AdminClient } from '../admin-session';
import { testDatabases } from '../databases';
import {
  directoryRoutes,
  fillTemplate,
  pageEndpoints,
  parameterNames,
  routerEndpoints,
  type Endpoint,
} from './endpoints';
import {
  privateDatabase,
  startFuzzApp,
  tableCounts,
  type FuzzApp,
  type RawAnswer,
} from './fuzz-app';
import {
  hostileBody,
  hostileHeaders,
  hostileQuery,
  hostileSegment,
  methodFor,
  type HostileBody,
} from './hostile';
import { HealthProbe } from './health-probe';

const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const SEED =
  process.env.FUZZ_SEED !== undefined
    ? Number(process.env.FUZZ_SEED)
    : // CI replays one fixed seed, so a landing never hangs on a new draw; runs elsewhere explore new ones.
      process.env.CI === 'true'
      ? 20261124
      : Date.now() % 2 ** 31;
/** Pages render React on the server: fewer runs each. */
const PAGE_RUNS = Math.max(2, Math.ceil(RUNS / 3));
/** A clear message is a sentence, not a dump of what was sent. */
const MAX_ERROR_LENGTH = 500;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** One drawn request, before it is put on the wire. */
interface Drawn {
  method: string;
  path: string;
  query: string;
  body: HostileBody;
  headers: Record<string, string>;
  /** Send the admin's session cookie and CSRF token. */
  withSession: boolean;
  /** The X-Forwarded-For the trusted proxy hop reports (TRUST_PROXY=1). */
  clientIp: string;
}

interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

/** Why an answer is wrong, or undefined when it is a deliberate one. */
export function problemWith(sent: Sent, answer: RawAnswer): string | undefined {
  const { status } = answer;
  // GET /error is the error page as a screen of its own: 500, or the status ?status= asks for (by design).
  if (
    /^\/error(?:[/?]|$)/.test(sent.path) &&
    String(answer.headers['content-type']).startsWith('text/html')
  )
    return undefined;
  if (status >= 500) return `answered ${status}: ${answer.body.toString().slice(0, 200)}`;
  if (status < 400 || sent.method === 'HEAD') return undefined;
  const type = String(answer.headers['content-type'] ?? '');
  const isApi = /^\/api(?:[/?]|$)/.test(sent.path);
  if (!isApi && type.startsWith('text/html'))
    return answer.body.length > 0 ? undefined : `${status} with an empty page`;
  if (!type.startsWith('application/json'))
    return `${status} is not JSON (${type || 'no content type'}): ${answer.body.toString().slice(0, 120)}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body.toString());
  } catch {
    return `${status} with a body that is not JSON`;
  }
  const error = (parsed as { error?: unknown } | null)?.error;
  if (typeof error !== 'string' || error.trim() === '')
    return `${status} without an "error" message`;
  if (error.length > MAX_ERROR_LENGTH) return `${status} with a ${error.length}-character error`;
  // What the request itself sent may be echoed (a quoted slug, the path of an unknown endpoint), and the
  // fuzz sends the word "undefined" too: only the server's own words are judged.
  const pathname = sent.path.split('?')[0]!;
  let ownWords = error
    .replace(/"[^"]*"/g, '""')
    .split(pathname.replace(/^\/api/, ''))
    .join('');
  try {
    ownWords = ownWords.split(decodeURIComponent(pathname)).join('');
  } catch {
    // not decodable: nothing of it can be echoed decoded
  }
  if (/\n\s+at |Error: |undefined|\[object Object\]/.test(ownWords))
    return `${status} with an error that is not plain words: ${error.slice(0, 120)}`;
  return undefined;
}

const describeSent = (sent: Sent) => {
  const body = sent.body?.length
    ? ` ${sent.headers['Content-Type'] ?? ''} ${sent.body.toString().slice(0, 80)}${sent.body.length > 80 ? `… (${sent.body.length} bytes)` : ''}`
    : '';
  const path =
    sent.path.length > 160 ? `${sent.path.slice(0, 160)}… (${sent.path.length} chars)` : sent.path;
  const odd = Object.entries(sent.headers)
    .filter(([name]) => !/^(x-forwarded-for|cookie|x-csrf-token|content-type)$/i.test(name))
    .map(
      ([name, value]) =>
        `${name}: ${value.length > 40 ? `${value.slice(0, 40)}… (${value.length})` : value}`,
    );
  return `${sent.method} ${path}${body}${odd.length > 0 ? ` [${odd.join('; ')}]` : ''}`;
};

/** A request for this endpoint with every part drawn from the hostile generators. */
function hostileRequest(endpoint: Endpoint): fc.Arbitrary<Drawn> {
  const path =
    typeof endpoint.template === 'string'
      ? fc
          .array(hostileSegment, {
            minLength: parameterNames(endpoint.template).length,
            maxLength: parameterNames(endpoint.template).length,
          })
          .map((values) => fillTemplate(endpoint.template as string, values))
      : fc.stringMatching(endpoint.template).map((p) => encodeURI(p));
  return fc.record({
    method: methodFor(endpoint.method),
    path,
    query: hostileQuery,
    body: hostileBody,
    headers: hostileHeaders,
    withSession: fc.boolean(),
    clientIp: fc.tuple(fc.nat(255), fc.nat(255)).map(([a, b]) => `198.18.${a}.${b}`),
  });
}

/** Requests to no endpoint in particular: odd paths, dot segments, slashes, methods. */
const strayRequest: fc.Arbitrary<Drawn> = fc.record({
  method: fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'TRACE', 'PATCH'),
  path: fc.oneof(
    fc.array(hostileSegment, { minLength: 1, maxLength: 6 }).map((s) => `/${s.join('/')}`),
    fc.constantFrom(
      `/states/illinois${'/'.repeat(15_000)}a`,
      `/api/companies${'/'.repeat(5000)}x`,
      `/${'a/'.repeat(3000)}`,
      '//%2e%2e%2f',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/./././',
      '/..;/admin',
      '/widget/..%2f..%2fpackage.json',
      '/assets/%2e%2e%2f%2e%2e%2fpackage.json',
      '/api/%zz',
      '/%',
      `/search?q=${'%F0%9F%98%80'.repeat(500)}`,
      '/healthz/../api/admin/dashboard',
      '/api//admin//dashboard',
      '/API/ADMIN/DASHBOARD',
      '/robots.txt?%',
    ),
  ),
  query: hostileQuery,
  body: hostileBody,
  headers: hostileHeaders,
  withSession: fc.constant(false),
  clientIp: fc.constant('198.19.0.1'),
});

describe.each(testDatabases())('hostile input on $name', (database) => {
  let fuzz: FuzzApp;
  let admin: AdminClient;
  let endpoints: Endpoint[];
  const probe = new HealthProbe();
  const failures = new Map<string, string>();
  /** The five slowest answers, printed with the /healthz figures. */
  const slowest: Array<{ ms: number; what: string }> = [];

  /** Sends one drawn request (signed in where asked) and records what is wrong with its answer. */
  async function exercise(label: string, drawn: Drawn): Promise<void> {
    const headers: Record<string, string> = { 'X-Forwarded-For': drawn.clientIp };
    const signedIn = drawn.withSession && !/^\/api\/logout/.test(drawn.path);
    if (signedIn) {
      headers.Cookie = admin.cookie;
      headers['X-CSRF-Token'] = admin.csrfToken;
    }
    const hasBody = drawn.method !== 'GET' && drawn.method !== 'HEAD';
    if (hasBody) {
      if (drawn.body.contentType) headers['Content-Type'] = drawn.body.contentType;
      if (drawn.body.contentEncoding) headers['Content-Encoding'] = drawn.body.contentEncoding;
    }
    Object.assign(headers, drawn.headers);
    const sent: Sent = {
      method: drawn.method,
      path: drawn.path + drawn.query,
      headers,
      ...(hasBody ? { body: drawn.body.body } : {}),
    };
    const isWrite = WRITES.has(sent.method);
    const before = isWrite ? await tableCounts(fuzz.db) : undefined;
    let answer: RawAnswer;
    const started = performance.now();
    try {
      answer = await fuzz.send(sent);
      slowest.push({
        ms: performance.now() - started,
        what: `${describeSent(sent)} → ${answer.status}`,
      });
      slowest.sort((a, b) => b.ms - a.ms).splice(5);
    } catch (error) {
      failures.set(`${label}: no answer`, `${describeSent(sent)} → ${(error as Error).message}`);
      return;
    }
    const problem = problemWith(sent, answer);
    if (problem)
      failures.set(`${label}: ${problem.slice(0, 60)}`, `${describeSent(sent)} → ${problem}`);
    if (before && answer.status >= 400) {
      const after = await tableCounts(fuzz.db);
      const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
      if (changed.length > 0)
        failures.set(
          `${label}: stored while refusing`,
          `${describeSent(sent)} → ${answer.status}, yet ${changed.map((t) => `${t} ${before[t]}→${after[t]}`).join(', ')}`,
        );
    }
    // A request that ended the session (logout through another path, a password change) must not end the run.
    if (signedIn && answer.status === 401) admin = await loginAsAdmin(fuzz.baseUrl);
  }

  async function fuzzEndpoints(list: Endpoint[], runsFor: (endpoint: Endpoint) => number) {
    for (const endpoint of list) {
      const label = `${endpoint.method} ${String(endpoint.template)}`;
      await fc.assert(
        fc.asyncProperty(hostileRequest(endpoint), (drawn) => exercise(label, drawn)),
        { numRuns: runsFor(endpoint), seed: SEED },
      );
    }
  }

  const report = () => {
    const lines = [...failures.values()];
    if (lines.length > 0)
      console.error(`fuzz seed ${SEED} (FUZZ_SEED=${SEED} replays it):\n${lines.join('\n')}`);
    return lines;
  };

  beforeAll(async () => {
    const config = await privateDatabase(database.config);
    fuzz = await startFuzzApp(config, {
      TRUST_PROXY: '1',
      RATE_LIMIT_LEADS: '0',
      RATE_LIMIT_SESSIONS: '0',
      RATE_LIMIT_MATCHES: '0',
    });
    admin = await loginAsAdmin(fuzz.baseUrl);
    endpoints = [...routerEndpoints(fuzz.app), ...pageEndpoints(await directoryRoutes())];
    probe.start(fuzz.baseUrl);
  }, 180_000);

  afterAll(async () => {
    probe.stop();
    await fuzz?.close();
  });

  it('finds the endpoints: the API, the admin API, the widget and every page', () => {
    const templates = endpoints.map((e) => `${e.method} ${String(e.template)}`);
    for (const known of [
      'POST /api/proxy/send_lead',
      'POST /api/login',
      'GET /api/admin/companies',
      'PUT /api/admin/companies/:id',
      'POST /api/admin/upload',
      'GET /api/companies/:slug',
      'GET /states/:state/:city',
      'GET /admin/companies/:id',
    ])
      expect(templates).toContain(known);
  });

  it('answers every public endpoint and page with a 2xx or a clear 4xx, never a 5xx, storing nothing when refusing', async () => {
    failures.clear();
    const isPage = (e: Endpoint) =>
      typeof e.template === 'string' && !e.template.startsWith('/api');
    await fuzzEndpoints(
      endpoints.filter(
        (e) =>
          !String(e.template).startsWith('/api/admin') && !String(e.template).startsWith('/admin'),
      ),
      (e) => (isPage(e) ? PAGE_RUNS : RUNS),
    );
    expect(report()).toEqual([]);
  }, 300_000);

  it('answers every admin endpoint and screen the same way, signed in with the CSRF token or not', async () => {
    failures.clear();
    await fuzzEndpoints(
      endpoints.filter(
        (e) =>
          String(e.template).startsWith('/api/admin') || String(e.template).startsWith('/admin'),
      ),
      (e) => (String(e.template).startsWith('/admin') ? PAGE_RUNS : RUNS),
    );
    expect(report()).toEqual([]);
  }, 300_000);

  it('answers requests to no endpoint at all: long, dotted, badly encoded paths and odd methods', async () => {
    failures.clear();
    await fc.assert(
      fc.asyncProperty(strayRequest, (drawn) => exercise('stray', drawn)),
      { numRuns: RUNS * 8, seed: SEED },
    );
    expect(report()).toEqual([]);
  }, 300_000);

  it('answers what Node’s HTTP parser refuses in JSON too: headers over 16 KB, requests that are not HTTP', async () => {
    const url = new URL(fuzz.baseUrl);
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(url.port), url.hostname, () => socket.write(request));
        let answer = '';
        socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
        socket.on('end', () => resolve(answer));
        socket.on('error', reject);
      });
    const tooBig = await raw(`GET / HTTP/1.1\r\nHost: x\r\nCookie: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(tooBig).toMatch(/^HTTP\/1\.1 431 /);
    expect(tooBig.split('\r\n\r\n')[1]).toBe('{"error":"The request headers are too large"}');
    const notHttp = await raw('\u0000\u0001\u0002 / HTTP/1.1\r\n\r\n');
    expect(notHttp).toMatch(/^HTTP\/1\.1 400 /);
    expect(notHttp.split('\r\n\r\n')[1]).toBe('{"error":"The request is not valid HTTP"}');
  });

  it('kept /healthz answering throughout', () => {
    const { count, maxMs, failed } = probe.summary();
    console.info(
      `/healthz on ${database.name} during the fuzz: ${count} probes, slowest ${maxMs.toFixed(0)} ms, ${failed} not 200\n` +
        `slowest answers:\n${slowest.map(({ ms, what }) => `  ${ms.toFixed(0)} ms  ${what.slice(0, 200)}`).join('\n')}`,
    );
    expect(count).toBeGreaterThan(0);
    expect(failed).toBe(0);
    // Generous: a probe is 100 ms apart; a stall of a second means a request held the event loop.
    expect(maxMs).toBeLessThan(1000);
  });
});
