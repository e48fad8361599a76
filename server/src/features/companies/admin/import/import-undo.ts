/**
 * Undoing an applied import (docs/decisions/029): every company it updated is put back as it was before the
 * import, every company it created is deleted. A company changed again since the import (its data differs
 * from what the import left) is not overwritten unasked: the request is refused with the list, unless the
 * person chose to skip those. The work runs on the durable job queue (type `company-import-undo`), a batch
 * per transaction, each batch removing the undo rows it has done, so a retried job resumes where it stopped.
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import {
  IMPORT_SAMPLE_SIZE,
  IMPORT_UNDO_STATUSES,
  type ImportUndo,
  type ImportUndoConflict,
  type ImportUndoStatus,
} from '@moveratlas/contracts';
import { SharedCaches } from '../../../../db/cache-versions';
import { dialectOf, withTransactionRetry } from '../../../../db/dialect';
import { enqueueJob } from '../../../../jobs/queue';
import { PermanentJobError, type JobContext, type JobRegistry } from '../../../../jobs/worker';
import type { Job } from '../../../../jobs/queue';
import { HttpError, notFound } from '../../../../lib/http-error';
import { companySearchTokens } from '../../../../lib/search-tokens';
import { yieldToServer } from '../../../../lib/time-slice';
import { timestampNow } from '../company-store';
import {
  companyImages,
  imageColumns,
  parseImage,
  imageHash,
  type CompanyImage,
} from './company-image';

export const COMPANY_IMPORT_UNDO_JOB = 'company-import-undo';
const UNDO_ATTEMPTS = 3;
const UNDO_TIMEOUT_MS = 30 * 60_000;
/** Companies put back per transaction (SQLite holds the event loop while it writes). */
const UNDO_BATCH = 200;

interface UndoRow {
  id: number;
  company_id: number;
  kind: 'created' | 'updated';
  before: string | null;
  after_hash: string;
}

/** The company_imports columns the undo reads. */
export interface UndoColumns {
  id: number;
  status: string;
  undo_status: string | null;
  undo_job_id: number | string | null;
  undo_by: string | null;
  undo_finished_at: number | string | null;
  undo_restored: number;
  undo_deleted: number;
  undo_skipped: number;
  undo_error: string | null;
}

/** Whether the import kept what it changed (imports applied before undo existed did not). */
async function hasUndoRows(db: Knex, importId: number): Promise<boolean> {
  return (await db('company_import_undo').where('import_id', importId).first('id')) !== undefined;
}

/** The undo as the import screen shows it, its status followed from its job while that runs. */
export async function undoView(
  db: Knex,
  row: UndoColumns,
  importStatus: string,
): Promise<{ undoable: boolean; undo: ImportUndo | null }> {
  let undo: ImportUndo | null = null;
  if (row.undo_status !== null) {
    let status: ImportUndoStatus = (IMPORT_UNDO_STATUSES as readonly string[]).includes(
      row.undo_status,
    )
      ? (row.undo_status as ImportUndoStatus)
      : 'failed';
    let error = row.undo_error;
    if (row.undo_job_id !== null && (status === 'queued' || status === 'running')) {
      const job = (await db('jobs').where('id', row.undo_job_id).first('status', 'last_error')) as
        { status: string; last_error: string | null } | undefined;
      if (job?.status === 'running') status = 'running';
      if (job && ['dead', 'failed', 'cancelled'].includes(job.status)) {
        status = 'failed';
        error ??= job.last_error ?? `The undo job was ${job.status}`;
      }
    }
    undo = {
      status,
      by: row.undo_by ?? '',
      restored: Number(row.undo_restored),
      deleted: Number(row.undo_deleted),
      skipped: Number(row.undo_skipped),
      error,
      finishedAt:
        row.undo_finished_at === null ? null : new Date(Number(row.undo_finished_at)).toISOString(),
    };
  }
  const open = undo === null || undo.status === 'failed';
  return {
    undoable: importStatus === 'succeeded' && open && (await hasUndoRows(db, Number(row.id))),
    undo,
  };
}

type Outcome = 'restore' | 'delete' | 'changed' | 'deleted' | 'gone';

/** What undo does with one company: what the import left must still be there, unchanged. */
function outcomeOf(row: UndoRow, current: CompanyImage | undefined): Outcome {
  if (!current) return row.kind === 'created' ? 'gone' : 'deleted';
  if (imageHash(current) !== row.after_hash) return 'changed';
  return row.kind === 'created' ? 'delete' : 'restore';
}

