import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import express from 'express';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { loadConfig, type Config } from '../config';
import { openDatabase } from '../db/connection';
import { testDatabases } from '../../test/databases';
import { mountDirectory } from './mount-directory';
import type { PageCache } from './page-cache';
import { rawPathRequest, rawRequest } from '../../test/raw-request';

const silent = pino({ level: 'silent' });

/** A stand-in for `vite build` output: a manifest, a hashed asset, a public file and a server entry. */
function fixtureBuild(parent = os.tmpdir()): string {
  const root = fs.mkdtempSync(path.join(parent, 'moveratlas-directory-'));
  const client = path.join(root, 'dist', 'client');
  fs.mkdirSync(path.join(client, '.vite'), { recursive: true });
  fs.mkdirSync(path.join(client, 'assets'), { recursive: true });
  fs.mkdirSync(path.join(root, 'dist', 'server'), { recursive: true });
  fs.writeFileSync(
    path.join(client, '.vite', 'manifest.json'),
    JSON.stringify({
      'src/app/entry-client.tsx': {
        file: 'assets/entry-client-abc123.js',
        isEntry: true,
        imports: ['_vendor-def456.js'],
        css: ['assets/entry-client-abc123.css'],
      },
      '_vendor-def456.js': { file: 'assets/vendor-def456.js' },
    }),
  );
  fs.writeFileSync(path.join(client, 'assets', 'entry-client-abc123.js'), 'export {};\n');
  fs.writeFileSync(path.join(client, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(
    path.join(root, 'dist', 'server', 'entry-server.js'),
    `export async function render(request, { data, assets }) {
      const url = new URL(request.url);
      if (url.pathname === '/old') return new Response(null, { status: 301, headers: { Location: '/states' } });
      const status = url.pathname === '/missing' ? 404 : 200;
      const body = JSON.stringify({ url: request.url, method: request.method, site: data.site(), assets });
      return new Response(body, { status, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
    }\n`,
  );
  return root;
}

async function listen(app: express.Express): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const testConfig = (env: Record<string, string> = {}): Config =>
  loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });

