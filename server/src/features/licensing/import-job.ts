/**
 * The import of an FMCSA file, a job on the durable queue (type `licensing-import`), in three steps that each
 * pick up where a stopped attempt left them (docs/decisions/040):
 * 1. checking: the whole file is read once; each row is checked and mapped, the rows refused are reported by
 *    line, and the others are staged as facts (a JSON line each, gzipped in the database under the import).
 *    Nothing we hold is written. A file that cannot be read as a whole (another encoding, cut in the
 *    middle, a broken quote) is refused here, so the facts we hold are never touched by it. A stopped check
 *    starts again from the top: what it wrote is its own.
 * 2. applying: the staged facts are read from where the last committed batch ended (that position is
 *    committed with the batch) and compared with what we hold: only new and changed facts are written, so a
 *    re-import of the same file writes nothing. A fact from a newer file is never overwritten by an older
 *    file's.
 * 3. matching: our companies are matched to the carriers again (company-matches.ts).
 * Between batches the handler yields, so the server keeps answering (SQLite has a single connection).
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import { dialectOf, withTransactionRetry } from '../../db/dialect';
import type { Job } from '../../jobs/queue';
import { PermanentJobError, type JobContext, type JobRegistry } from '../../jobs/worker';
import { TimeSlice, yieldToServer } from '../../lib/time-slice';
import type { DatabaseConfig } from '../../config';
import { SharedCaches } from '../../db/cache-versions';
import { refreshCompanyMatches } from './company-matches';
import { runImportInThread } from './import-thread';
import { FileRefusedError, readFileRecords } from './file-reader';
import { factColumns, rowReader, type FactValue, type FmcsaFile, type RowReader } from './files';
import {
  fileOf,
  findImport,
  PartWriter,
  readStoredPart,
  type LicensingImportRow,
} from './import-store';

export const LICENSING_IMPORT_JOB = 'licensing-import';
export const LICENSING_IMPORT_ATTEMPTS = 5;
/** An attempt may run this long (the worker renews its lease meanwhile): the census is a gigabyte. */
const IMPORT_TIMEOUT_MS = 2 * 3_600_000;
/** Rejected rows written per statement while checking. */
const REJECTIONS_PER_WRITE = 500;
/** Cells of a rejected row kept for the report. */
const REJECTED_CELLS_CHARS = 2000;

/**
 * Facts written per transaction. better-sqlite3 runs each statement on the event loop and SQLite's one
 * connection is the import's until the commit: a few hundred rows are a few milliseconds. MariaDB waits on
 * the network: larger batches, fewer commits.
 */
const factsPerWrite = (db: Knex) => (dialectOf(db).statementsHoldEventLoop ? 250 : 1000);

const Payload = z.object({ importId: z.number().int().positive() });

type Progress = Pick<JobContext, 'progress'> | undefined;

interface Rejection {
  line: number;
  reason: string;
  cells: readonly string[];
}

const rejectionRow = (importId: number, r: Rejection) => ({
  import_id: importId,
  line: r.line,
  reason: r.reason.slice(0, 1000),
  cells: JSON.stringify(r.cells).slice(0, REJECTED_CELLS_CHARS),
});

/** A staged fact: one JSON line of the `facts` part, its values in the order of factColumns(file). */
type StagedFact = [key: string | number, hash: string, values: FactValue[]];

/**
 * The check: reads the whole file, records the rows refused, stages the others as facts, and leaves the
 * import `applying` from the first of them.
 */