/** The companies of an import changed again (or deleted) since it ran: how many, and the first few. */
export async function changedSince(
  db: Knex,
  importId: number,
): Promise<{ count: number; sample: ImportUndoConflict['changedSince'] }> {
  const sample: ImportUndoConflict['changedSince'] = [];
  let count = 0;
  for (let afterId = 0; ;) {
    const rows = (await db('company_import_undo')
      .where('import_id', importId)
      .andWhere('id', '>', afterId)
      .orderBy('id')
      .limit(UNDO_BATCH)
      .select('id', 'company_id', 'kind', 'before', 'after_hash')) as UndoRow[];
    if (rows.length === 0) break;
    const current = await companyImages(
      db,
      rows.map((r) => Number(r.company_id)),
    );
    for (const row of rows) {
      const outcome = outcomeOf(row, current.get(Number(row.company_id)));
      if (outcome !== 'changed' && outcome !== 'deleted') continue;
      count++;
      if (sample.length < IMPORT_SAMPLE_SIZE) {
        // A company deleted since is named as it was before the import.
        const image = current.get(Number(row.company_id)) ?? parseImage(row.before);
        sample.push({
          id: Number(row.company_id),
          name: String(image?.columns.name ?? ''),
          slug: String(image?.columns.slug ?? ''),
          deleted: outcome === 'deleted',
        });
      }
    }
    afterId = Number(rows[rows.length - 1]!.id);
    await yieldToServer();
  }
  return { count, sample };
}

/** The 409 body when companies changed since the import and the person did not choose to skip them. */
export function conflictBody(found: {
  count: number;
  sample: ImportUndoConflict['changedSince'];
}): ImportUndoConflict {
  const names = found.sample
    .slice(0, 5)
    .map((c) => `${c.name}${c.deleted ? ' (deleted)' : ''}`)
    .join(', ');
  const more = found.count > 5 ? ` and ${found.count - 5} more` : '';
  return {
    error: `${found.count} ${found.count === 1 ? 'company was' : 'companies were'} changed again since this import: ${names}${more}. Undo would overwrite those changes, so nothing was undone. Undo the rest and leave them as they are, or review them first.`,
    changedSince: found.sample,
    changedSinceCount: found.count,
  };
}

/**
 * Starts the undo of an import: 404 for an unknown import, 409 in plain words when it cannot be undone
 * (not finished, already undone or being undone, applied before undo existed). Answers the conflict instead
 * of starting when companies changed since and `skipChanged` is false.
 */
export async function requestUndo(
  db: Knex,
  importId: number,
  by: string,
  skipChanged: boolean,
): Promise<{ conflict: ImportUndoConflict } | { jobId: number }> {
  const row = (await db('company_imports').where('id', importId).first()) as
    UndoColumns | undefined;
  if (!row || row.status === 'checking') throw notFound(`No import with id ${importId}`);
  if (row.status !== 'succeeded')
    throw new HttpError(409, 'Only an import that has finished can be undone');
  if (row.undo_status === 'succeeded')
    throw new HttpError(409, 'This import has already been undone');
  if (row.undo_status === 'queued' || row.undo_status === 'running')
    throw new HttpError(409, 'This import is already being undone');
  if (!(await hasUndoRows(db, importId)))
    throw new HttpError(
      409,
      'This import changed nothing that can be undone (or ran before imports kept what they changed)',
    );
  const found = await changedSince(db, importId);
  if (found.count > 0 && !skipChanged) return { conflict: conflictBody(found) };
  return db.transaction(async (trx) => {
    const jobId = await enqueueJob(
      trx,
      COMPANY_IMPORT_UNDO_JOB,
      { importId, skipChanged },
      { maxAttempts: UNDO_ATTEMPTS, createdBy: `admin:${by}` },
    );
    const moved = await trx('company_imports')
      .where('id', importId)
      .where((q) => q.whereNull('undo_status').orWhere('undo_status', 'failed'))
      .update({
        undo_status: 'queued',
        undo_job_id: jobId,
        undo_by: by.slice(0, 64),
        undo_finished_at: null,
        undo_error: null,
      });
    if (moved !== 1) throw new HttpError(409, 'This import is already being undone');
    return { jobId };
  });
}

const Payload = z.object({ importId: z.number().int().positive(), skipChanged: z.boolean() });

