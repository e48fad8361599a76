import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import express from 'express';
import { pino } from 'pino';
import { answerClientError, errorHandler } from './error-handler';

/** A JSON endpoint behind body-parser, answered by our error handler; Node's parser errors by ours too. */
let server: http.Server;
let port: number;
beforeAll(async () => {
  const app = express();
  app.post('/echo', express.json({ limit: '1kb' }), (req, res) => {
    res.json({ got: req.body as unknown });
  });
  app.post('/form', express.urlencoded({ extended: false, parameterLimit: 5 }), (_req, res) => {
    res.json({ ok: true });
  });
  app.use(errorHandler(pino({ level: 'silent' })));
  server = http.createServer(app);
  server.on('clientError', answerClientError);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const post = (path: string, headers: Record<string, string>, body: string | Buffer) =>
  fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', headers, body });

/** Bytes straight onto a socket: what Node's parser sees before any app does. */
function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('errorHandler: body-parser refusals in words', () => {
  it.each([
    [{ 'Content-Type': 'application/json' }, '{"a":', 400, 'The request body is not valid JSON'],
    [
      { 'Content-Type': 'application/json' },
      `"${'x'.repeat(2000)}"`,
      413,
      'The request body is too large',
    ],
    [
      { 'Content-Type': 'application/json; charset=koi8-r' },
      '{}',
      415,
      'The request body must be UTF-8',
    ],
    [
      { 'Content-Type': 'application/json', 'Content-Encoding': 'x-unknown' },
      '{}',
      415,
      'The request body’s content encoding is not supported (gzip, deflate and br are)',
    ],
    [
      { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
      'not gzip at all',
      400,
      'The request body could not be decompressed',
    ],
  ])('%o %s → %i', async (headers, body, status, message) => {
    const res = await post('/echo', headers, body);
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual({ error: message });
  });

  it('says so when a form has too many fields', async () => {
    const res = await post(
      '/form',
      { 'Content-Type': 'application/x-www-form-urlencoded' },
      'a=1&b=2&c=3&d=4&e=5&f=6&g=7',
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: 'The request has too many fields' });
  });
});

describe('answerClientError: what Node refuses before the app, in JSON', () => {
  it('answers headers over 16 KB with 431', async () => {
    const answer = await raw(
      `GET /echo HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toMatch(/\r\nContent-Type: application\/json; charset=utf-8\r\n/);
    expect(answer.split('\r\n\r\n')[1]).toBe('{"error":"The request headers are too large"}');
  });

  it('answers HEAD with headers only, as HTTP requires (issue 12 fuzz: a body broke the client)', async () => {
    const answer = await raw(`HEAD /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toMatch(/\r\nContent-Length: 45\r\n/);
    expect(answer.split('\r\n\r\n')[1]).toBe('');
  });

  it('answers a request that is not HTTP with 400', async () => {
    const answer = await raw('HELLO THERE\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer.split('\r\n\r\n')[1]).toBe('{"error":"The request is not valid HTTP"}');
  });
});
