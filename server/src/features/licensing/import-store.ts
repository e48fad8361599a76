/**
 * The licensing_imports rows and their stored parts: the file's bytes, gzipped a MiB at a time as the request
 * streams in (never the whole file in memory), and later its checked facts; each read back from any byte on
 * by the import job.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Knex } from 'knex';
import { HttpError, notFound } from '../../lib/http-error';
import { TimeSlice } from '../../lib/time-slice';
import { FileRefusedError, headerOf, HEADER_MAX_BYTES } from './file-reader';
import { fmcsaFileOfKind, recogniseHeader, type FmcsaFile } from './files';

const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

/** Bytes of the file per stored chunk (before gzip: FMCSA’s CSV shrinks about sixfold). */
export const CHUNK_BYTES = 1024 * 1024;
/** The census is about a gigabyte; twice that is not an FMCSA file. */
export const LICENSING_MAX_BYTES = 2 * 1024 * 1024 * 1024;

export const IMPORT_STATUSES = [
  'receiving',
  'queued',
  'checking',
  'applying',
  'matching',
  'succeeded',
  'refused',
  'failed',
] as const;
export type LicensingImportStatus = (typeof IMPORT_STATUSES)[number];

export interface LicensingImportRow {
  id: number;
  kind: string;
  filename: string;
  file_date: string;
  file_date_source: string;
  bytes: number | string;
  sha256: string | null;
  columns: string;
  status: LicensingImportStatus;
  job_id: number | string | null;
  checked_bytes: number | string;
  staged_bytes: number | string;
  resume_byte: number | string;
  resume_line: number | string;
  rows_read: number;
  rows_rejected: number;
  rows_done: number;
  rows_inserted: number;
  rows_updated: number;
  rows_unchanged: number;
  companies_matched: number;
  error: string | null;
  created_by: string;
  created_at: number | string;
  started_at: number | string | null;
  finished_at: number | string | null;
}

export async function findImport(
  db: Knex | Knex.Transaction,
  id: number,
): Promise<LicensingImportRow | undefined> {
  return (await db('licensing_imports').where('id', id).first()) as LicensingImportRow | undefined;
}

const MONTHS = 'jan feb mar apr may jun jul aug sep oct nov dec'.split(' ');

/**
 * The date FMCSA published a file, from its name as FMCSA names its downloads: `…_2024Jan…` (the census:
 * the month's first day), `…20240115…` or `…2024-01-15…`.
 */
export function fileDateFromName(filename: string): string | undefined {
  const full = /(20\d\d)-?(0[1-9]|1[0-2])-?(0[1-9]|[12]\d|3[01])(?!\d)/.exec(filename);
  if (full) return `${full[1]}-${full[2]}-${full[3]}`;
  const month = /(20\d\d)[_-]?([A-Za-z]{3})(?![a-z])/i.exec(filename);
  const index = month ? MONTHS.indexOf(month[2]!.toLowerCase()) : -1;
  if (month && index >= 0) return `${month[1]}-${String(index + 1).padStart(2, '0')}-01`;
  return undefined;
}

export type StoredPart = 'file' | 'facts';

/** Appends bytes to a stored part, a gzipped chunk of CHUNK_BYTES at a time (byte n is in chunk n / CHUNK_BYTES). */
export class PartWriter {
  private parts: Buffer[] = [];
  private pending = 0;
  private seq = 0;
  bytes = 0;

  constructor(
    private readonly db: Knex,
    private readonly importId: number,
    private readonly part: StoredPart,
  ) {}

  async write(piece: Buffer): Promise<void> {
    this.bytes += piece.length;
    for (let at = 0; at < piece.length;) {
      const take = Math.min(piece.length - at, CHUNK_BYTES - this.pending);
      this.parts.push(piece.subarray(at, at + take));
      this.pending += take;
      at += take;
      if (this.pending === CHUNK_BYTES) await this.flush();
    }
  }

  /** Stores what is left. */
  async flush(): Promise<void> {
    if (this.pending === 0) return;
    const raw = Buffer.concat(this.parts);
    this.parts = [];
    this.pending = 0;
    // zlib runs in libuv's thread pool: the event loop only waits.
    const data = await gzip(raw, { level: 1 });
    await this.db('licensing_import_chunks').insert({
      import_id: this.importId,
      part: this.part,
      seq: this.seq,
      raw_start: this.seq * CHUNK_BYTES,
      raw_bytes: raw.length,
      data,
    });
    this.seq++;
  }
}

