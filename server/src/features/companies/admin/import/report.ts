/**
 * The CSV files the upload screen offers: the template (the columns, in order) and the report of an import's
 * rejected rows — line, column, reason and the row as it was read. Cells that a spreadsheet would run as a
 * formula get a leading apostrophe (the report repeats the uploader's own cells, formulas included); a
 * client that goes away stops the reading.
 */
import type { Response } from 'express';
import type { Knex } from 'knex';
import { COMPANY_CSV_COLUMNS } from '@moveratlas/contracts';
import { csvRow, responseWriter, UTF8_BOM } from '../../../../lib/csv';
import { isOurColumn } from './import-plan';
import { TimeSlice } from '../../../../lib/time-slice';

export const TEMPLATE_CSV = UTF8_BOM + csvRow(COMPANY_CSV_COLUMNS);

/** Rejected rows read per query: a row can hold 200,000 characters, a page is read in one go (SQLite: on the loop). */
const PAGE = 200;
/** Ignored columns the report's header names. */
const IGNORED_IN_REPORT = 5;
/** Text written to the response at a time, at most. */
const FLUSH_CHARS = 64 * 1024;

/** Streams the rejected rows of one phase, a page of rows per query, waiting for the client to keep up. */
export async function writeRejectedReport(
  db: Knex,
  res: Response,
  importId: number,
  phase: 'dry' | 'import',
  columns: readonly string[],
): Promise<void> {
  const out = responseWriter(res);
  const slice = new TimeSlice();
  // The columns the import reads, in the file's order; the ignored ones are summarised in one last header
  // cell (a count and the first few names), not repeated: a file of a thousand unknown columns made a report
  // nobody could read, and those cells never reach the directory anyway.
  const read = columns.flatMap((name, i) => (isOurColumn(name) ? [i] : []));
  const ignored = columns.filter((name) => !isOurColumn(name));
  const summary =
    ignored.length === 0
      ? []
      : [
          `${ignored.length} ignored ${ignored.length === 1 ? 'column' : 'columns'} (not in the template): ${ignored
            .slice(0, IGNORED_IN_REPORT)
            .map((n) => (n.length > 40 ? `${n.slice(0, 39)}…` : n || '(blank)'))
            .join(', ')}${ignored.length > IGNORED_IN_REPORT ? ', …' : ''}`,
        ];
  await out.write(
    UTF8_BOM + csvRow(['line', 'column', 'reason', ...read.map((i) => columns[i]), ...summary]),
  );
  for (let afterId = 0; !out.closed;) {
    const rows = (await db('company_import_rejections')
      .where({ import_id: importId, phase })
      .andWhere('id', '>', afterId)
      .orderBy('id')
      .limit(PAGE)
      .select('id', 'line', 'column', 'reason', 'cells')) as Array<{
      id: number;
      line: number;
      column: string | null;
      reason: string;
      cells: string;
    }>;
    if (rows.length === 0) break;
    let text = '';
    for (const row of rows) {
      let cells: unknown[] = [];
      try {
        const parsed: unknown = JSON.parse(row.cells);
        if (Array.isArray(parsed)) cells = parsed;
      } catch {
        // A row whose cells could not be kept still has its line and reason.
      }
      text += csvRow([row.line, row.column ?? '', row.reason, ...read.map((i) => cells[i] ?? '')]);
      // A rejected row can hold 200,000 characters: hand the loop back, a piece of text at a time.
      if (text.length >= FLUSH_CHARS || slice.due()) {
        await out.write(text);
        text = '';
        await slice.pause();
      }
    }
    if (text !== '') await out.write(text);
    afterId = Number(rows[rows.length - 1]!.id);
  }
  res.end();
}
