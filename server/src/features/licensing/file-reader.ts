/**
 * Reads an FMCSA file as records with their line numbers and byte positions, streaming: the bytes are checked
 * as UTF-8 as they come, and parsed by csv-parse a small piece at a time, handing the event loop back every few
 * milliseconds. Each record says where the next one starts (byte and line), so an import can stop after any
 * batch and start again there without reading what came before. A file that cannot be read as a whole —
 * another encoding, a ZIP archive, a broken quote, a last row cut off — is refused with a plain message.
 */
import { finished } from 'node:stream/promises';
import { parse, type Parser } from 'csv-parse';
import { parse as parseText } from 'csv-parse/sync';
import { HttpError } from '../../lib/http-error';
import { TimeSlice } from '../../lib/time-slice';

/** The file as a whole cannot be imported; the message is for the person who gave it. */
export class FileRefusedError extends HttpError {
  constructor(message: string) {
    super(400, message);
    this.name = 'FileRefusedError';
  }
}

/** Bytes handed to the parser at a time: parsed in well under a millisecond for FMCSA's rows. */
const PIECE_BYTES = 32 * 1024;
/** Longest record accepted: a runaway quote stops here instead of filling the memory. */
const MAX_RECORD_CHARS = 100_000;

const NOTHING_IMPORTED = 'Nothing was imported;';

export interface FileRecord {
  /** The line of the file the record starts on (1 is the header). */
  line: number;
  cells: string[];
  /** The byte just after the record (its line break included): where reading may start again. */
  end: number;
  /** The line that byte is on. */
  nextLine: number;
}

export interface ReadFrom {
  /** 0 for the whole file (its first record is the header); else a record's `end`. */
  byte: number;
  /** The line `byte` is on (1 at the start). */
  line: number;
  /** The header's width, for the cut-file check when reading starts after the header. */
  width?: number;
}

/** What the first bytes are when they are not a text file we read. */
export function foreignFormat(head: Uint8Array): string | null {
  if (head[0] === 0xff && head[1] === 0xfe) return 'is encoded as UTF-16';
  if (head[0] === 0xfe && head[1] === 0xff) return 'is encoded as UTF-16';
  if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 3 && head[3] === 4)
    return 'is a ZIP archive (or a spreadsheet workbook): unzip it and upload the CSV or text file inside';
  if (head[0] === 0x1f && head[1] === 0x8b)
    return 'is gzip-compressed: unpack it and upload the file inside';
  return null;
}

function countLineFeeds(buf: Uint8Array, from: number, to: number): number {
  let count = 0;
  for (let i = buf.indexOf(10, from); i >= 0 && i < to; i = buf.indexOf(10, i + 1)) count++;
  return count;
}

/** The line feeds among the blank lines a record's bytes start with (csv-parse skips them). */
function leadingLineFeeds(buf: Uint8Array, from: number, to: number): number {
  let count = 0;
  for (let i = from; i < to; i++) {
    const byte = buf[i];
    if (byte === 10) count++;
    else if (byte !== 13) break;
  }
  return count;
}

/**
 * UTF-8 bytes as they come, refused at the first that are not (naming the line), or at a NUL byte (UTF-16
 * without a byte-order mark).
 */
class Utf8Check {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private lines: number;

  constructor(firstLine: number) {
    this.lines = firstLine;
  }

  check(bytes: Buffer): void {
    const nul = bytes.indexOf(0);
    if (nul >= 0)
      throw new FileRefusedError(
        `Line ${this.lines + countLineFeeds(bytes, 0, nul)} has NUL bytes: the file is not a UTF-8 text file (perhaps UTF-16). ${NOTHING_IMPORTED} save it as UTF-8 and upload it again.`,
      );
    try {
      this.decoder.decode(bytes, { stream: true });
    } catch {
      const text = new TextDecoder('utf-8').decode(bytes);
      const bad = Math.max(0, text.indexOf('\uFFFD'));
      const line = this.lines + (text.slice(0, bad).match(/\n/g)?.length ?? 0);
      throw new FileRefusedError(
        `The file is not UTF-8 text: line ${line} has bytes that are not UTF-8 (Windows-1252 or Latin-1, perhaps). ${NOTHING_IMPORTED} save it as UTF-8 and upload it again.`,
      );
    }
    this.lines += countLineFeeds(bytes, 0, bytes.length);
  }

