/**
 * Reads an uploaded CSV file as records with their line numbers, streaming: bytes are checked as UTF-8 (with
 * or without a byte-order mark) as they are decoded, and parsed by csv-parse a few milliseconds at a time. A
 * file that cannot be read as a whole — another encoding, no header, a broken quote, a last row cut off, a
 * line or a header absurdly long — is refused with a message that says what to do; a row that is merely
 * wrong is the caller's to reject.
 */
import { finished } from 'node:stream/promises';
import { parse, type Parser } from 'csv-parse';
import { HttpError } from '../../../../lib/http-error';
import { TimeSlice } from '../../../../lib/time-slice';

/** The file as a whole cannot be imported; the message is for the person who uploaded it. */
export class FileRefusedError extends HttpError {
  constructor(message: string) {
    super(400, message);
    this.name = 'FileRefusedError';
  }
}

/**
 * Characters handed to the parser at a time. csv-parse handles each piece in one synchronous call, at up to
 * ~1.2 µs a character for its worst rows (",,", rows of empty cells): 2–3 ms at most, then the loop gets a
 * turn when its slice is used up.
 */
const PARSE_PIECE_CHARS = 2 * 1024;

/**
 * Longest line (and longest record, for csv-parse) accepted: a runaway quote that would swallow the rest of
 * the file, one 50 MB cell or a line of millions of commas stops here instead of filling the memory.
 */
const MAX_RECORD_CHARS = 200_000;

/** More columns than any companies file has (the template has about 20): refused before a row is read. */
export const MAX_COLUMNS = 1000;

const SAVE_AS_UTF8 = 'Save it as "CSV UTF-8 (Comma delimited)" and upload it again.';

function lineBreaks(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) count++;
    else if (c === 13) {
      count++;
      if (text.charCodeAt(i + 1) === 10) i++;
    }
  }
  return count;
}

/** The line breaks a record's raw text starts with: the blank lines csv-parse skipped before it. */
function leadingLineBreaks(raw: string): number {
  let end = 0;
  while (end < raw.length && (raw.charCodeAt(end) === 10 || raw.charCodeAt(end) === 13)) end++;
  return lineBreaks(raw.slice(0, end));
}

/** Names the first bytes' encoding when it is not one we read. */
function foreignEncoding(head: Buffer): string | null {
  if (head[0] === 0xff && head[1] === 0xfe) return 'UTF-16 (little-endian)';
  if (head[0] === 0xfe && head[1] === 0xff) return 'UTF-16 (big-endian)';
  if (head[0] === 0 && head[1] === 0 && head[2] === 0xfe && head[3] === 0xff) return 'UTF-32';
  return null;
}

export interface DecodeState {
  /** Whether the text ended with a line break (a file cut mid-row usually does not). */
  endsWithLineBreak: boolean;
  /** Lines decoded so far (1 before any line break); a CRLF split between chunks counts once. */
  lines: number;
  /** Characters of the line being decoded so far. */
  lineChars: number;
  /** Whether the text so far ends with CR (an LF next is the same line break). */
  afterCR: boolean;
}

const newDecodeState = (): DecodeState => ({
  endsWithLineBreak: false,
  lines: 1,
  lineChars: 0,
  afterCR: false,
});

/** Counts the text's lines into the state, refusing a line longer than MAX_RECORD_CHARS. */
function countLines(text: string, state: DecodeState): void {
  let { lines, lineChars, afterCR } = state;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      if (!afterCR) lines++;
      afterCR = false;
      lineChars = 0;
    } else if (c === 13) {
      lines++;
      afterCR = true;
      lineChars = 0;
    } else {
      afterCR = false;
      if (++lineChars > MAX_RECORD_CHARS)
        throw new FileRefusedError(
          `Line ${lines} is longer than ${MAX_RECORD_CHARS.toLocaleString('en-US')} characters: this is not a companies file, or a quote is not closed. Nothing was imported; fix the file.`,
        );
    }
  }
  Object.assign(state, { lines, lineChars, afterCR });
}

