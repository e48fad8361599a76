import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import express from 'express';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../../test/raw-request';
import { precompressedAssets } from './precompressed-assets';

const script = `export const movers = [${Array.from({ length: 400 }, (_, i) => `"company-${i}"`).join(',')}];\n`;
let dir: string;
let server: http.Server;
let baseUrl: string;

const get = (urlPath: string, headers: Record<string, string> = {}, method = 'GET') =>
  rawRequest(`${baseUrl}${urlPath}`, headers, method);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'moveratlas-precompressed-'));
  fs.writeFileSync(path.join(dir, 'app-1a2b.js'), script);
  fs.writeFileSync(path.join(dir, 'photo-3c4d.png'), Buffer.from([137, 80, 78, 71]));
  // Forms the build wrote (precompress-cli.ts): marked, so an answer shows they were read, not made.
  fs.writeFileSync(path.join(dir, 'built-5e6f.js'), script);
  fs.writeFileSync(path.join(dir, 'built-5e6f.js.br'), brotliCompressSync('/* from the build */'));
  fs.writeFileSync(path.join(dir, 'built-5e6f.js.gz'), gzipSync('/* from the build */'));
  // Forms older than their file (a file rebuilt in place) are not trusted.
  fs.writeFileSync(path.join(dir, 'stale-7a8b.js.br'), brotliCompressSync('/* stale */'));
  fs.writeFileSync(path.join(dir, 'stale-7a8b.js.gz'), gzipSync('/* stale */'));
  const past = new Date(Date.now() - 60_000);
  fs.utimesSync(path.join(dir, 'stale-7a8b.js.br'), past, past);
  fs.utimesSync(path.join(dir, 'stale-7a8b.js.gz'), past, past);
  fs.writeFileSync(path.join(dir, 'stale-7a8b.js'), script);
  const assets = precompressedAssets(dir, pino({ level: 'silent' }));
  await assets.ready;
  const app = express();
  app.use('/assets', assets.handler);
  app.use('/assets', (_req, res) => {
    res.status(418).send('express.static');
  });
  server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('precompressedAssets', () => {
  it('sends brotli when the client accepts it, immutable, with a validator', async () => {
    const response = await get('/assets/app-1a2b.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(response.body).toString()).toBe(script);
    expect(response.body.length).toBeLessThan(script.length / 4);
    const again = await get('/assets/app-1a2b.js', {
      'accept-encoding': 'br',
      'if-none-match': response.headers.etag!,
    });
    expect(again.status).toBe(304);
  });

  it('sends gzip to a client without brotli, and answers HEAD without a body', async () => {
    const response = await get('/assets/app-1a2b.js', { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.body).toString()).toBe(script);
    const head = await get('/assets/app-1a2b.js', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it('serves the forms the build wrote beside a file, unless they are older than it', async () => {
    const built = await get('/assets/built-5e6f.js', { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(built.body).toString()).toBe('/* from the build */');
    const builtGzip = await get('/assets/built-5e6f.js', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(builtGzip.body).toString()).toBe('/* from the build */');
    const stale = await get('/assets/stale-7a8b.js', { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(stale.body).toString()).toBe(script);
  });

  it('leaves other requests to express.static', async () => {
    expect((await get('/assets/app-1a2b.js')).status).toBe(418);
    expect((await get('/assets/photo-3c4d.png', { 'accept-encoding': 'br' })).status).toBe(418);
    expect((await get('/assets/missing-0000.js', { 'accept-encoding': 'br' })).status).toBe(418);
  });
});