async function checkFile(db: Knex, row: LicensingImportRow, file: FmcsaFile, progress: Progress) {
  const importId = Number(row.id);
  await withTransactionRetry(db, async (trx) => {
    await trx('licensing_import_rejections').where('import_id', importId).delete();
    await trx('licensing_import_chunks').where({ import_id: importId, part: 'facts' }).delete();
    await trx('licensing_imports')
      .where('id', importId)
      .update({
        status: 'checking',
        checked_bytes: 0,
        staged_bytes: 0,
        rows_read: 0,
        rows_rejected: 0,
        error: null,
        started_at: row.started_at ?? Date.now(),
      });
  });
  // One bit per USDOT number (8 digits: 12.5 MB) for files with one row per number.
  const seen = file.uniqueNumber ? new Uint8Array(100_000_000 / 8 + 1) : undefined;
  const staged = new PartWriter(db, importId, 'facts');
  let reader: RowReader | undefined;
  let read = 0;
  let rejectedCount = 0;
  let firstRejection: Rejection | undefined;
  let pending: Rejection[] = [];
  let lastFlush = Date.now();
  const flush = async (checkedBytes: number) => {
    const rows = pending.map((r) => rejectionRow(importId, r));
    pending = [];
    lastFlush = Date.now();
    await withTransactionRetry(db, async (trx) => {
      await dialectOf(trx).batchInsert(trx, 'licensing_import_rejections', rows);
      await trx('licensing_imports')
        .where('id', importId)
        .update({ rows_read: read, rows_rejected: rejectedCount, checked_bytes: checkedBytes });
    });
    await progress?.progress((33 * checkedBytes) / Math.max(1, Number(row.bytes)));
  };
  for await (const records of readFileRecords(
    readStoredPart(db, importId, 'file'),
    { byte: 0, line: 1 },
    (cells) => {
      reader = rowReader(file, cells);
    },
  )) {
    let lines = '';
    for (const record of records) {
      read++;
      const reading = reader!.read(record.cells);
      let reason: string | undefined;
      if (!reading.ok) reason = reading.problem;
      else if (seen) {
        const n = file.uniqueNumber!(reading.fact);
        if ((seen[n >> 3]! & (1 << (n & 7))) !== 0)
          reason = `The USDOT number ${n} is on an earlier line too; the first row with it is kept`;
        else seen[n >> 3]! |= 1 << (n & 7);
      }
      if (reason !== undefined) {
        rejectedCount++;
        const rejection = { line: record.line, reason, cells: record.cells };
        firstRejection ??= rejection;
        pending.push(rejection);
      } else if (reading.ok) {
        const fact: StagedFact = [reading.key, reading.hash, reading.values];
        lines += `${JSON.stringify(fact)}\n`;
      }
    }
    if (lines !== '') await staged.write(Buffer.from(lines));
    if (pending.length >= REJECTIONS_PER_WRITE || Date.now() - lastFlush > 1000)
      await flush(records.at(-1)!.end);
  }
  await staged.flush();
  await flush(Number(row.bytes));
  if (read === 0)
    throw new FileRefusedError('The file has its header line but no rows. Nothing was imported.');
  if (rejectedCount === read)
    throw new FileRefusedError(
      `None of the file's ${read.toLocaleString('en-US')} rows could be read (line ${firstRejection!.line}: ${firstRejection!.reason}). Nothing was imported.`,
    );
  // The file has served its purpose: its facts are staged.
  await withTransactionRetry(db, async (trx) => {
    await trx('licensing_import_chunks').where({ import_id: importId, part: 'file' }).delete();
    await trx('licensing_imports').where('id', importId).update({
      status: 'applying',
      staged_bytes: staged.bytes,
      resume_byte: 0,
      resume_line: 0,
      rows_done: 0,
      rows_inserted: 0,
      rows_updated: 0,
      rows_unchanged: 0,
    });
  });
}

/** The staged facts from a byte on, with the byte each one ends at. */
async function* stagedFacts(
  db: Knex,
  importId: number,
  from: number,
): AsyncGenerator<Array<{ fact: StagedFact; end: number }>> {
  // The bytes after the last line break read so far: the start of a line (perhaps of a character).
  let carry: Buffer = Buffer.alloc(0);
  let at = from;
  const slice = new TimeSlice();
  for await (const chunk of readStoredPart(db, importId, 'facts', from)) {
    const last = chunk.lastIndexOf(10);
    if (last < 0) {
      carry = Buffer.concat([carry, chunk]);
      continue;
    }
    const text = Buffer.concat([carry, chunk.subarray(0, last + 1)]).toString('utf8');
    carry = chunk.subarray(last + 1);
    const out: Array<{ fact: StagedFact; end: number }> = [];
    let start = 0;
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
      const line = text.slice(start, nl);
      at += Buffer.byteLength(line) + 1;
      out.push({ fact: JSON.parse(line) as StagedFact, end: at });
      start = nl + 1;
    }
    yield out;
    await slice.pause();
  }
}

