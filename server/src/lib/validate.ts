/** Parses request input with a contracts schema; a failure becomes a 400 whose message names the field. */
import type { z } from 'zod';
import { HttpError } from './http-error';

export type InputSource = 'query' | 'body' | 'params';

export function describeIssue(issue: z.core.$ZodIssue, source: InputSource): string {
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.join(', ');
    return source === 'query' ? `Unknown query parameter: ${keys}` : `Unknown field: ${keys}`;
  }
  const field = issue.path.join('.');
  // The whole input has the wrong shape (no body at all, a JSON array or string for an object): zod's own
  // words ("expected object, received undefined") are not for people.
  if (issue.code === 'invalid_type' && !field) {
    const shape = issue.expected === 'array' ? 'a JSON array' : 'a JSON object';
    return source === 'body'
      ? `The request body must be ${shape}`
      : source === 'query'
        ? 'The query string is not valid'
        : 'The address is not valid';
  }
  if (issue.code === 'invalid_type' && field) {
    // Query strings repeat a key as an array (?limit=1&limit=2); say so instead of "expected string".
    return issue.message.startsWith('Invalid input') ? `${field} is invalid` : issue.message;
  }
  return issue.message;
}

export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  source: InputSource,
): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new HttpError(400, describeIssue(issue, source));
  }
  return result.data;
}
