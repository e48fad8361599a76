/**
 * The dry run: reads the whole stored file and decides every row exactly as the import will, writing nothing
 * but the import's figures and its rejected rows. A file refused here is never imported, so the import
 * itself never meets a broken file part-way.
 */
import type { Knex } from 'knex';
import { dialectOf } from '../../../../db/dialect';
import { FileRefusedError, readRecords, type CsvRecord } from './csv-reader';
import {
  analyseHeader,
  ImportPlanner,
  type Decision,
  type HeaderPlan,
  type Rejection,
} from './import-plan';
import { yieldToServer } from '../../../../lib/time-slice';
import { readChunks } from './import-store';

/**
 * Rows decided (and, importing, written in one transaction) per round: a round's lookups are a few indexed
 * queries, and its transaction is short enough not to keep requests waiting long for SQLite's connection.
 */
export const IMPORT_BATCH_ROWS = 500;

export function rejectionRows(
  importId: number,
  phase: 'dry' | 'import',
  rejections: readonly Rejection[],
) {
  return rejections.map((r) => ({
    import_id: importId,
    phase,
    line: r.line,
    column: r.column,
    reason: r.reason.slice(0, 500),
    cells: JSON.stringify(r.cells.map((c) => c.slice(0, 2000))),
  }));
}

/** Reads the file batch by batch: `onBatch` gets each batch's records with the planner for the header. */
export async function forEachBatch(
  db: Knex,
  importId: number,
  onBatch: (planner: ImportPlanner, records: CsvRecord[]) => Promise<void>,
  options: { skip?: number; planner?: (header: HeaderPlan) => ImportPlanner } = {},
): Promise<ImportPlanner> {
  let planner: ImportPlanner | undefined;
  let batch: CsvRecord[] = [];
  let index = 0;
  for await (const record of readRecords(readChunks(db, importId), (cells) => {
    const header = analyseHeader(cells);
    planner = options.planner ? options.planner(header) : new ImportPlanner(db, header);
  })) {
    if (index++ < (options.skip ?? 0)) continue;
    batch.push(record);
    if (batch.length >= IMPORT_BATCH_ROWS) {
      await onBatch(planner!, batch);
      batch = [];
      await yieldToServer();
    }
  }
  if (batch.length > 0) await onBatch(planner!, batch);
  return planner!;
}

/**
 * A file with more rejected rows than this is refused by the dry run, naming the first problem. Its rows
 * are mostly not companies (every row of another width, every row in another format), and each rejected
 * row is stored with its cells for the report: without a limit, 50 MB of one-letter lines took minutes of
 * writes and left millions of rows behind.
 */
export const MAX_DRY_RUN_REJECTIONS = 10_000;

function tooManyRejections(first: Rejection): FileRefusedError {
  const where =
    first.column === null ? `line ${first.line}` : `line ${first.line}, ${first.column}`;
  return new FileRefusedError(
    `More than ${MAX_DRY_RUN_REJECTIONS.toLocaleString('en-US')} rows of this file would be rejected; the first (${where}): ${first.reason}. Nothing was imported; fix the file and upload it again.`,
  );
}

/** The dry run's diff rows: what each accepted row would create or change (see company_import_changes). */
interface ChangeRow {
  import_id: number;
  line: number;
  kind: 'new' | 'update';
  company_id: number | null;
  name: string;
  place: string;
  changes: string;
}

export function changeRows(importId: number, decisions: readonly Decision[]): ChangeRow[] {
  return decisions.flatMap((d): ChangeRow[] => {
    if (d.kind === 'create')
      return [
        {
          import_id: importId,
          line: d.line,
          kind: 'new',
          company_id: null,
          name: d.input.name.slice(0, 160),
          place: `${d.input.city}, ${d.input.state}`.slice(0, 120),
          changes: '[]',
        },
      ];
    if (d.kind === 'update')
      return [
        {
          import_id: importId,
          line: d.line,
          kind: 'update',
          company_id: d.existing.id,
          name: d.before.name.slice(0, 160),
          place: d.before.place.slice(0, 120),
          changes: JSON.stringify(d.changes),
        },
      ];
    return [];
  });
}

export async function dryRun(db: Knex, importId: number): Promise<void> {
  const counts = { rows: 0, created: 0, updated: 0, unchanged: 0, rejected: 0 };
  const dialect = dialectOf(db);
  let first: Rejection | undefined;
  const planner = await forEachBatch(db, importId, async (planner, records) => {
    const decisions = await planner.plan(records);
    const rejections: Rejection[] = [];
    for (const d of decisions) {
      if (d.kind === 'create') counts.created++;
      else if (d.kind === 'update') counts.updated++;
      else if (d.kind === 'unchanged') counts.unchanged++;
      else rejections.push(d);
    }
    counts.rows += records.length;
    counts.rejected += rejections.length;
    first ??= rejections[0];
    if (counts.rejected > MAX_DRY_RUN_REJECTIONS) throw tooManyRejections(first!);
    await dialect.batchInsert(
      db,
      'company_import_rejections',
      rejectionRows(importId, 'dry', rejections),
    );
    await dialect.batchInsert(db, 'company_import_changes', changeRows(importId, decisions));
  });
  if (counts.rows === 0) throw new FileRefusedError('The file has a header but no data rows.');
  await db('company_imports')
    .where('id', importId)
    .update({
      status: 'ready',
      columns: JSON.stringify(planner.header.columns),
      ignored_columns: JSON.stringify(planner.header.ignored),
      dry_rows: counts.rows,
      dry_created: counts.created,
      dry_updated: counts.updated,
      dry_unchanged: counts.unchanged,
      dry_rejected: counts.rejected,
      neutralised: planner.neutralised,
      neutralised_cells: JSON.stringify(planner.neutralisedCells),
    });
}