interface Position {
  byte: number;
  line: number;
}

/**
 * Writes one batch: the facts that are new or changed (and, for facts equal to ours, the newer date they were
 * seen on), with the position the next batch starts from, in one transaction guarded by the position this
 * one started from: a second worker on the same import cannot apply a batch twice.
 */
async function writeBatch(
  db: Knex,
  row: LicensingImportRow,
  file: FmcsaFile,
  readings: StagedFact[],
  from: Position,
  to: Position,
): Promise<void> {
  const importId = Number(row.id);
  const fileDate = row.file_date;
  const columns = [
    ...factColumns(file),
    'fact_hash',
    'source_import_id',
    'source_file',
    'source_date',
    'last_seen_date',
    'updated_at',
  ];
  const unique = new Map<string | number, StagedFact>();
  for (const reading of readings) if (!unique.has(reading[0])) unique.set(reading[0], reading);
  await withTransactionRetry(db, async (trx) => {
    const held = new Map(
      unique.size === 0
        ? []
        : (
            (await trx(file.table)
              .whereIn(file.keyColumn, [...unique.keys()])
              .select(
                `${file.keyColumn} as key`,
                'fact_hash',
                'source_date',
                'last_seen_date',
              )) as Array<{
              key: string | number;
              fact_hash: string;
              source_date: string;
              last_seen_date: string;
            }>
          ).map((h) => [typeof h.key === 'string' ? h.key : Number(h.key), h]),
    );
    const now = Date.now();
    const writes: FactValue[][] = [];
    const seenAgain: Array<string | number> = [];
    let inserted = 0;
    let updated = 0;
    for (const [key, hash, values] of unique.values()) {
      const ours = held.get(key);
      // A fact from a newer file than this one stays as it is.
      if (ours && ours.source_date > fileDate) continue;
      if (ours && ours.fact_hash === hash) {
        if (ours.last_seen_date < fileDate) seenAgain.push(key);
        continue;
      }
      if (ours) updated++;
      else inserted++;
      writes.push([...values, hash, importId, row.filename, fileDate, fileDate, now]);
    }
    await dialectOf(trx).upsertRows(trx, file.table, file.keyColumn, columns, writes);
    if (seenAgain.length > 0)
      await trx(file.table).whereIn(file.keyColumn, seenAgain).update({ last_seen_date: fileDate });
    const moved = await trx('licensing_imports')
      .where({ id: importId, status: 'applying', resume_byte: from.byte })
      .update({
        resume_byte: to.byte,
        resume_line: to.line,
        rows_done: trx.raw('rows_done + ?', [readings.length]),
        rows_inserted: trx.raw('rows_inserted + ?', [inserted]),
        rows_updated: trx.raw('rows_updated + ?', [updated]),
        rows_unchanged: trx.raw('rows_unchanged + ?', [readings.length - inserted - updated]),
      });
    if (moved !== 1) throw new Error(`licensing import ${importId} was advanced by another worker`);
  });
}

/** The apply: the staged facts from the committed position on, a batch at a time. */
async function applyFacts(
  db: Knex,
  row: LicensingImportRow,
  file: FmcsaFile,
  signal: AbortSignal,
  progress: Progress,
): Promise<void> {
  const importId = Number(row.id);
  let position: Position = { byte: Number(row.resume_byte), line: Number(row.resume_line) };
  const perWrite = factsPerWrite(db);
  const total = Math.max(1, Number(row.staged_bytes));
  let batch: StagedFact[] = [];
  let batchFrom = position;
  const commit = async () => {
    if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
    await writeBatch(db, row, file, batch, batchFrom, position);
    batch = [];
    batchFrom = position;
    await progress?.progress(33 + (65 * position.byte) / total);
    await yieldToServer();
  };
  for await (const facts of stagedFacts(db, importId, position.byte)) {
    for (const { fact, end } of facts) {
      batch.push(fact);
      position = { byte: end, line: position.line + 1 };
      if (batch.length >= perWrite) await commit();
    }
  }
  if (batch.length > 0) await commit();
}

