import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from './http-error';
import { parseInput } from './validate';

const Body = z.strictObject({ name: z.string().min(2, 'Name must be at least 2 characters') });
const List = z.array(z.number());

const messageOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(400);
    return (error as HttpError).message;
  }
  throw new Error('expected a refusal');
};

describe('parseInput', () => {
  it('names the field that is wrong', () => {
    expect(messageOf(() => parseInput(Body, { name: 'x' }, 'body'))).toBe(
      'Name must be at least 2 characters',
    );
    expect(messageOf(() => parseInput(Body, { name: 7 }, 'body'))).toBe('Name is not valid');
    expect(messageOf(() => parseInput(Body, { name: 'ok', x: 1 }, 'body'))).toBe(
      'Unknown field: x',
    );
  });

  it('says what the body must be when it has the wrong shape or is missing, never zod’s own words', () => {
    for (const input of [undefined, null, 'text', 42, [1, 2]])
      expect(messageOf(() => parseInput(Body, input, 'body'))).toBe(
        'The request body must be a JSON object',
      );
    expect(messageOf(() => parseInput(List, { a: 1 }, 'body'))).toBe(
      'The request body must be a JSON array',
    );
    expect(messageOf(() => parseInput(Body, undefined, 'query'))).toBe(
      'The query string is not valid',
    );
  });

  it('hands back the parsed value when it is valid', () => {
    expect(parseInput(Body, { name: 'Acme' }, 'body')).toEqual({ name: 'Acme' });
  });
});
