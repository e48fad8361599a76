import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { errorHandler } from '../error-handler';
import { pino } from 'pino';
import { MAX_JSON_DEPTH, jsonBody, jsonDepth } from './json-body';

describe('jsonDepth', () => {
  it('counts objects and arrays, not brackets inside strings', () => {
    expect(jsonDepth(Buffer.from('{"a":[1,{"b":"[[[[{{"}]}'))).toBe(3);
    expect(jsonDepth(Buffer.from('"\\"[[[["'))).toBe(0);
    expect(jsonDepth(Buffer.from('[[[]],[]]'))).toBe(3);
  });

  it('stops counting once past the limit', () => {
    expect(jsonDepth(Buffer.from('['.repeat(10_000)), 5)).toBe(6);
  });
});

describe('jsonBody', () => {
  const app = express();
  app.post('/echo', jsonBody('32kb'), (req, res) => {
    res.json({ got: req.body as unknown });
  });
  app.use(errorHandler(pino({ level: 'silent' })));

  it('parses a body nested up to the limit', async () => {
    const body = '['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH);
    const response = await request(app).post('/echo').type('json').send(body);
    expect(response.status).toBe(200);
  });

  it('refuses 10,000 nested arrays with a 400 in plain words, before parsing them', async () => {
    const body = '['.repeat(10_000) + ']'.repeat(10_000);
    const response = await request(app).post('/echo').type('json').send(body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`,
    });
  });
});
