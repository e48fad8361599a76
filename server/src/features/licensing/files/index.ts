/**
 * The FMCSA files the import knows, recognised by their header, and a file's rows read into facts. Adding a
 * file is one module beside these and one line in FMCSA_FILES.
 */
import { createHash } from 'node:crypto';
import { censusFile } from './census';
import { revocationsFile } from './revocations';
import { rowSchema, type Fact, type FactValue, type FmcsaFile } from './fmcsa-file';

export type { Fact, FactValue, FmcsaFile } from './fmcsa-file';

export const FMCSA_FILES: readonly FmcsaFile[] = [censusFile, revocationsFile];

export const fmcsaFileOfKind = (kind: string): FmcsaFile | undefined =>
  FMCSA_FILES.find((file) => file.kind === kind);

const columnName = (cell: string) => cell.trim().toUpperCase();

/** A header names what it is (the kind's file) or why no file we import starts with it. */
export function recogniseHeader(
  header: readonly string[],
): { file: FmcsaFile } | { refusal: string } {
  const names = new Set(header.map(columnName));
  const matches = FMCSA_FILES.filter((file) => file.signature.every((c) => names.has(c)));
  if (matches.length === 1) return { file: matches[0]! };
  const known = FMCSA_FILES.map((file) => file.label).join(' or ');
  // The file closest to the header, to say what it lacks.
  const closest = [...FMCSA_FILES].sort(
    (a, b) =>
      b.signature.filter((c) => names.has(c)).length -
      a.signature.filter((c) => names.has(c)).length,
  )[0]!;
  const found = closest.signature.filter((c) => names.has(c)).length;
  const missing = closest.signature.filter((c) => !names.has(c));
  if (found >= closest.signature.length / 2)
    return {
      refusal: `The first line looks like ${closest.label}, but it lacks the column${missing.length === 1 ? '' : 's'} ${missing.join(', ')}. Nothing was imported; upload the file as FMCSA publishes it.`,
    };
  return {
    refusal: `The first line of the file is not the header of an FMCSA file we import (${known}). Nothing was imported; upload the file as FMCSA publishes it, with its header line.`,
  };
}

export type RowReading =
  | {
      ok: true;
      key: string | number;
      fact: Fact;
      /** The fact's values in the order of factColumns(file): what is staged and written. */
      values: FactValue[];
      hash: string;
    }
  | { ok: false; problem: string };

/** The columns of a file's facts in our table: its fields, then the columns derived from them. */
export const factColumns = (file: FmcsaFile): string[] => [
  ...file.fields.map((f) => f.field),
  ...file.derivedColumns,
];

/** A file's rows as facts: the header's columns found once, each row checked by the file's schema. */
export interface RowReader {
  file: FmcsaFile;
  width: number;
  read(cells: readonly string[]): RowReading;
}

export function rowReader(file: FmcsaFile, header: readonly string[]): RowReader {
  const index = new Map(header.map((cell, i) => [columnName(cell), i]));
  const at = file.fields.map((f) => index.get(f.column));
  const schema = rowSchema(file.fields);
  const width = header.length;
  const columns = factColumns(file);
  return {
    file,
    width,
    read(cells) {
      if (cells.length !== width)
        return {
          ok: false,
          problem: `The row has ${cells.length} field${cells.length === 1 ? '' : 's'} where the header has ${width}`,
        };
      const input = at.map((i) => (i === undefined ? '' : (cells[i] ?? '')));
      const parsed = schema.safeParse(input);
      if (!parsed.success)
        return { ok: false, problem: parsed.error.issues.map((i) => i.message).join('; ') };
      const fact = parsed.data;
      Object.assign(fact, file.derived?.(fact));
      const values = columns.map((column) => fact[column] ?? null);
      // Which facts a re-import changes: the values as read, whatever style the file wrote them in.
      const hash = createHash('sha1').update(JSON.stringify(values)).digest('base64').slice(0, 22);
      return { ok: true, key: file.keyOf(fact), fact, values, hash };
    },
  };
}