/** Puts one batch back, in one transaction with the removal of its undo rows and the counts. */
async function undoBatch(db: Knex, importId: number, rows: UndoRow[]): Promise<void> {
  await withTransactionRetry(db, async (trx) => {
    const current = await companyImages(
      trx,
      rows.map((r) => Number(r.company_id)),
    );
    const counts = { restored: 0, deleted: 0, skipped: 0 };
    const restored: CompanyImage[] = [];
    const deleted: number[] = [];
    for (const row of rows) {
      const outcome = outcomeOf(row, current.get(Number(row.company_id)));
      if (outcome === 'restore') {
        const before = parseImage(row.before);
        if (before) restored.push(before);
        else counts.skipped++;
      } else if (outcome === 'delete') deleted.push(Number(row.company_id));
      // Changed (or deleted) since: the person chose to leave those, or they changed after the check.
      else if (outcome === 'changed' || outcome === 'deleted') counts.skipped++;
    }
    const now = timestampNow();
    for (const image of restored) {
      await trx('companies')
        .where('id', image.id)
        .update({ ...imageColumns(image), updated_at: now });
    }
    const restoredIds = restored.map((i) => i.id);
    if (restoredIds.length > 0) {
      await trx('company_search_tokens').whereIn('company_id', restoredIds).delete();
      await trx('company_services').whereIn('company_id', restoredIds).delete();
      const dialect = dialectOf(trx);
      await dialect.batchInsert(
        trx,
        'company_search_tokens',
        restored.flatMap((i) =>
          companySearchTokens(String(i.columns.name)).map((token) => ({
            token,
            company_id: i.id,
          })),
        ),
      );
      await dialect.batchInsert(
        trx,
        'company_services',
        restored.flatMap((i) => i.services.map((service_id) => ({ company_id: i.id, service_id }))),
      );
    }
    if (deleted.length > 0) {
      // Services, search words and reviews go with them (ON DELETE CASCADE), as a delete by hand does.
      await trx('companies').whereIn('id', deleted).delete();
      await trx('company_applications').whereIn('company_id', deleted).update({ company_id: null });
    }
    counts.restored = restored.length;
    counts.deleted = deleted.length;
    await trx('company_import_undo')
      .whereIn(
        'id',
        rows.map((r) => r.id),
      )
      .delete();
    await trx('company_imports')
      .where('id', importId)
      .update({
        undo_restored: trx.raw('undo_restored + ?', [counts.restored]),
        undo_deleted: trx.raw('undo_deleted + ?', [counts.deleted]),
        undo_skipped: trx.raw('undo_skipped + ?', [counts.skipped]),
      });
  });
}

export async function runUndo(
  db: Knex,
  job: Job,
  signal: AbortSignal,
  context: Pick<JobContext, 'progress'> | undefined,
): Promise<{ restored: number; deleted: number; skipped: number }> {
  const parsed = Payload.safeParse(job.payload);
  if (!parsed.success) throw new PermanentJobError('the job has no import id');
  const { importId } = parsed.data;
  const total = Number(
    (
      (await db('company_import_undo').where('import_id', importId).count({ n: '*' }).first()) as
        { n: number | string } | undefined
    )?.n ?? 0,
  );
  await db('company_imports')
    .where('id', importId)
    .update({ undo_status: 'running', undo_error: null });
  try {
    let done = 0;
    for (;;) {
      if (signal.aborted)
        throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
      const rows = (await db('company_import_undo')
        .where('import_id', importId)
        .orderBy('id')
        .limit(UNDO_BATCH)
        .select('id', 'company_id', 'kind', 'before', 'after_hash')) as UndoRow[];
      if (rows.length === 0) break;
      await undoBatch(db, importId, rows);
      done += rows.length;
      await context?.progress(Math.min(99, (100 * done) / Math.max(1, total)));
      await yieldToServer();
    }
    await db('company_imports')
      .where('id', importId)
      .update({ undo_status: 'succeeded', undo_finished_at: Date.now() });
    await SharedCaches.for(db).changed();
    const row = (await db('company_imports')
      .where('id', importId)
      .first('undo_restored', 'undo_deleted', 'undo_skipped')) as UndoColumns;
    return {
      restored: Number(row.undo_restored),
      deleted: Number(row.undo_deleted),
      skipped: Number(row.undo_skipped),
    };
  } catch (error) {
    const last = job.attempts >= job.maxAttempts || error instanceof PermanentJobError;
    const message = error instanceof Error ? error.message : String(error);
    if (last)
      await db('company_imports')
        .where('id', importId)
        .update({
          undo_status: 'failed',
          undo_error:
            `The undo stopped: ${message}. Companies already put back stay put back; undo again to finish.`.slice(
              0,
              2000,
            ),
          undo_finished_at: Date.now(),
        })
        .catch(() => {});
    // Part of it may be done: the public pages show that much.
    await SharedCaches.for(db)
      .changed()
      .catch(() => {});
    throw error;
  }
}

export function importUndoHandlers(db: Knex): JobRegistry {
  return {
    [COMPANY_IMPORT_UNDO_JOB]: {
      timeoutMs: UNDO_TIMEOUT_MS,
      async run(job, signal, context) {
        return { result: await runUndo(db, job, signal, context) };
      },
    },
  };
}
