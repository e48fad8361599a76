import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { loadConfig } from '../config';
import { openDatabase } from '../db/connection';
import { testDatabases } from '../../test/databases';
import { mountDirectory } from './mount-directory';

/**
 * A server entry standing in for the directory's: each path exercises one thing the render pool carries
 * between the threads (the data calls, a thrown Response, an error for the log, an abort, a long render).
 */
const ENTRY = `import { threadId } from 'node:worker_threads';
export async function render(request, { data, onError }) {
  const url = new URL(request.url);
  const json = (value, status = 200) =>
    new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
  switch (url.pathname) {
    case '/thread':
      return json({ threadId });
    case '/states':
      return json({ names: (await data.listStates()).map((state) => state.name), site: data.site() });
    case '/bad-filter':
      try {
        await data.listCompanies({ limit: 'many' });
        return json({ thrown: false });
      } catch (error) {
        if (!(error instanceof Response)) throw error;
        return json({ status: error.status, text: await error.text() }, error.status);
      }
    case '/log':
      onError(new TypeError('a component failed'));
      return json({ logged: true });
    case '/busy': {
      const end = Date.now() + 600;
      while (Date.now() < end);
      return json({ busy: true });
    }
    case '/slow':
      await new Promise((resolve) => {
        request.signal.addEventListener('abort', resolve, { once: true });
        setTimeout(resolve, 10_000);
      });
      onError(new Error(request.signal.aborted ? 'render aborted' : 'render not aborted'));
      return json({ slow: true });
    default:
      return json({ missing: true }, 404);
  }
}
`;

function fixtureBuild(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'moveratlas-render-pool-'));
  const client = path.join(root, 'dist', 'client');
  fs.mkdirSync(path.join(client, '.vite'), { recursive: true });
  fs.mkdirSync(path.join(root, 'dist', 'server'), { recursive: true });
  fs.writeFileSync(
    path.join(client, '.vite', 'manifest.json'),
    JSON.stringify({
      'src/app/entry-client.tsx': { file: 'assets/entry-client.js', isEntry: true },
    }),
  );
  fs.writeFileSync(path.join(root, 'dist', 'server', 'entry-server.js'), ENTRY);
  return root;
}

interface Served {
  baseUrl: string;
  logged: Array<{ msg: string; err?: { type: string; message: string } }>;
  close(): Promise<void>;
}

async function serve(root: string, db: Knex, renderThreads: string): Promise<Served> {
  const logged: Served['logged'] = [];
  const logger = pino(
    { level: 'error' },
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        logged.push(JSON.parse(chunk.toString()) as Served['logged'][number]);
        callback();
      },
    }),
  );
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    API_CACHE_SECONDS: '0',
    RENDER_THREADS: renderThreads,
  });
  const app = express();
  app.get('/healthz', (_req, res) => {
    res.json({ ok: true });
  });
  await mountDirectory(app, { config, db, logger }, { directoryRoot: root });
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    logged,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Whether /healthz answers while a page that computes for 600 ms is being rendered. */
async function healthzAnsweredDuringBusyPage(baseUrl: string): Promise<boolean> {
  let pageDone = false;
  const page = fetch(`${baseUrl}/busy`).then(async (res) => {
    await res.text();
    pageDone = true;
  });
  // Give the page time to start computing.
  await new Promise((resolve) => setTimeout(resolve, 150));
  await (await fetch(`${baseUrl}/healthz`)).json();
  const answeredFirst = !pageDone;
  await page;
  return answeredFirst;
}

/** The fixture build served with RENDER_THREADS=`threads` for the tests of one describe block. */
function servedWith(threads: string) {
  const state = {} as { root: string; db: Knex; served: Served };
  beforeAll(async () => {
    state.root = fixtureBuild();
    state.db = openDatabase(testDatabases()[0]!.config);
    state.served = await serve(state.root, state.db, threads);
  });
  afterAll(async () => {
    await state.served.close();
    await state.db.destroy();
    fs.rmSync(state.root, { recursive: true, force: true });
  });
  return state;
}

describe('pages rendered on a render thread (RENDER_THREADS=1)', () => {
  const fixture = servedWith('1');

  it('renders off the main thread, so a long render does not hold /healthz', async () => {
    const thread = (await (await fetch(`${fixture.served.baseUrl}/thread`)).json()) as {
      threadId: number;
    };
    expect(thread.threadId).toBeGreaterThan(0);
    expect(await healthzAnsweredDuringBusyPage(fixture.served.baseUrl)).toBe(true);
  });

  it('answers the page’s data calls from the main thread’s database', async () => {
    const res = await fetch(`${fixture.served.baseUrl}/states`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { names: string[]; site: { siteName: string } };
    const stored = (await fixture.db('states').orderBy('name').pluck('name')) as string[];
    expect(body.names).toEqual(stored);
    expect(body.names).toContain('Illinois');
    expect(body.site.siteName).toBe(loadConfig({ NODE_ENV: 'test' }).siteName);
  });

  it('hands a deliberate answer of the data (400 for a bad filter) to the renderer as a Response', async () => {
    const res = await fetch(`${fixture.served.baseUrl}/bad-filter`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { status: number; text: string };
    expect(body.status).toBe(400);
    expect(body.text).toMatch(/limit/i);
  });

  it('logs an error the render reports, with its kind and message', async () => {
    await fetch(`${fixture.served.baseUrl}/log`);
    expect(fixture.served.logged).toContainEqual(
      expect.objectContaining({
        msg: 'directory page failed',
        err: expect.objectContaining({ type: 'TypeError', message: 'a component failed' }),
      }),
    );
  });

  it('tells the thread when the visitor goes away, so the render can stop', async () => {
    const visitor = new AbortController();
    // A cookie makes the page personal: rendered for this request alone, which its disconnect may abort.
    const page = fetch(`${fixture.served.baseUrl}/slow`, {
      headers: { cookie: 'x=1' },
      signal: visitor.signal,
    }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 150));
    visitor.abort();
    await page;
    const deadline = Date.now() + 5000;
    while (
      Date.now() < deadline &&
      !fixture.served.logged.some((line) => line.err?.message.startsWith('render '))
    )
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fixture.served.logged.map((line) => line.err?.message)).toContain('render aborted');
  });
});

describe('pages rendered on the main thread (RENDER_THREADS=0)', () => {
  const fixture = servedWith('0');

  it('renders in the main thread, where a long render holds /healthz (why the threads exist)', async () => {
    const thread = (await (await fetch(`${fixture.served.baseUrl}/thread`)).json()) as {
      threadId: number;
    };
    expect(thread.threadId).toBe(0);
    expect(await healthzAnsweredDuringBusyPage(fixture.served.baseUrl)).toBe(false);
  });
});
