/**
 * Reads an uploaded CSV file as records with their line numbers, streaming: bytes are checked as UTF-8 (with
 * or without a byte-order mark) as they are decoded, and parsed by csv-parse. A file that cannot be read as
 * a whole — another encoding, no header, a broken quote, a last row cut off — is refused with a message that
 * says what to do; a row that is merely wrong is the caller's to reject.
 */
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { HttpError } from '../../lib/http-error';

/** The file as a whole cannot be imported; the message is for the person who uploaded it. */
export class FileRefusedError extends HttpError {
  constructor(message: string) {
    super(400, message);
    this.name = 'FileRefusedError';
  }
}

/** Characters handed to the parser at a time. */
const PARSE_PIECE_CHARS = 64 * 1024;

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
}

/**
 * UTF-8 text from raw chunks: a UTF-8 byte-order mark is dropped; UTF-16/32 marks, spreadsheet workbooks,
 * invalid UTF-8 and NUL characters are refused, naming the line where the bad bytes are.
 */
export async function* decodeUtf8(
  chunks: AsyncIterable<Buffer>,
  state: DecodeState = { endsWithLineBreak: false, lines: 1 },
): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  let first = true;
  let sawText = false;
  let afterCR = false;
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
      state.lines += lineBreaks(text) - (afterCR && text.charCodeAt(0) === 10 ? 1 : 0);
      afterCR = text.charCodeAt(text.length - 1) === 13;
      sawText = true;
      const last = text.charCodeAt(text.length - 1);
      state.endsWithLineBreak = last === 10 || last === 13;
      // csv-parse handles each piece in one synchronous call: small pieces keep the event loop free.
      for (let from = 0; from < text.length; from += PARSE_PIECE_CHARS)
        yield text.slice(from, from + PARSE_PIECE_CHARS);
    }
  }
  try {
    const rest = decoder.decode();
    if (rest.length > 0) yield rest;
  } catch {
    throw new FileRefusedError(
      `The file ends in the middle of a UTF-8 character: it looks cut off. Nothing was imported; upload the complete file.`,
    );
  }
  if (!sawText) throw new FileRefusedError('The file is empty.');
}

export interface CsvRecord {
  /** The line of the file the record starts on (1 is the header). */
  line: number;
  cells: string[];
}

/** Longest record csv-parse accepts: a runaway quote that would swallow the rest of the file stops here. */
const MAX_RECORD_CHARS = 200_000;

/**
 * The records of the file after its header, blank lines skipped. `header` receives the header's cells before
 * the first record. At the end, a last record with fewer fields than the header and no line break after it
 * means the file was cut: refused, like a quoted value left open.
 */
export async function* readRecords(
  chunks: AsyncIterable<Buffer>,
  header: (cells: string[]) => void,
): AsyncGenerator<CsvRecord> {
  const decoded: DecodeState = { endsWithLineBreak: false, lines: 1 };
  const text = Readable.from(decodeUtf8(chunks, decoded), { objectMode: true });
  const parser = text.pipe(
    parse({
      raw: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      max_record_size: MAX_RECORD_CHARS,
    }),
  );
  // pipe() does not pass on the source's errors: a refused encoding must end the parse with that error.
  text.once('error', (error) => parser.destroy(error));
  let line = 1;
  let width: number | undefined;
  let pending: CsvRecord | undefined;
  try {
    for await (const item of parser as AsyncIterable<{ record: string[]; raw: string }>) {
      const record: CsvRecord = { line, cells: item.record };
      line += lineBreaks(item.raw);
      if (width === undefined) {
        if (record.cells.every((c) => c.trim() === '')) continue;
        width = record.cells.length;
        header(record.cells);
        continue;
      }
      if (record.cells.every((c) => c.trim() === '')) continue;
      if (pending) yield pending;
      pending = record;
    }
  } catch (error) {
    throw csvError(error, decoded);
  } finally {
    text.destroy();
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
 * A parse error as a refusal naming the line the broken row starts on: counted back from the end of the text
 * decoded so far over the row's own text (csv-parse drops the rows it had not handed over yet).
 */
function csvError(error: unknown, decoded: DecodeState): Error {
  if (error instanceof HttpError) return error;
  const { code, raw } = error as { code?: string; raw?: unknown };
  const line = decoded.lines - (typeof raw === 'string' ? lineBreaks(raw) : 0);
  if (code === 'CSV_QUOTE_NOT_CLOSED')
    return new FileRefusedError(
      `The file ends inside a quoted value that starts on line ${line}: it looks cut off, or a quote is missing. Nothing was imported; fix or complete the file.`,
    );
  if (code === 'CSV_MAX_RECORD_SIZE')
    return new FileRefusedError(
      `A row near line ${line} is longer than ${MAX_RECORD_CHARS.toLocaleString('en-US')} characters: a quote is probably not closed. Nothing was imported; fix the file.`,
    );
  if (code?.startsWith('CSV_'))
    return new FileRefusedError(
      `The file is not valid CSV near line ${line}: ${(error as Error).message}`,
    );
  return error instanceof Error ? error : new Error(String(error));
}