/**
 * UTF-8 text from raw chunks, in pieces of at most PARSE_PIECE_CHARS: a UTF-8 byte-order mark is dropped;
 * UTF-16/32 marks, spreadsheet workbooks, invalid UTF-8, NUL characters and absurdly long lines are refused,
 * naming the line where the bad bytes are.
 */
export async function* decodeUtf8(
  chunks: AsyncIterable<Buffer>,
  state: DecodeState = newDecodeState(),
): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  let first = true;
  let sawText = false;
  for await (const chunk of chunks) {
    if (chunk.length === 0) continue;
    if (first) {
      first = false;
      const foreign = foreignEncoding(chunk);
      if (foreign) throw new FileRefusedError(`The file is encoded as ${foreign}. ${SAVE_AS_UTF8}`);
      if (chunk[0] === 0x50 && chunk[1] === 0x4b && chunk[2] === 3 && chunk[3] === 4)
        throw new FileRefusedError(
          `The file is a spreadsheet workbook (.xlsx), not a CSV file. ${SAVE_AS_UTF8}`,
        );
    }
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch {
      // Where: the lines before the first byte the lenient decoder had to replace.
      text = new TextDecoder('utf-8').decode(chunk);
      if (!text.includes('\u0000')) {
        const bad = text.indexOf('\uFFFD');
        const line = state.lines + lineBreaks(text.slice(0, Math.max(0, bad)));
        throw new FileRefusedError(
          `The file is not UTF-8 text: line ${line} has bytes that are not UTF-8 (Excel's plain "CSV" is Windows-1252). ${SAVE_AS_UTF8}`,
        );
      }
    }
    // NUL is valid UTF-8 but never in a CSV file: UTF-16 without a byte-order mark is full of them.
    const nul = text.indexOf('\u0000');
    if (nul >= 0)
      throw new FileRefusedError(
        `The file has NUL bytes on line ${state.lines + lineBreaks(text.slice(0, nul))}: it is not a UTF-8 text file (perhaps UTF-16 without a byte-order mark). ${SAVE_AS_UTF8}`,
      );
    if (text.length > 0) {
      sawText = true;
      const last = text.charCodeAt(text.length - 1);
      state.endsWithLineBreak = last === 10 || last === 13;
      for (let from = 0; from < text.length; from += PARSE_PIECE_CHARS) {
        const piece = text.slice(from, from + PARSE_PIECE_CHARS);
        countLines(piece, state);
        yield piece;
      }
    }
  }
  let rest: string;
  try {
    rest = decoder.decode();
  } catch {
    throw new FileRefusedError(
      `The file ends in the middle of a UTF-8 character: it looks cut off. Nothing was imported; upload the complete file.`,
    );
  }
  if (rest.length > 0) {
    countLines(rest, state);
    yield rest;
  }
  if (!sawText) throw new FileRefusedError('The file is empty.');
}

export interface CsvRecord {
  /** The line of the file the record starts on (1 is the header). */
  line: number;
  cells: string[];
}

const isBlank = (cell: string) => cell.trim() === '';

/** Hands one piece of text to the parser; it is parsed (and on_record called) before this resolves. */
function write(parser: Parser, piece: string): Promise<void> {
  return new Promise((resolve, reject) =>
    parser.write(piece, (error) => (error ? reject(error) : resolve())),
  );
}

/**
 * The records of the file after its header, blank lines skipped. `header` receives the header's cells before
 * the first record. At the end, a last record with fewer fields than the header and no line break after it
 * means the file was cut: refused, like a quoted value left open.
 *
 * The text goes to csv-parse a small piece at a time, and its records are collected by `on_record` as it
 * finds them (never queued in the stream), so the lines are counted exactly and the work is sliced: the event
 * loop gets a turn every few milliseconds, whatever the file holds.
 */