export interface NewImport {
  filename: string;
  /** As staff stated it; else read from the name; else today. */
  fileDate?: string;
  createdBy: string;
}

/**
 * Streams a file into a new import: its header is read from the first bytes and must be a file we import
 * (refused at once otherwise, before the rest is read), then every MiB is gzipped and stored. Answers the
 * import (status `receiving`; the caller queues it) with its file module. On any failure nothing is left.
 */
export async function receiveFile(
  db: Knex,
  body: AsyncIterable<Buffer>,
  meta: NewImport,
): Promise<{ id: number; file: FmcsaFile }> {
  const stated = meta.fileDate;
  const fromName = fileDateFromName(meta.filename);
  const [id] = (await db('licensing_imports').insert({
    kind: '',
    filename: meta.filename.slice(0, 200),
    file_date: stated ?? fromName ?? new Date().toISOString().slice(0, 10),
    file_date_source: stated ? 'stated' : fromName ? 'file name' : 'upload',
    columns: '[]',
    status: 'receiving',
    created_by: meta.createdBy.slice(0, 100),
    created_at: Date.now(),
  })) as number[];
  const importId = Number(id);
  const sha = createHash('sha256');
  const writer = new PartWriter(db, importId, 'file');
  let file: FmcsaFile | undefined;
  let header: string[] | undefined;
  let head: Buffer[] = [];
  let headBytes = 0;
  const recognise = (complete: boolean) => {
    header = headerOf(Buffer.concat(head), complete);
    if (!header) return;
    const found = recogniseHeader(header);
    if ('refusal' in found) throw new FileRefusedError(found.refusal);
    file = found.file;
    head = [];
  };
  const slice = new TimeSlice();
  try {
    for await (const piece of body) {
      await slice.pause();
      if (writer.bytes + piece.length > LICENSING_MAX_BYTES)
        throw new HttpError(
          413,
          `The file is larger than ${LICENSING_MAX_BYTES / 1024 ** 3} GB: it is not an FMCSA file we import.`,
        );
      sha.update(piece);
      if (!file) {
        head.push(piece);
        headBytes += piece.length;
        recognise(headBytes >= HEADER_MAX_BYTES);
      }
      await writer.write(piece);
    }
    if (writer.bytes === 0) throw new FileRefusedError('The file is empty.');
    if (!file) recognise(true);
    await writer.flush();
    await db('licensing_imports')
      .where('id', importId)
      .update({
        kind: file!.kind,
        columns: JSON.stringify(header ?? []),
        bytes: writer.bytes,
        sha256: sha.digest('hex'),
      });
    return { id: importId, file: file! };
  } catch (error) {
    await deleteImport(db, importId);
    throw error;
  }
}

/**
 * Drops uploads a server stopped receiving (its process ended mid-upload) more than a day ago: they never
 * became imports.
 */
export async function purgeAbandonedUploads(db: Knex, now = Date.now()): Promise<void> {
  const ids = (await db('licensing_imports')
    .where('status', 'receiving')
    .andWhere('created_at', '<', now - 24 * 3_600_000)
    .pluck('id')) as number[];
  for (const id of ids) await deleteImport(db, Number(id));
}

export async function deleteImport(db: Knex, id: number): Promise<void> {
  await db('licensing_import_chunks').where('import_id', id).delete();
  await db('licensing_import_rejections').where('import_id', id).delete();
  await db('licensing_imports').where('id', id).delete();
}

/** A stored part from byte `from` on, a chunk per query. */
export async function* readStoredPart(
  db: Knex,
  importId: number,
  part: StoredPart,
  from = 0,
): AsyncGenerator<Buffer> {
  for (let seq = Math.floor(from / CHUNK_BYTES); ; seq++) {
    const row = (await db('licensing_import_chunks')
      .where({ import_id: importId, part, seq })
      .first('raw_start', 'data')) as
      { raw_start: number | string; data: Buffer | Uint8Array } | undefined;
    if (!row) return;
    const raw = await gunzip(Buffer.isBuffer(row.data) ? row.data : Buffer.from(row.data));
    const skip = Math.max(0, from - Number(row.raw_start));
    yield skip > 0 ? raw.subarray(skip) : raw;
  }
}