async function refuse(db: Knex, importId: number, message: string): Promise<void> {
  await withTransactionRetry(db, async (trx) => {
    await trx('licensing_import_rejections').where('import_id', importId).delete();
    await trx('licensing_import_chunks').where('import_id', importId).delete();
    await trx('licensing_imports')
      .where('id', importId)
      .update({ status: 'refused', error: message.slice(0, 2000), finished_at: Date.now() });
  });
}

export interface LicensingImportResult {
  status: 'succeeded' | 'refused';
  rowsRead: number;
  rowsRejected: number;
  inserted: number;
  updated: number;
  unchanged: number;
  companiesMatched: number;
}

const resultOf = (row: LicensingImportRow): LicensingImportResult => ({
  status: row.status === 'refused' ? 'refused' : 'succeeded',
  rowsRead: Number(row.rows_read),
  rowsRejected: Number(row.rows_rejected),
  inserted: Number(row.rows_inserted),
  updated: Number(row.rows_updated),
  unchanged: Number(row.rows_unchanged),
  companiesMatched: Number(row.companies_matched),
});

export async function runLicensingImport(
  db: Knex,
  job: Pick<Job, 'payload' | 'attempts' | 'maxAttempts'>,
  signal: AbortSignal,
  progress?: Progress,
): Promise<LicensingImportResult> {
  const parsed = Payload.safeParse(job.payload);
  if (!parsed.success) throw new PermanentJobError('the job has no import id');
  const { importId } = parsed.data;
  let row = await findImport(db, importId);
  if (!row) throw new PermanentJobError(`licensing import ${importId} no longer exists`);
  if (row.status === 'succeeded' || row.status === 'refused') return resultOf(row);
  const file = fileOf(row);
  try {
    // A failed import whose job staff retry resumes where it stopped: its step says where.
    if (
      row.status === 'queued' ||
      row.status === 'checking' ||
      (row.status === 'failed' && Number(row.staged_bytes) === 0)
    ) {
      await checkFile(db, row, file, progress);
      row = (await findImport(db, importId))!;
    }
    if (row.status === 'applying' || row.status === 'failed') {
      if (row.status === 'failed')
        await db('licensing_imports')
          .where('id', importId)
          .update({ status: 'applying', error: null });
      await applyFacts(db, row, file, signal, progress);
      await db('licensing_imports').where('id', importId).update({ status: 'matching' });
    }
    const matched = await refreshCompanyMatches(db);
    await withTransactionRetry(db, async (trx) => {
      await trx('licensing_import_chunks').where('import_id', importId).delete();
      await trx('licensing_imports').where('id', importId).update({
        status: 'succeeded',
        companies_matched: matched,
        finished_at: Date.now(),
      });
    });
    // Profiles, cards and filters show the new facts: every process's public caches empty.
    await SharedCaches.for(db).changed();
  } catch (error) {
    if (error instanceof FileRefusedError) {
      await refuse(db, importId, error.message);
      return resultOf((await findImport(db, importId))!);
    }
    // Only the last attempt says "failed": an earlier one is retried and resumes.
    const last = job.attempts >= job.maxAttempts || error instanceof PermanentJobError;
    if (last) {
      const message = error instanceof Error ? error.message : String(error);
      await db('licensing_imports')
        .where('id', importId)
        .update({
          status: 'failed',
          error:
            `The import stopped: ${message}. What was written stays written; retrying the job resumes it.`.slice(
              0,
              2000,
            ),
          finished_at: Date.now(),
        })
        .catch(() => {});
    }
    throw error;
  }
  return resultOf((await findImport(db, importId))!);
}

/**
 * The job type the worker registry (workers.ts) runs FMCSA imports with: in a thread of its own with its own
 * connection when `database` is given (the server's way: import-thread.ts says why), else on this thread.
 */
export function licensingImportHandlers(db: Knex, database?: DatabaseConfig): JobRegistry {
  return {
    [LICENSING_IMPORT_JOB]: {
      timeoutMs: IMPORT_TIMEOUT_MS,
      async run(job, signal, context) {
        const result = database
          ? await runImportInThread(database, job, signal, context)
          : await runLicensingImport(db, job, signal, context);
        return { result };
      },
    },
  };
}
