/**
 * CSV for spreadsheets (RFC 4180: comma-separated, CRLF rows, quoted where needed, quotes doubled), safe from
 * formula injection: a cell that starts with = + - @ TAB or CR would be run as a formula by Excel, LibreOffice
 * or Google Sheets, so it gets a leading apostrophe and is read as text (OWASP "CSV Injection"). Used by every
 * CSV download: the lead export, the import template and the import's rejected rows. This is the only place
 * text is neutralised: the database keeps what people typed, which the site shows (docs/decisions/026).
 */
import { once } from 'node:events';
import type { Response } from 'express';
import { neutraliseFormula } from '@moveratlas/contracts';

const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: unknown): string {
  const text = neutraliseFormula(value === null || value === undefined ? '' : String(value));
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** Lets Excel read the file as UTF-8 (names with accents) instead of the system code page. */
export const UTF8_BOM = '\uFEFF';

/**
 * Writes a streamed download as fast as the client reads it: `write` waits while the response's buffer is
 * full, and `closed` turns true when the client went away, so the caller stops reading rows nobody gets.
 */
export function responseWriter(res: Response): {
  write(chunk: string): Promise<void>;
  readonly closed: boolean;
} {
  let closed = false;
  res.once('close', () => {
    closed = true;
  });
  return {
    async write(chunk) {
      if (!res.write(chunk)) await Promise.race([once(res, 'drain'), once(res, 'close')]);
    },
    get closed() {
      return closed;
    },
  };
}
