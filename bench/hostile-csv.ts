/**
 * Hostile CSV files for POST /api/admin/upload (issue 12): each was, or could have been, a way to hold the
 * server's event loop for seconds to minutes with one upload. The upload-stall tests and the stall
 * benchmark replay the same files, so both measure the same thing. Sizes default to what the issue reported
 * or to just under the 50 MB upload limit; every generator takes a smaller size for quick runs.
 */
import { IMPORT_MAX_BYTES } from '@moveratlas/contracts';

/** The columns every import needs (COMPANY_CSV_REQUIRED_COLUMNS), so the header itself is accepted. */
const HEADER = 'name,city,state';

/** Just under the upload limit, leaving room for a header and a closing quote. */
export const NEAR_LIMIT_BYTES = IMPORT_MAX_BYTES - 4096;

/** Filled to `bytes` with `unit` repeated (a whole number of units, never more than `bytes`). */
function fill(unit: string, bytes: number): string {
  return unit.repeat(Math.max(0, Math.floor(bytes / Buffer.byteLength(unit))));
}

/** A header, then a million empty lines (2 MB): the upload that froze the server for 37–64 s. */
export function blankLines(lines = 1_000_000): Buffer {
  return Buffer.from(`${HEADER}\r\n${'\r\n'.repeat(lines)}`);
}

/** A header, then rows of nothing but commas: every row is a record whose cells are all empty. */
export function emptyRows(rows = 1_000_000): Buffer {
  return Buffer.from(`${HEADER}\r\n${',,\r\n'.repeat(rows)}`);
}

/**
 * A header, then rows of one short field: each is a row to reject ("the row has 1 field; the header has
 * 3"), and csv-parse used to spend ~50 µs on each (an Error with its stack for every row of another width).
 */
export function shortRows(rows = 700_000): Buffer {
  return Buffer.from(`${HEADER}\r\n${'a\r\n'.repeat(rows)}`);
}

/**
 * A header of the required columns and `extra` columns that are not ours (`extra_1`, `extra_2`, …), then
 * `rows` rows of the right width: a real company name in the first cells, the rest empty.
 */
export function manyColumns(extra = 10_000, rows = 100): Buffer {
  const names = Array.from({ length: extra }, (_, i) => `extra_${i + 1}`);
  const row = `Wide File Movers,Austin,TX${','.repeat(extra)}\r\n`;
  return Buffer.from(`${HEADER},${names.join(',')}\r\n${row.repeat(rows)}`);
}

/** One row whose name is a single quoted field of about `bytes` (closed properly at the end). */
export function oneHugeField(bytes = NEAR_LIMIT_BYTES): Buffer {
  return Buffer.from(`${HEADER}\r\n"${fill('a', bytes)}",Austin,TX\r\n`);
}

/**
 * A quote opened on the first data row and never closed: the rest of the file (lines of text, about
 * `bytes` in all) would be one field.
 */
export function unclosedQuote(bytes = NEAR_LIMIT_BYTES): Buffer {
  return Buffer.from(
    `${HEADER}\r\n"Never Closed Movers,Austin,TX\r\n${fill('more text\r\n', bytes)}`,
  );
}

/** Nothing but commas, about `bytes` of them: one header row of millions of empty columns. */
export function commas(bytes = NEAR_LIMIT_BYTES): Buffer {
  return Buffer.from(fill(',', bytes));
}

/** A proper header, then one data row of about `bytes` commas: millions of fields in one record. */
export function commaRow(bytes = NEAR_LIMIT_BYTES): Buffer {
  return Buffer.from(`${HEADER}\r\nComma Movers,Austin,TX${fill(',', bytes)}\r\n`);
}

export interface HostileCsv {
  name: string;
  /** Builds the file (some are 50 MB: build them when they are needed, one at a time). */
  build(): Buffer;
}

/** Every hostile file at its full size, in the order the issue lists them. */
export const HOSTILE_CSVS: readonly HostileCsv[] = [
  { name: 'one million blank lines', build: () => blankLines() },
  { name: 'one million rows of commas', build: () => emptyRows() },
  { name: '700,000 short rows', build: () => shortRows() },
  { name: '10,000 columns', build: () => manyColumns(10_000) },
  { name: '25,000 unknown columns', build: () => manyColumns(25_000, 1) },
  { name: 'one 50 MB field', build: () => oneHugeField() },
  { name: 'a quote never closed', build: () => unclosedQuote() },
  { name: 'a 50 MB file of commas', build: () => commas() },
  { name: 'a 50 MB row of commas', build: () => commaRow() },
];
