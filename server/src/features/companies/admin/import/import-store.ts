/**
 * The company_imports rows and the uploaded file's bytes: stored in 256 KiB chunks as the request streams in
 * (never the whole file in memory), read back as a stream by the dry run and by the import job.
 */
import type { Knex } from 'knex';
import {
  IGNORED_COLUMN_NAME_CHARS,
  IMPORT_MAX_BYTES,
  IMPORT_SAMPLE_SIZE,
  IMPORT_STATUSES,
  type CompanyImport,
  type ImportRejectedRow,
  type ImportStatus,
} from '@moveratlas/contracts';
import { HttpError, notFound } from '../../../../lib/http-error';
import { isOurColumn } from './import-plan';
import { undoView } from './import-undo';
import { TimeSlice } from '../../../../lib/time-slice';

/**
 * Bytes stored per row. On SQLite an insert runs synchronously, on the event loop: a quarter MiB is written
 * in a few ms even on a busy disk, where a whole MiB took up to 190 ms under load.
 */
const CHUNK_BYTES = 256 * 1024;
/** Chunks read back per query: about 1 MiB. */
const CHUNKS_PER_READ = 4;
/** A file checked but not imported is kept this long, then its bytes are dropped. */
export const UNUSED_UPLOAD_MS = 24 * 3_600_000;

/** Stored while the upload and its dry run are in progress; never shown. */
export const CHECKING = 'checking';

export interface ImportRow {
  id: number;
  filename: string;
  bytes: number | string;
  uploaded_by: string;
  uploaded_at: number | string;
  columns: string;
  ignored_columns: string;
  dry_rows: number;
  dry_created: number;
  dry_updated: number;
  dry_unchanged: number;
  dry_rejected: number;
  neutralised: number;
  neutralised_cells: string;
  status: string;
  job_id: number | string | null;
  progress: number;
  rows_done: number;
  created: number;
  updated: number;
  unchanged: number;
  rejected: number;
  error: string | null;
  undo_status: string | null;
  undo_job_id: number | string | null;
  undo_by: string | null;
  undo_finished_at: number | string | null;
  undo_restored: number;
  undo_deleted: number;
  undo_skipped: number;
  undo_error: string | null;
  started_at: number | string | null;
  finished_at: number | string | null;
}

const tooLarge = () =>
  new HttpError(
    413,
    `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB; split it into smaller files.`,
  );

/**
 * Streams a request body into company_import_chunks under a new import (status `checking`), refusing more
 * than IMPORT_MAX_BYTES. A body that goes over is read to its end (discarded) so the client gets the 413.
 * Pieces already buffered arrive as microtasks, one after another: the loop is handed back every few ms.
 */
export async function storeUpload(
  db: Knex,
  body: AsyncIterable<Buffer>,
  meta: { filename: string; uploadedBy: string },
): Promise<number> {
  const [id] = (await db('company_imports').insert({
    filename: meta.filename,
    bytes: 0,
    uploaded_by: meta.uploadedBy.slice(0, 64),
    uploaded_at: Date.now(),
    columns: '[]',
    ignored_columns: '[]',
    neutralised_cells: '[]',
    status: CHECKING,
  })) as number[];
  const importId = Number(id);
  let seq = 0;
  let bytes = 0;
  let parts: Buffer[] = [];
  let pending = 0;
  const flush = async () => {
    if (pending === 0) return;
    await db('company_import_chunks').insert({
      import_id: importId,
      seq: seq++,
      data: Buffer.concat(parts),
    });
    parts = [];
    pending = 0;
  };
  const slice = new TimeSlice();
  try {
    let over = false;
    for await (const piece of body) {
      await slice.pause();
      bytes += piece.length;
      if (over || bytes > IMPORT_MAX_BYTES) {
        over = true;
        continue;
      }
      parts.push(piece);
      pending += piece.length;
      if (pending >= CHUNK_BYTES) await flush();
    }
    if (over) throw tooLarge();
    await flush();
    await db('company_imports').where('id', importId).update({ bytes });
    return importId;
  } catch (error) {
    await deleteImport(db, importId);
    throw error;
  }
}

export async function deleteImport(db: Knex, id: number): Promise<void> {
  // Children first: SQLite connections enforce the cascade, but deleting explicitly needs no assumption.
  await db('company_import_chunks').where('import_id', id).delete();
  await db('company_import_rejections').where('import_id', id).delete();
  await db('company_import_changes').where('import_id', id).delete();
  await db('company_import_undo').where('import_id', id).delete();
  await db('company_imports').where('id', id).delete();
}

/** The stored file, chunk by chunk, a few chunks per query. */
export async function* readChunks(db: Knex, importId: number): AsyncGenerator<Buffer> {
  for (let from = 0; ; from += CHUNKS_PER_READ) {
    const rows = (await db('company_import_chunks')
      .where('import_id', importId)
      .andWhere('seq', '>=', from)
      .andWhere('seq', '<', from + CHUNKS_PER_READ)
      .orderBy('seq')
      .select('data')) as Array<{ data: Buffer | Uint8Array }>;
    for (const row of rows) yield Buffer.isBuffer(row.data) ? row.data : Buffer.from(row.data);
    if (rows.length < CHUNKS_PER_READ) return;
  }
}

