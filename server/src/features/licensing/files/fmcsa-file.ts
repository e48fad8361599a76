/**
 * What one kind of FMCSA file is to the import: the columns that recognise it, a zod schema of its rows built
 * from field specs (each cell read by a reader that says in plain words what is wrong), and how a row becomes
 * a fact of one table with its key. A further FMCSA file (L&I authority history, insurance on file) is one
 * more module like census.ts and revocations.ts, listed in index.ts, plus its table's migration.
 */
import { z } from 'zod';
import { parseDocket, parseFlag, parseFmcsaDate, parseUsdot } from '../fmcsa-values';

export type FactValue = string | number | boolean | null;
export type Fact = Record<string, FactValue>;

/** What is wrong with a cell, in plain words (a class, so a reader's answer is told apart cheaply). */
export class CellProblem {
  constructor(readonly message: string) {}
}

/**
 * Reads one cell, as it is in the file, into a fact value or a problem. Plain functions rather than a zod
 * schema per cell: a census row has 42 cells and the file two million rows, and a transform per cell cost
 * ten times what the row's one schema (rowSchema, below) costs with them inside it.
 */
export type CellReader = (cell: string) => FactValue | CellProblem;

export interface FieldSpec {
  /** The column as FMCSA names it in the header. */
  column: string;
  /** The fact's column in our table. */
  field: string;
  read: CellReader;
}

export interface FmcsaFile {
  /** Stored on the import and on every fact: `census`, `revocations`. */
  kind: string;
  /** In sentences: "the motor carrier census". */
  label: string;
  /** The header columns the file must have (in any order; others are ignored). */
  signature: readonly string[];
  fields: readonly FieldSpec[];
  table: string;
  /** The fact's unique column: a re-import of the same row finds the same fact. */
  keyColumn: string;
  /** Columns computed from the row's values (lookup keys), stored beside them: their names, and how. */
  derivedColumns: readonly string[];
  derived?(fact: Fact): Fact;
  /** The fact's key from its values. */
  keyOf(fact: Fact): string | number;
  /**
   * For files with one row per key (the census: one carrier per USDOT number), the key as a number: a second
   * row with the same one is rejected, naming the line of the first. Files whose rows repeat (a docket
   * revoked twice) key the whole fact instead, so a repeated row is the same fact and simply found again.
   */
  uniqueNumber?(fact: Fact): number;
}

const problem = (message: string) => new CellProblem(message);

/** Text, trimmed; null when empty. */
export function text(label: string, max: number, options: { required?: boolean } = {}): CellReader {
  return (cell) => {
    const value = cell.trim();
    if (value === '') return options.required ? problem(`The ${label} is missing`) : null;
    if (value.length > max)
      return problem(`The ${label} is longer than ${max.toLocaleString('en-US')} characters`);
    return value;
  };
}

/** One of a few codes (upper case); null when empty. */
export function code(label: string, allowed: readonly string[]): CellReader {
  return (cell) => {
    const value = cell.trim().toUpperCase();
    if (value === '') return null;
    if (!allowed.includes(value))
      return problem(
        `The ${label} must be one of ${allowed.join(', ')} (it is "${cell.trim().slice(0, 40)}")`,
      );
    return value;
  };
}

export function usdot(label: string, options: { required?: boolean } = {}): CellReader {
  return (cell) => {
    const value = parseUsdot(cell);
    if (value === undefined)
      return problem(
        `The ${label} "${cell.trim().slice(0, 20)}" is not a USDOT number (up to 8 digits)`,
      );
    if (value === null && options.required) return problem(`The ${label} is missing or unknown`);
    return value;
  };
}

export function docket(label: string): CellReader {
  return (cell) => {
    const value = parseDocket(cell);
    if (value === null) return problem(`The ${label} is missing`);
    if (value === undefined || !/^(MC|FF|MX)/i.test(cell.trim()))
      return problem(
        `The ${label} "${cell.trim().slice(0, 20)}" is not a docket (MC, FF or MX and digits)`,
      );
    return value;
  };
}

export function flag(label: string): CellReader {
  return (cell) => {
    const value = parseFlag(cell);
    if (value === undefined)
      return problem(`The ${label} must be Y or N (it is "${cell.trim().slice(0, 20)}")`);
    return value;
  };
}

export function date(label: string, options: { required?: boolean } = {}): CellReader {
  return (cell) => {
    const value = parseFmcsaDate(cell);
    if (value === undefined)
      return problem(
        `The ${label} "${cell.trim().slice(0, 20)}" is not a date (like 15-JAN-24 or 01/15/2024)`,
      );
    if (value === null && options.required) return problem(`The ${label} is missing`);
    return value;
  };
}

/** A whole number from 0 to `max`; null when empty. */
export function count(label: string, max = 2_000_000_000): CellReader {
  return (cell) => {
    const value = cell.trim();
    if (value === '') return null;
    const number = /^\d{1,13}(?:\.0+)?$/.test(value) ? Number.parseFloat(value) : Number.NaN;
    if (!(number <= max))
      return problem(`The ${label} "${cell.trim().slice(0, 20)}" is not a whole number`);
    return number;
  };
}

/**
 * The row schema of a file: the cells of its fields (in the fields' order; a column the file lacks is an
 * empty cell) into the fact's values, every problem of the row reported in one message.
 */
export function rowSchema(fields: readonly FieldSpec[]): z.ZodType<Fact, string[]> {
  return z.array(z.string()).transform((cells, ctx) => {
    const fact: Fact = {};
    for (let i = 0; i < fields.length; i++) {
      const value = fields[i]!.read(cells[i] ?? '');
      if (value instanceof CellProblem) ctx.addIssue({ code: 'custom', message: value.message });
      else fact[fields[i]!.field] = value;
    }
    return fact;
  });
}
