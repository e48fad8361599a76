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
    expect(response.text).toBe('Not found');
  });
});