/** The kind's file module of a stored import (its kind was recognised when it was received). */
export function fileOf(row: Pick<LicensingImportRow, 'kind'>): FmcsaFile {
  const file = fmcsaFileOfKind(row.kind);
  if (!file) throw new Error(`no FMCSA file module for kind "${row.kind}"`);
  return file;
}

export const REJECTIONS_SHOWN = 100;

export interface LicensingImportView {
  id: number;
  kind: string;
  /** "the motor carrier census" */
  fileLabel: string;
  filename: string;
  fileDate: string;
  fileDateSource: string;
  bytes: number;
  status: LicensingImportStatus;
  /** 0–100: the check reads the file (the first third), the apply writes its facts (the rest). */
  progress: number;
  rows: {
    read: number;
    rejected: number;
    applied: number;
    inserted: number;
    updated: number;
    unchanged: number;
  };
  companiesMatched: number;
  /** Why the file was refused, or why the import stopped. */
  error: string | null;
  /** The first rejected rows, by line; the rest page by page (GET …/rejections?afterLine=). */
  rejected: Array<{ line: number; reason: string }>;
  createdBy: string;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

const iso = (ms: number | string | null) =>
  ms === null ? null : new Date(Number(ms)).toISOString();

interface JobView {
  status: string;
  last_error: string | null;
}

function progressOf(row: LicensingImportRow): number {
  const total = Math.max(1, Number(row.bytes));
  switch (row.status) {
    case 'checking':
      return Math.floor((33 * Number(row.checked_bytes)) / total);
    case 'applying':
      return (
        33 + Math.floor((65 * Number(row.resume_byte)) / Math.max(1, Number(row.staged_bytes)))
      );
    case 'matching':
      return 99;
    case 'succeeded':
      return 100;
    default:
      return 0;
  }
}

export async function rejectionsOf(
  db: Knex,
  id: number,
  afterLine = 0,
  limit = REJECTIONS_SHOWN,
): Promise<Array<{ line: number; reason: string }>> {
  const rows = (await db('licensing_import_rejections')
    .where('import_id', id)
    .andWhere('line', '>', afterLine)
    .orderBy('line')
    .limit(limit)
    .select('line', 'reason')) as Array<{ line: number | string; reason: string }>;
  return rows.map((r) => ({ line: Number(r.line), reason: r.reason }));
}

export async function toView(db: Knex, row: LicensingImportRow): Promise<LicensingImportView> {
  let status = row.status;
  let error = row.error;
  if (row.job_id !== null && !['succeeded', 'refused', 'failed'].includes(status)) {
    const job = (await db('jobs').where('id', row.job_id).first('status', 'last_error')) as
      JobView | undefined;
    // The job gave up (or was cancelled) without the handler recording it, e.g. its process died.
    if (job && ['dead', 'failed', 'cancelled'].includes(job.status)) {
      status = 'failed';
      error ??= `The import stopped: ${job.last_error ?? `its job was ${job.status}`}. What was written stays written; retrying the job resumes it.`;
    }
  }
  return {
    id: Number(row.id),
    kind: row.kind,
    fileLabel: fmcsaFileOfKind(row.kind)?.label ?? row.kind,
    filename: row.filename,
    fileDate: row.file_date,
    fileDateSource: row.file_date_source,
    bytes: Number(row.bytes),
    status,
    progress: progressOf(row),
    rows: {
      read: Number(row.rows_read),
      rejected: Number(row.rows_rejected),
      applied: Number(row.rows_inserted) + Number(row.rows_updated),
      inserted: Number(row.rows_inserted),
      updated: Number(row.rows_updated),
      unchanged: Number(row.rows_unchanged),
    },
    companiesMatched: Number(row.companies_matched),
    error,
    rejected: await rejectionsOf(db, Number(row.id)),
    createdBy: row.created_by,
    createdAt: iso(row.created_at)!,
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
  };
}

export async function loadImportView(db: Knex, id: number): Promise<LicensingImportView> {
  const row = await findImport(db, id);
  if (!row || row.status === 'receiving') throw notFound(`No licensing import with id ${id}`);
  return toView(db, row);
}

export async function listImportViews(db: Knex, limit = 20): Promise<LicensingImportView[]> {
  const rows = (await db('licensing_imports')
    .whereNot('status', 'receiving')
    .orderBy('id', 'desc')
    .limit(limit)) as LicensingImportRow[];
  return Promise.all(rows.map((row) => toView(db, row)));
}