describe('mountDirectory with a build', () => {
  let root: string;
  let db: Knex;
  let server: Awaited<ReturnType<typeof listen>>;

  beforeAll(async () => {
    root = fixtureBuild();
    db = openDatabase({ client: 'sqlite', filename: ':memory:' });
    const app = express();
    app.get('/healthz', (_req, res) => {
      res.json({ ok: true });
    });
    await mountDirectory(
      app,
      { config: testConfig({ SITE_NAME: 'Test Movers' }), db, logger: silent },
      { directoryRoot: root },
    );
    server = await listen(app);
  });

  afterAll(async () => {
    await server.close();
    await db.destroy();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('renders pages through the server entry with the site facts and the manifest assets', async () => {
    const response = await fetch(`${server.baseUrl}/states?sort=name`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=10, stale-while-revalidate=20',
    );
    const body = (await response.json()) as {
      url: string;
      method: string;
      site: { siteName: string; origin: string; currentYear: number };
      assets: unknown;
    };
    expect(body.url).toBe(`${server.baseUrl}/states?sort=name`);
    expect(body.method).toBe('GET');
    expect(body.site).toEqual({
      siteName: 'Test Movers',
      origin: server.baseUrl,
      currentYear: new Date().getFullYear(),
    });
    expect(body.assets).toEqual({
      styles: ['/assets/entry-client-abc123.css'],
      scripts: ['/assets/entry-client-abc123.js'],
      modulePreloads: ['/assets/vendor-def456.js'],
    });
  });

  it('keeps the status the router chose and does not let error pages be stored', async () => {
    const response = await fetch(`${server.baseUrl}/missing`);
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('passes redirects straight through', async () => {
    const response = await fetch(`${server.baseUrl}/old`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/states');
  });

  it('serves hashed assets as immutable for a year, and answers 404 for unknown ones', async () => {
    const asset = await fetch(`${server.baseUrl}/assets/entry-client-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const missing = await fetch(`${server.baseUrl}/assets/entry-client-000000.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control') ?? '').not.toContain('immutable');
  });

  it('refuses to change a hashed asset with a JSON 405, not a bare status (issue 12 fuzz)', async () => {
    const patch = await fetch(`${server.baseUrl}/assets/%2e%2e%2fpackage.json`, {
      method: 'PATCH',
    });
    expect(patch.status).toBe(405);
    expect(patch.headers.get('allow')).toBe('GET, HEAD');
    expect(((await patch.json()) as { error: string }).error).toMatch(/can only be downloaded/);
  });

  it('serves public files but never the build manifest', async () => {
    const favicon = await fetch(`${server.baseUrl}/favicon.svg`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get('content-type')).toContain('image/svg+xml');
    const manifest = await fetch(`${server.baseUrl}/.vite/manifest.json`);
    // The request reaches the page renderer (the fixture echoes it) instead of the file.
    expect(await manifest.text()).not.toContain('"isEntry"');
  });

  it('leaves /api/*, /healthz and non-GET requests alone', async () => {
    const api = await fetch(`${server.baseUrl}/api/states`);
    expect(api.status).toBe(404);
    expect(await api.text()).toContain('Cannot GET /api/states');
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
    const post = await fetch(`${server.baseUrl}/states`, { method: 'POST' });
    expect(post.status).toBe(404);
    expect(await post.text()).toContain('Cannot POST /states');
  });

  it('answers HEAD like GET without a body', async () => {
    const response = await fetch(`${server.baseUrl}/states`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });

  it('sends a path starting with // to its one form on this site, never to another host (issue 12, 15)', async () => {
    for (const [path, location] of [
      ['//%2e%2e%2f', '/%2e%2e%2f'],
      ['//evil.example/states', '/evil.example/states'],
    ]) {
      // The path exactly as sent: a URL string would have its %2e%2e resolved before it left.
      const { status, headers } = await rawPathRequest(server.baseUrl, path!);
      expect(status).toBe(301);
      // One leading slash: a path of this site, never the protocol-relative //evil.example.
      expect(headers.location).toBe(location);
    }
    // That form reaches the renderer as a path of this site.
    const { status, body } = await rawPathRequest(server.baseUrl, '/evil.example/states');
    expect(status).toBe(200);
    expect((JSON.parse(body.toString('utf8')) as { url: string }).url).toBe(
      `${server.baseUrl}/evil.example/states`,
    );
  });

  it('serves a page to a request with cookies as private, no-store (issue 12)', async () => {
    const response = await fetch(`${server.baseUrl}/states`, {
      headers: { cookie: 'moveratlas_session=abc' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('mountDirectory installed under a folder with a dot segment (issue 12)', () => {
  let parent: string;
  let db: Knex;
  let server: Awaited<ReturnType<typeof listen>>;

  beforeAll(async () => {
    parent = fs.mkdtempSync(path.join(os.tmpdir(), 'moveratlas-dot-'));
    const dotted = path.join(parent, '.local', 'share');
    fs.mkdirSync(dotted, { recursive: true });
    const root = fixtureBuild(dotted);
    db = openDatabase({ client: 'sqlite', filename: ':memory:' });
    const app = express();
    await mountDirectory(
      app,
      { config: testConfig(), db, logger: silent },
      { directoryRoot: root },
    );
    server = await listen(app);
  });
  afterAll(async () => {
    await server.close();
    await db.destroy();
    fs.rmSync(parent, { recursive: true, force: true });
  });

  it('serves the hashed assets and the public files', async () => {
    const asset = await fetch(`${server.baseUrl}/assets/entry-client-abc123.js`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(asset.status).toBe(200);
    expect(await asset.text()).toBe('export {};\n');
    expect((await fetch(`${server.baseUrl}/favicon.svg`)).status).toBe(200);
  });
});

describe('mountDirectory page cache', () => {
  let root: string;
  let db: Knex;
  let server: Awaited<ReturnType<typeof listen>> | undefined;

  beforeAll(() => {
    root = fixtureBuild();
    db = openDatabase({ client: 'sqlite', filename: ':memory:' });
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  afterAll(async () => {
    await db.destroy();
    fs.rmSync(root, { recursive: true, force: true });
  });

  async function start(env: Record<string, string> = {}) {
    const app = express();
    await mountDirectory(
      app,
      { config: testConfig(env), db, logger: silent },
      { directoryRoot: root },
    );
    server = await listen(app);
    return { baseUrl: server.baseUrl, pages: app.locals.renderedPages as PageCache };
  }

  /** The raw bytes and headers, without fetch's automatic decompression. */
  const rawGet = (url: string, headers: Record<string, string> = {}) => rawRequest(url, headers);

  it('renders a page once and answers the next requests for its address from memory', async () => {
    const { baseUrl, pages } = await start();
    const first = await fetch(`${baseUrl}/states?sort=name`);
    expect(first.headers.get('x-cache')).toBe('MISS');
    const second = await fetch(`${baseUrl}/states?sort=name`);
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(second.headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=10, stale-while-revalidate=20',
    );
    expect(second.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await second.text()).toBe(await first.text());
    // Another query string is another page.
    expect((await fetch(`${baseUrl}/states?sort=rating`)).headers.get('x-cache')).toBe('MISS');
    expect(pages.size.entries).toBe(2);
    pages.clear();
    expect((await fetch(`${baseUrl}/states?sort=name`)).headers.get('x-cache')).toBe('MISS');
  });

  it('sends the kept page in the encoding the client accepts, with an ETag for revalidation', async () => {
    const { baseUrl } = await start();
    const plain = await rawGet(`${baseUrl}/states`);
    const text = plain.body.toString();
    expect(JSON.parse(text)).toMatchObject({ url: `${baseUrl}/states` });

    const br = await rawGet(`${baseUrl}/states`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['x-cache']).toBe('HIT');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(text);

    const gz = await rawGet(`${baseUrl}/states`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(text);

    expect(plain.headers['content-encoding']).toBeUndefined();
    const etag = gz.headers.etag!;
    expect(etag).toMatch(/^W\//);
    const revalidated = await rawGet(`${baseUrl}/states`, { 'if-none-match': etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
  });

  it('answers HEAD from the page GET keeps, without a body', async () => {
    const { baseUrl } = await start();
    await fetch(`${baseUrl}/states`);
    const head = await fetch(`${baseUrl}/states`, { method: 'HEAD' });
    expect(head.headers.get('x-cache')).toBe('HIT');
    expect(await head.text()).toBe('');
  });

  it('never keeps error pages or redirects, and renders for requests with cookies or credentials', async () => {
    const { baseUrl, pages } = await start();
    for (let i = 0; i < 2; i += 1) {
      const missing = await fetch(`${baseUrl}/missing`);
      expect(missing.status).toBe(404);
      expect(missing.headers.get('x-cache')).toBe('MISS');
      expect(missing.headers.get('cache-control')).toBe('no-store');
      const moved = await fetch(`${baseUrl}/old`, { redirect: 'manual' });
      expect(moved.status).toBe(301);
    }
    expect(pages.size.entries).toBe(0);
    await fetch(`${baseUrl}/states`);
    for (const headers of [{ cookie: 'ma_session=abc' }, { authorization: 'Bearer x' }] as Array<
      Record<string, string>
    >) {
      const response = await fetch(`${baseUrl}/states`, { headers });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-cache')).toBeNull();
    }
  });

  it('keeps pages apart by origin', async () => {
    const { baseUrl } = await start();
    const a = await rawGet(`${baseUrl}/`, { host: 'a.example' });
    const b = await rawGet(`${baseUrl}/`, { host: 'b.example' });
    expect(b.headers['x-cache']).toBe('MISS');
    expect(JSON.parse(a.body.toString()).site.origin).toBe('http://a.example');
    expect(JSON.parse(b.body.toString()).site.origin).toBe('http://b.example');
  });

  it('renders every request with API_CACHE_SECONDS=0', async () => {
    const { baseUrl } = await start({ API_CACHE_SECONDS: '0' });
    await fetch(`${baseUrl}/states`);
    const again = await fetch(`${baseUrl}/states`);
    expect(again.headers.get('x-cache')).toBeNull();
    expect(again.status).toBe(200);
  });
});

describe('mountDirectory origins', () => {
  let root: string;
  let db: Knex;
  let server: Awaited<ReturnType<typeof listen>> | undefined;

  beforeAll(() => {
    root = fixtureBuild();
    db = openDatabase({ client: 'sqlite', filename: ':memory:' });
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  afterAll(async () => {
    await db.destroy();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('builds canonical addresses on PUBLIC_URL when it is configured', async () => {
    const app = express();
    const config = testConfig({ PUBLIC_URL: 'https://www.moveratlas.example/' });
    await mountDirectory(app, { config, db, logger: silent }, { directoryRoot: root });
    server = await listen(app);
    const body = (await (await fetch(`${server.baseUrl}/`)).json()) as { site: { origin: string } };
    expect(body.site.origin).toBe('https://www.moveratlas.example');
  });

  it('refuses to start in production without a build, and carries on without pages otherwise', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'moveratlas-unbuilt-'));
    try {
      const production = { ...testConfig(), env: 'production' as const };
      await expect(
        mountDirectory(
          express(),
          { config: production, db, logger: silent },
          { directoryRoot: empty },
        ),
      ).rejects.toThrow(/The directory is not built/);
      await expect(
        mountDirectory(
          express(),
          { config: testConfig(), db, logger: silent },
          { directoryRoot: empty },
        ),
      ).resolves.toBeUndefined();
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});

// The real directory build against the seeded test database, when `npm run build -w @moveratlas/directory` has run.
const directoryRoot = path.resolve(import.meta.dirname, '../../../directory');
const built = fs.existsSync(path.join(directoryRoot, 'dist', 'server', 'entry-server.js'));

describe.skipIf(!built)('the built directory', () => {
  let db: Knex;
  let server: Awaited<ReturnType<typeof listen>>;

  beforeAll(async () => {
    db = openDatabase(testDatabases()[0]!.config);
    const app = express();
    await mountDirectory(app, { config: testConfig(), db, logger: silent }, { directoryRoot });
    server = await listen(app);
  });
  afterAll(async () => {
    await server.close();
    await db.destroy();
  });

  it('renders the home page with live counts and the head in <head>', async () => {
    const response = await fetch(`${server.baseUrl}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(
      '<title>Compare Moving Companies &amp; Get Free Quotes | MoverAtlas</title>',
    );
    expect(head).toContain(`<link rel="canonical" href="${server.baseUrl}/"/>`);
    expect(html).toContain('href="/states/illinois/chicago"');
    expect(html).toContain('id="__loader_data"');
  });

  it('renders /states with every state and 404s unknown paths', async () => {
    const states = await (await fetch(`${server.baseUrl}/states`)).text();
    expect(states.match(/href="\/states\/[a-z-]+"/g)).toHaveLength(51);
    const missing = await fetch(`${server.baseUrl}/moving-companies-nowhere`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<meta name="robots" content="noindex"/>');
  });
});