  end(): void {
    try {
      this.decoder.decode();
    } catch {
      throw new FileRefusedError(
        `The file ends in the middle of a UTF-8 character: it looks cut off. ${NOTHING_IMPORTED} upload the complete file.`,
      );
    }
  }
}

/** Hands one piece to the parser; its records are collected (on_record) before this resolves. */
function write(parser: Parser, piece: Buffer): Promise<void> {
  return new Promise((resolve, reject) =>
    parser.write(piece, (error) => (error ? reject(error) : resolve())),
  );
}

/**
 * The file's records from `from`, a few hundred at a time, blank lines skipped. From byte 0 the first record
 * is the header, handed to `header` (with where the rows start) and not yielded. At the end, a last record
 * with fewer fields than the header and no line break after it means the file was cut: refused.
 */
export async function* readFileRecords(
  chunks: AsyncIterable<Buffer>,
  from: ReadFrom,
  header?: (cells: string[], rowsStart: { byte: number; line: number }) => void,
): AsyncGenerator<FileRecord[]> {
  // Absolute byte offsets: `base` is where the parser's byte 0 is in the file.
  let base = from.byte;
  let line = from.line;
  let width = from.width;
  let expectHeader = from.byte === 0;
  // The bytes from the end of the last record on (the record being parsed), for counting its lines.
  let window: Buffer = Buffer.alloc(0);
  let windowStart = from.byte;
  let lastEnd = from.byte;
  let endsWithLineBreak = false;
  let found: FileRecord[] = [];
  let first = true;
  const utf8 = new Utf8Check(from.line);

  const parser: Parser = parse({
    info: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    max_record_size: MAX_RECORD_CHARS,
    // With `info`, csv-parse hands on_record the record with its info (its types do not say so).
    on_record: (cells: string[]) => {
      const record = cells as unknown as { record: string[]; info: { bytes: number } };
      // csv-parse builds a costly Error (and throws it away) for each record whose width differs from the
      // first one's before it reads relax_column_count: every record counted as the first avoids it. The
      // widths are the import's to check (the row is rejected, naming both).
      (parser.info as { records: number }).records = 0;
      const end = base + record.info.bytes;
      const at = lastEnd - windowStart;
      const to = end - windowStart;
      const start = line + leadingLineFeeds(window, at, to);
      const nextLine = line + countLineFeeds(window, at, to);
      lastEnd = end;
      line = nextLine;
      if (record.record.every((cell) => cell.trim() === '')) return null;
      if (expectHeader) {
        expectHeader = false;
        width = record.record.length;
        header?.(record.record, { byte: end, line: nextLine });
        return null;
      }
      found.push({ line: start, cells: record.record, end, nextLine });
      return null;
    },
  });
  // Errors come back through write() and finished(); without a listener the stream would throw them.
  parser.on('error', () => {});
  const slice = new TimeSlice();
  let pending: FileRecord | undefined;
  try {
    for await (const chunk of chunks) {
      let bytes: Buffer = chunk;
      if (bytes.length === 0) continue;
      if (first) {
        first = false;
        if (from.byte === 0) {
          const foreign = foreignFormat(bytes);
          if (foreign) throw new FileRefusedError(`The file ${foreign}. Nothing was imported.`);
          if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
            bytes = bytes.subarray(3);
            base += 3;
            windowStart += 3;
            lastEnd += 3;
          }
        }
      }
      for (let at = 0; at < bytes.length; at += PIECE_BYTES) {
        const piece = bytes.subarray(at, at + PIECE_BYTES);
        utf8.check(piece);
        const last = piece[piece.length - 1];
        endsWithLineBreak = last === 10 || last === 13;
        window = window.length === 0 ? piece : Buffer.concat([window, piece]);
        await write(parser, piece);
        window = window.subarray(lastEnd - windowStart);
        windowStart = lastEnd;
        if (found.length > 0) {
          if (pending) found.unshift(pending);
          pending = found.pop();
          if (found.length > 0) yield found;
          found = [];
        }
        await slice.pause();
      }
    }
    utf8.end();
    parser.end();
    await finished(parser, { readable: false });
  } catch (error) {
    throw csvError(error, line, window, lastEnd - windowStart);
  } finally {
    parser.destroy();
  }
  if (found.length > 0) {
    if (pending) found.unshift(pending);
    pending = found.pop();
    if (found.length > 0) yield found;
  }
  if (first) throw new FileRefusedError('The file is empty.');
  if (width === undefined) throw new FileRefusedError('The file has no header line.');
  if (pending) {
    if (pending.cells.length < width && !endsWithLineBreak)
      throw new FileRefusedError(
        `The file ends in the middle of a row (line ${pending.line} has ${pending.cells.length} of ${width} fields and no line break after it): it looks cut off. ${NOTHING_IMPORTED} upload the complete file.`,
      );
    yield [pending];
  }
}

