/**
 * Parses request input with a contracts schema; a failure becomes a 400 whose message names the field in
 * plain words ("First name must be…", never "first_name must be…": issue 16). The contracts word their own
 * messages so; what zod words itself ("Too small: expected number to be >=1") is reworded here, naming the
 * field by its label.
 */
import type { z } from 'zod';
import { fieldLabel } from '@moveratlas/contracts';
import { HttpError } from './http-error';

export type InputSource = 'query' | 'body' | 'params';

/** A field's name in a message: the caller's label for it (a script parameter's title), or its words. */
export type FieldLabeller = (path: readonly PropertyKey[]) => string | undefined;

/** The last named part of a path: ["origins", 2] is about "origins". */
function pathLabel(path: readonly PropertyKey[], labelOf?: FieldLabeller): string {
  const own = labelOf?.(path);
  if (own) return own;
  const named = [...path].reverse().find((part) => typeof part === 'string');
  return named === undefined ? 'A value' : fieldLabel(named);
}

/** zod's own words for an issue start so; a contracts message never does. */
const ZOD_WORDS =
  /^(Too small|Too big|Invalid input|Invalid option|Invalid string|Invalid |Expected )/;

const count = (n: number | bigint, one: string, many: string) =>
  `${n} ${Number(n) === 1 ? one : many}`;

/** zod's issue in plain words about `label`. */
function plainIssue(issue: z.core.$ZodIssue, label: string): string {
  switch (issue.code) {
    case 'too_small':
    case 'too_big': {
      const bound = issue.code === 'too_small' ? issue.minimum : issue.maximum;
      const side =
        issue.code === 'too_small'
          ? issue.inclusive === false
            ? 'more than'
            : 'at least'
          : issue.inclusive === false
            ? 'less than'
            : 'at most';
      if (issue.origin === 'string')
        return `${label} must be ${side} ${count(bound, 'character', 'characters')}`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${label} must list ${side} ${count(bound, 'item', 'items')}`;
      return `${label} must be ${side} ${String(bound)}`;
    }
    case 'invalid_value':
      return `${label} must be one of: ${issue.values.map(String).join(', ')}`;
    case 'invalid_type':
      return issue.message.includes('received undefined')
        ? `${label} is required`
        : issue.expected === 'number' || issue.expected === 'int'
          ? `${label} must be a number`
          : issue.expected === 'boolean'
            ? `${label} must be true or false`
            : `${label} is not valid`;
    case 'not_multiple_of':
      return `${label} must be a multiple of ${String(issue.divisor)}`;
    default:
      return `${label} is not valid`;
  }
}

export function describeIssue(
  issue: z.core.$ZodIssue,
  source: InputSource,
  labelOf?: FieldLabeller,
): string {
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.join(', ');
    return source === 'query' ? `Unknown query parameter: ${keys}` : `Unknown field: ${keys}`;
  }
  // The whole input has the wrong shape (no body at all, a JSON array or string for an object): zod's own
  // words ("expected object, received undefined") are not for people.
  if (issue.code === 'invalid_type' && issue.path.length === 0) {
    const shape = issue.expected === 'array' ? 'a JSON array' : 'a JSON object';
    return source === 'body'
      ? `The request body must be ${shape}`
      : source === 'query'
        ? 'The query string is not valid'
        : 'The address is not valid';
  }
  if (ZOD_WORDS.test(issue.message)) return plainIssue(issue, pathLabel(issue.path, labelOf));
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
