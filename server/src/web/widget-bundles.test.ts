import fs from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from '../lib/error-handler';
import { rawRequest } from '../../test/raw-request';
import { LOADER_MAX_AGE_SECONDS, widgetBundles } from './widget-bundles';

const chunk = `export const steps = [${Array.from({ length: 300 }, (_, i) => `"step-${i}"`).join(',')}];\n`;
let distDir: string;
let app: express.Express;
let server: http.Server;

function rawGet(urlPath: string, acceptEncoding: string) {
  const { port } = server.address() as AddressInfo;
  return rawRequest(`http://127.0.0.1:${port}${urlPath}`, { 'accept-encoding': acceptEncoding });
}

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'moveratlas-widget-dist-'));
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(path.join(distDir, 'loader.js'), 'void 0;\n');
  fs.writeFileSync(path.join(distDir, 'assets', 'core-AbC123.js'), chunk);
  const bundles = widgetBundles({ distDir, logger: pino({ level: 'silent' }) });
  await bundles.ready;
  app = express();
  app.use('/widget', bundles.router);
  app.use(errorHandler(pino({ level: 'silent' })));
  server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('the widget bundles under /widget/', () => {
  it('serves the loader short-cached to any origin', async () => {
    const response = await request(app).get('/widget/loader.js');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe(
      `public, max-age=${LOADER_MAX_AGE_SECONDS}, stale-while-revalidate=3600`,
    );
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('sends a hashed chunk compressed ahead of time (brotli, else gzip), immutable, to any origin', async () => {
    const brotli = await rawGet('/widget/assets/core-AbC123.js', 'gzip, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers['access-control-allow-origin']).toBe('*');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(brotli.body).toString()).toBe(chunk);

    const gzip = await rawGet('/widget/assets/core-AbC123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(chunk);
  });

  it('sends the plain file to a client that accepts no compression', async () => {
    const response = await request(app)
      .get('/widget/assets/core-AbC123.js')
      .set('Accept-Encoding', 'identity');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toMatch(/immutable/);
    expect(response.text).toBe(chunk);
  });

  it('answers an unknown file with an uncached 404, not a page', async () => {
    const response = await request(app).get('/widget/assets/core-old999.js');
    expect(response.status).toBe(404);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toEqual({ error: 'There is no such file' });
  });

  it('answers a range past the end of the loader with a JSON 416, not a script (issue 12 fuzz)', async () => {
    const response = await request(app).get('/widget/loader.js').set('Range', 'bytes=999999999-');
    expect(response.status).toBe(416);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body.error).toEqual(expect.any(String));
  });

  it('refuses every method but GET and HEAD with a JSON 405 naming the methods that work', async () => {
    const response = await request(app).post('/widget/loader.js').send('x');
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
    expect(response.body.error).toMatch(/can only be downloaded/);
  });
});

describe('the widget bundles installed under a folder with a dot segment (issue 12)', () => {
  // ~/.local/share/…, .cache/…, CI work folders: send refused the loader's whole path for its dot segment.
  let root: string;
  let dotted: express.Express;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'moveratlas-widget-dot-'));
    const dist = path.join(root, '.local', 'share', 'moveratlas', 'widget', 'dist');
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'loader.js'), 'void "loader";\n');
    fs.writeFileSync(path.join(dist, 'assets', 'core-Dot123.js'), chunk);
    fs.writeFileSync(path.join(dist, '.secret'), 'not for anyone');
    const bundles = widgetBundles({ distDir: dist, logger: pino({ level: 'silent' }) });
    await bundles.ready;
    dotted = express();
    dotted.use('/widget', bundles.router);
  });

  afterAll(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('serves the loader and the chunks', async () => {
    const loader = await request(dotted).get('/widget/loader.js');
    expect(loader.status).toBe(200);
    expect(loader.text).toBe('void "loader";\n');
    const asset = await request(dotted)
      .get('/widget/assets/core-Dot123.js')
      .set('Accept-Encoding', 'identity');
    expect(asset.status).toBe(200);
    expect(asset.text).toBe(chunk);
  });

  it('still serves no dot-file of its own folder', async () => {
    const response = await request(dotted).get('/widget/.secret');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'There is no such file' });
  });
});