/** A parse error as a refusal naming the line the broken row starts on. */
function csvError(error: unknown, line: number, window: Buffer, at: number): Error {
  if (error instanceof HttpError) return error;
  const { code } = error as { code?: string };
  const start = line + leadingLineFeeds(window, Math.max(0, at), window.length);
  if (code === 'CSV_QUOTE_NOT_CLOSED')
    return new FileRefusedError(
      `The file ends inside a quoted value that starts on line ${start}: it looks cut off, or a quote is missing. ${NOTHING_IMPORTED} upload the complete file.`,
    );
  if (code === 'CSV_MAX_RECORD_SIZE')
    return new FileRefusedError(
      `The row that starts on line ${start} is longer than ${MAX_RECORD_CHARS.toLocaleString('en-US')} characters: a quote is probably not closed. ${NOTHING_IMPORTED} fix the file.`,
    );
  if (code?.startsWith('CSV_'))
    return new FileRefusedError(
      `The file is not valid CSV on line ${start} (a quote inside a quoted value, perhaps). ${NOTHING_IMPORTED} fix the file.`,
    );
  return error instanceof Error ? error : new Error(String(error));
}

/** The most bytes read to find the header line. */
export const HEADER_MAX_BYTES = 64 * 1024;

/**
 * The header line's cells from the first bytes of a file, so an upload is refused at once when it is not a
 * file we import; undefined while no whole line has arrived (and fewer than HEADER_MAX_BYTES have).
 */
export function headerOf(head: Buffer, complete: boolean): string[] | undefined {
  const foreign = foreignFormat(head);
  if (foreign) throw new FileRefusedError(`The file ${foreign}. Nothing was imported.`);
  const bom = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  let end = head.indexOf(10, bom);
  if (end < 0) {
    if (!complete && head.length < HEADER_MAX_BYTES) return undefined;
    if (!complete)
      throw new FileRefusedError(
        'The first line of the file is longer than 64 KB: it is not an FMCSA file we import. Nothing was imported.',
      );
    end = head.length;
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(bom, end));
  } catch {
    throw new FileRefusedError(
      'The file is not UTF-8 text: its first line has bytes that are not UTF-8. Nothing was imported; save it as UTF-8 and upload it again.',
    );
  }
  try {
    const [cells] = parseText(text, { relax_quotes: true, relax_column_count: true }) as string[][];
    if (cells && cells.some((cell) => cell.trim() !== '')) return cells;
  } catch {
    // Said below.
  }
  throw new FileRefusedError(
    'The first line of the file is not a header of column names. Nothing was imported; upload the file as FMCSA publishes it, with its header line.',
  );
}