export async function* readRecords(
  chunks: AsyncIterable<Buffer>,
  header: (cells: string[]) => void,
): AsyncGenerator<CsvRecord> {
  const decoded = newDecodeState();
  // The line the next record's text starts on (the blank lines before it included).
  let line = 1;
  let width: number | undefined;
  let found: CsvRecord[] = [];
  const parser: Parser = parse({
    raw: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    max_record_size: MAX_RECORD_CHARS,
    // With `raw`, csv-parse hands on_record the record with its text (its types do not say so).
    on_record: (record: string[]) => {
      const item = record as unknown as { record: string[]; raw: string };
      const start = line + leadingLineBreaks(item.raw);
      line += lineBreaks(item.raw);
      // csv-parse compares each record's width with the first record's and, when they differ, builds an
      // Error (stack trace, JSON copies of its state) before it looks at relax_column_count: ~50 µs a row, so
      // a file of short rows took minutes. Every record counted as the first is compared with nothing; the
      // widths are the import's to check (the row is rejected, naming both widths).
      (parser.info as { records: number }).records = 0;
      if (item.record.every(isBlank)) return null;
      if (width === undefined) {
        if (item.record.length > MAX_COLUMNS)
          throw new FileRefusedError(
            `The header has ${item.record.length.toLocaleString('en-US')} columns; a companies file has at most ${MAX_COLUMNS.toLocaleString('en-US')} (download the template for the columns we read). Nothing was imported.`,
          );
        width = item.record.length;
        header(item.record);
        return null;
      }
      found.push({ line: start, cells: item.record });
      return null;
    },
  });
  // Errors come back through write() and finished(); without a listener the stream would throw them.
  parser.on('error', () => {});
  const slice = new TimeSlice();
  let pending: CsvRecord | undefined;
  try {
    for await (const piece of decodeUtf8(chunks, decoded)) {
      await write(parser, piece);
      for (const record of found) {
        if (pending) yield pending;
        pending = record;
      }
      found = [];
      await slice.pause();
    }
    parser.end();
    await finished(parser, { readable: false });
    for (const record of found) {
      if (pending) yield pending;
      pending = record;
    }
  } catch (error) {
    throw csvError(error, line);
  } finally {
    parser.destroy();
  }
  if (width === undefined) throw new FileRefusedError('The file has no header row.');
  if (pending) {
    if (pending.cells.length < width && !decoded.endsWithLineBreak)
      throw new FileRefusedError(
        `The file ends in the middle of a row (line ${pending.line} has ${pending.cells.length} of ${width} fields and no line break after it): it looks cut off. Nothing was imported; upload the complete file.`,
      );
    yield pending;
  }
}

/**
 * A parse error as a refusal naming the line the broken row starts on: the line after the last record read,
 * past the blank lines the broken row's text starts with.
 */
function csvError(error: unknown, nextLine: number): Error {
  if (error instanceof HttpError) return error;
  const { code, raw } = error as { code?: string; raw?: unknown };
  const line = nextLine + (typeof raw === 'string' ? leadingLineBreaks(raw) : 0);
  if (code === 'CSV_QUOTE_NOT_CLOSED')
    return new FileRefusedError(
      `The file ends inside a quoted value that starts on line ${line}: it looks cut off, or a quote is missing. Nothing was imported; fix or complete the file.`,
    );
  if (code === 'CSV_MAX_RECORD_SIZE')
    return new FileRefusedError(
      `The row that starts on line ${line} is longer than ${MAX_RECORD_CHARS.toLocaleString('en-US')} characters: a quote is probably not closed. Nothing was imported; fix the file.`,
    );
  if (code?.startsWith('CSV_'))
    return new FileRefusedError(
      `The file is not valid CSV near line ${line}: ${(error as Error).message}`,
    );
  return error instanceof Error ? error : new Error(String(error));
}
