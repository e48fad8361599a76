/**
 * Every message a person can get about a field names it in plain words (issue 16: "messages use code names
 * ('siteName is required')"). This walks every request schema of the contracts — and the widget's steps and
 * the scripts' parameters — with wrong values for each field, words each issue as the server does
 * (describeIssue), and fails on any message holding a code name (camelCase or snake_case) or not starting as
 * a sentence does. What a message quotes back ("…" is not an origin) and the values it lists after "one of:"
 * are what was sent or must be sent, so they are left out of the check.
 */
import { describe, expect, it } from 'vitest';
import { type z } from 'zod';
import * as contracts from '@moveratlas/contracts';
import { describeIssue } from '../src/lib/validate';
import { adminScripts } from '../src/features/scripts/registry';
import { parseScriptParams, ScriptParamsError } from '../src/jobs/script-jobs';

const CODE_NAME = /\b(?:[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*|[a-z][a-z0-9]*_[a-z0-9_]+)\b/;

/** The words of a message a person reads as prose: quotations and lists of allowed values taken out. */
const prose = (message: string) =>
  message
    .replace(/"[^"]*"|“[^”]*”/g, '""')
    .replace(/\b(one of|list of|such as):.*$/, '$1:')
    .replace(/\bsuch as \S+/g, 'such as');

export function faultsOf(message: string): string | null {
  const named = CODE_NAME.exec(prose(message));
  if (named) return `names "${named[0]}"`;
  if (!/^[A-Z0-9"“]/.test(message)) return 'does not start as a sentence';
  return null;
}

const WRONG: unknown[] = [
  undefined,
  null,
  '',
  '   ',
  'a',
  'x'.repeat(5001),
  'not valid!',
  '2026-13-45',
  '-1',
  '0',
  '99999999999',
  -1,
  0,
  1.5,
  1e15,
  true,
  'true',
  [],
  ['x'],
  [1, 2],
  {},
  { a: 1 },
  '\u0000',
  '\uD800',
];

/** Whole inputs that reach a schema's own rules across fields. */
const WHOLE: unknown[] = [
  {},
  { from: '2026-02-01', to: '2026-01-01' },
  { currentPassword: 'correct horse battery', newPassword: 'correct horse battery' },
  { needsAutoTransport: true },
];

type Def = { type: string; in?: z.ZodType; innerType?: z.ZodType; options?: z.ZodType[] };
const defOf = (schema: z.ZodType) => (schema as unknown as { def: Def }).def;

/** The object shapes inside a schema (through pipes, defaults, unions). */
function shapesOf(schema: z.ZodType, depth = 0): Array<Record<string, z.ZodType>> {
  if (depth > 6) return [];
  const def = defOf(schema);
  if (def.type === 'object') return [(schema as z.ZodObject).shape];
  if (def.type === 'pipe' && def.in) return shapesOf(def.in, depth + 1);
  if (def.innerType) return shapesOf(def.innerType, depth + 1);
  if (def.options) return def.options.flatMap((option) => shapesOf(option, depth + 1));
  return [];
}

/** Each message the schema gives for wrong values, as the server words it, with the input that caused it. */
function messagesOf(schema: z.ZodType): Map<string, unknown> {
  const found = new Map<string, unknown>();
  const tryInput = (input: unknown) => {
    const result = schema.safeParse(input);
    if (result.success) return;
    for (const issue of result.error.issues)
      // "Unknown field: …" echoes a key the sender made up: no field of any form.
      if (issue.code !== 'unrecognized_keys')
        for (const source of ['body', 'query'] as const)
          found.set(describeIssue(issue, source), input);
  };
  const shapes = shapesOf(schema);
  if (shapes.length === 0) for (const value of WRONG) tryInput(value);
  for (const shape of shapes)
    for (const key of Object.keys(shape)) for (const value of WRONG) tryInput({ [key]: value });
  if (shapes.length > 0) for (const input of WHOLE) tryInput(input);
  return found;
}

const isSchema = (value: unknown): value is z.ZodType =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { safeParse?: unknown }).safeParse === 'function' &&
  'def' in value;

/**
 * The calculator's messages are the ends of sentences its page begins with the field's label
 * (directory/src/features/calculator/calculator-model.ts): no server answers with them.
 */
const COMPLETED_BY_THEIR_PAGE = new Set(['MoveCostQuerySchema']);

const schemas: Array<[string, z.ZodType]> = [
  ...(Object.entries(contracts) as Array<[string, unknown]>).flatMap(([name, value]) =>
    isSchema(value) && !COMPLETED_BY_THEIR_PAGE.has(name)
      ? [[name, value] as [string, z.ZodType]]
      : [],
  ),
  ...Object.entries(contracts.quoteStepSchemas()).map(
    ([step, schema]) => [`quoteStepSchemas()[${step}]`, schema] as [string, z.ZodType],
  ),
  ...Object.entries(contracts.quoteStepSchemas({ zip: false, email: false, phone: false })).map(
    ([step, schema]) => [`quoteStepSchemas(off)[${step}]`, schema] as [string, z.ZodType],
  ),
];

describe('messages people read name fields in plain words', () => {
  it('finds the request schemas to walk', () => {
    const names = schemas.map(([name]) => name);
    for (const expected of [
      'SiteSettingsUpdateSchema',
      'SendLeadFormSchema',
      'CompanyInputSchema',
      'PartnerCreateSchema',
      'scheduleInputSchema',
    ])
      expect(names).toContain(expected);
  });

  it('in every contracts schema, for every field and every kind of wrong value', () => {
    const faults: string[] = [];
    let checked = 0;
    for (const [name, schema] of schemas)
      for (const [message, input] of messagesOf(schema)) {
        checked++;
        const fault = faultsOf(message);
        if (fault)
          faults.push(
            `${name}: "${message}" ${fault} (input ${JSON.stringify(input)?.slice(0, 60)})`,
          );
      }
    expect(checked).toBeGreaterThan(500);
    expect(faults).toEqual([]);
  });

  it('in every script parameter, as the Run form and the schedules send them', () => {
    const faults: string[] = [];
    for (const script of adminScripts) {
      const shape = (script.params as unknown as { shape: Record<string, z.ZodType> }).shape;
      for (const key of Object.keys(shape))
        for (const value of WRONG) {
          try {
            parseScriptParams(script, { [key]: value });
          } catch (error) {
            if (!(error instanceof ScriptParamsError)) throw error;
            const fault = faultsOf(error.message);
            if (fault) faults.push(`${script.id}.${key}: "${error.message}" ${fault}`);
          }
        }
    }
    expect(faults).toEqual([]);
  });

  it('holds the line: a code name or a bare rule is caught', () => {
    expect(faultsOf('siteName is required')).toBe('names "siteName"');
    expect(faultsOf('first_name must be at least 2 characters')).toBe('names "first_name"');
    expect(faultsOf('must be at most 40 characters')).toBe('does not start as a sentence');
    expect(faultsOf('Site name is required')).toBeNull();
    expect(faultsOf('Sort must be one of: siteId, name, updatedAt')).toBeNull();
    expect(faultsOf('"my_site" is not an origin: write scheme://host[:port]')).toBeNull();
  });
});