/**
 * Drops the bytes of uploads checked but never imported within a day (and any left `checking` by a crash):
 * they are marked failed with the reason.
 */
export async function purgeUnusedUploads(db: Knex, now = Date.now()): Promise<void> {
  const stale = (await db('company_imports')
    .whereIn('status', ['ready', CHECKING])
    .andWhere('uploaded_at', '<', now - UNUSED_UPLOAD_MS)
    .select('id', 'status')) as Array<{ id: number; status: string }>;
  for (const row of stale) {
    if (row.status === CHECKING) {
      await deleteImport(db, Number(row.id));
      continue;
    }
    await db.transaction(async (trx) => {
      await trx('company_import_chunks').where('import_id', row.id).delete();
      await trx('company_import_changes').where('import_id', row.id).delete();
      await trx('company_imports').where({ id: row.id, status: 'ready' }).update({
        status: 'failed',
        error: 'Not imported within a day of the upload; the file was discarded. Upload it again.',
        finished_at: now,
      });
    });
  }
}

const jsonList = <T>(text: string): T[] => {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? (parsed as T[]) : [];
  } catch {
    return [];
  }
};

/** A column name as the answer shows it: a header cell can be thousands of characters. */
const shortName = (name: string) =>
  name.length > IGNORED_COLUMN_NAME_CHARS
    ? `${name.slice(0, IGNORED_COLUMN_NAME_CHARS - 1)}…`
    : name;

/** The header of an import's file, every column as written (the rejected-rows report repeats them). */
export async function fileColumns(db: Knex, id: number): Promise<string[]> {
  const row = (await db('company_imports').where('id', id).first('columns')) as
    Pick<ImportRow, 'columns'> | undefined;
  return row ? jsonList<string>(row.columns) : [];
}

const iso = (ms: number | string | null) =>
  ms === null ? null : new Date(Number(ms)).toISOString();

interface JobView {
  status: string;
  progress: number | null;
  last_error: string | null;
}

/** The import as the screen sees it, its status and progress read from its job while that runs. */
export async function loadImport(db: Knex, id: number): Promise<CompanyImport> {
  const row = (await db('company_imports').where('id', id).first()) as ImportRow | undefined;
  if (!row || row.status === CHECKING) throw notFound(`No import with id ${id}`);
  return toCompanyImport(db, row);
}

export async function toCompanyImport(db: Knex, row: ImportRow): Promise<CompanyImport> {
  const job =
    row.job_id === null
      ? undefined
      : ((await db('jobs').where('id', row.job_id).first('status', 'progress', 'last_error')) as
          JobView | undefined);
  let status = (IMPORT_STATUSES as readonly string[]).includes(row.status)
    ? (row.status as ImportStatus)
    : 'failed';
  let error = row.error;
  let progress = status === 'succeeded' ? 100 : Number(row.progress);
  if (job && (status === 'queued' || status === 'running')) {
    if (job.status === 'running') status = 'running';
    if (job.progress !== null) progress = Number(job.progress);
    // The job gave up (or was cancelled) without the handler recording it, e.g. its process died.
    if (job.status === 'dead' || job.status === 'failed' || job.status === 'cancelled') {
      status = 'failed';
      error ??= job.last_error ?? `The import job was ${job.status}`;
    }
  }
  const phase = status === 'ready' ? 'dry' : 'import';
  const rejected = (await db('company_import_rejections')
    .where({ import_id: row.id, phase })
    .orderBy('line')
    .limit(IMPORT_SAMPLE_SIZE)
    .select('line', 'column', 'reason')) as ImportRejectedRow[];
  const started = row.status !== 'ready' && row.status !== 'queued';
  const ignored = jsonList<string>(row.ignored_columns);
  return {
    id: Number(row.id),
    filename: row.filename,
    bytes: Number(row.bytes),
    uploadedBy: row.uploaded_by,
    uploadedAt: iso(row.uploaded_at)!,
    columns: jsonList<string>(row.columns).filter(isOurColumn),
    ignoredColumnCount: ignored.length,
    ignoredColumns: ignored.slice(0, IMPORT_SAMPLE_SIZE).map(shortName),
    dryRun: {
      rows: Number(row.dry_rows),
      created: Number(row.dry_created),
      updated: Number(row.dry_updated),
      unchanged: Number(row.dry_unchanged),
      rejected: Number(row.dry_rejected),
    },
    neutralised: Number(row.neutralised),
    neutralisedCells: jsonList<{ line: number; column: string }>(row.neutralised_cells),
    status,
    jobId: row.job_id === null ? null : Number(row.job_id),
    progress,
    result: started
      ? {
          rows: Number(row.rows_done),
          created: Number(row.created),
          updated: Number(row.updated),
          unchanged: Number(row.unchanged),
          rejected: Number(row.rejected),
        }
      : null,
    rejected: rejected.map((r) => ({ line: Number(r.line), column: r.column, reason: r.reason })),
    error,
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    ...(await undoView(db, row, status)),
  };
}

export async function listImports(db: Knex, limit = 10): Promise<CompanyImport[]> {
  const rows = (await db('company_imports')
    .whereNot('status', CHECKING)
    .orderBy('id', 'desc')
    .limit(limit)) as ImportRow[];
  return Promise.all(rows.map((row) => toCompanyImport(db, row)));
}
