/**
 * The import itself, a job on the durable queue (type `company-import`): reads the stored file again and
 * writes it a batch at a time, each batch in its own short transaction together with the import's row count
 * (rows_done) and its rejected rows. So:
 * - a row is written whole or not at all (the company, its services and its search words commit together);
 * - nothing a batch does is ever half visible, and the rows stored before the import are only changed by the
 *   rows of the file that update them;
 * - a job that stops part-way (a crash, a deploy, a database outage) is retried and resumes after the last
 *   committed batch, so no row is written twice;
 * - between batches the handler yields, so the server keeps answering (SQLite has a single connection).
 * A file cut in the middle never gets here: the dry run refuses it, so of a cut file nothing is imported.
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import { dialectOf, refreshPlannerStatistics, withTransactionRetry } from '../../../../db/dialect';
import { PermanentJobError, type JobContext, type JobRegistry } from '../../../../jobs/worker';
import type { Job } from '../../../../jobs/queue';
import { SharedCaches } from '../../../../db/cache-versions';
import {
  allocateSlugs,
  insertCompanies,
  timestampNow,
  updateCompanies,
  type CompanyWrite,
  type ExistingCompany,
} from '../company-store';
import { readRecords } from './csv-reader';
import { companyImages, imageHash, imageJson } from './company-image';
import { importUndoHandlers } from './import-undo';
import { forEachBatch, IMPORT_BATCH_ROWS, rejectionRows } from './dry-run';
import { analyseHeader, type Decision, type ImportPlanner, type Rejection } from './import-plan';
import { yieldToServer } from '../../../../lib/time-slice';
import { readChunks, type ImportRow } from './import-store';

export const COMPANY_IMPORT_JOB = 'company-import';
export const COMPANY_IMPORT_ATTEMPTS = 3;
/** An import's attempt may run this long (the worker renews its lease meanwhile). */
const IMPORT_TIMEOUT_MS = 30 * 60_000;
/** After writing this many rows, refresh the planner statistics (see refreshPlannerStatistics). */
const ANALYZE_AFTER_ROWS = 1000;
/**
 * Rows written per transaction. SQLite's queries run synchronously on the event loop and its one connection
 * is the import's until the commit: a 500-row transaction held both for 60–450 ms on a busy machine, 100 rows
 * a fifth of that, for about a third more time in all. MariaDB's queries wait on the network, not on the
 * loop: whole batches, fewer commits.
 */
const rowsPerWrite = (db: Knex) =>
  dialectOf(db).statementsHoldEventLoop ? 100 : IMPORT_BATCH_ROWS;

const Payload = z.object({ importId: z.number().int().positive() });

/**
 * New companies' slugs must not take one that a later row of the file names (that row would then update the
 * new company): collect the file's slugs first. A file without a slug column needs no such pass.
 */
async function slugsNamedInFile(
  db: Knex,
  importId: number,
  header: readonly string[],
): Promise<Set<string>> {
  const named = new Set<string>();
  const column = analyseHeader([...header]).fieldAt.indexOf('slug');
  if (column < 0) return named;
  for await (const record of readRecords(readChunks(db, importId), () => {})) {
    const slug = (record.cells[column] ?? '').trim();
    if (slug !== '') named.add(slug);
  }
  return named;
}

interface Counts {
  created: number;
  updated: number;
  unchanged: number;
  rejected: number;
}

async function writeBatch(
  db: Knex,
  importId: number,
  planner: ImportPlanner,
  decisions: Decision[],
  claimedSlugs: Set<string>,
  rowsBefore: number,
): Promise<Counts> {
  const creates = decisions.filter((d) => d.kind === 'create');
  const updates = decisions.filter((d) => d.kind === 'update');
  const unchanged = decisions.filter((d) => d.kind === 'unchanged').length;
  const rejections = decisions.filter((d): d is Decision & Rejection => d.kind === 'reject');
  await withTransactionRetry(db, async (trx) => {
    const now = timestampNow();
    const unnamed = creates.filter((d) => !d.input.slug);
    const generated = await allocateSlugs(
      trx,
      unnamed.map((d) => ({ name: d.input.name, citySlug: d.place.citySlug })),
      // A copy: a transaction that is run again must not find its own slugs already claimed.
      new Set(claimedSlugs),
    );
    const slugFor = new Map(unnamed.map((d, i) => [d, generated[i]!]));
    const newRows: CompanyWrite[] = creates.map((d) => ({
      input: d.input,
      place: d.place,
      slug: d.input.slug ?? slugFor.get(d)!,
    }));
    const createdIds = await insertCompanies(trx, newRows, planner.places, now);
    // What undo needs (docs/decisions/029): each updated company as it was, read in this transaction.
    const updatedIds = updates.map((d) => d.existing.id);
    const before = await companyImages(trx, updatedIds);
    await updateCompanies(
      trx,
      updates.map((d) => ({
        input: d.input,
        place: d.place,
        slug: d.input.slug ?? d.existing.slug,
        existing: d.existing as ExistingCompany,
      })),
      planner.places,
      now,
    );
    const after = await companyImages(trx, [...createdIds, ...updatedIds]);
    await dialectOf(trx).batchInsert(trx, 'company_import_undo', [
      ...createdIds.map((id) => ({
        import_id: importId,
        company_id: id,
        kind: 'created',
        before: null,
        after_hash: imageHash(after.get(id)!),
      })),
      ...updatedIds.map((id) => ({
        import_id: importId,
        company_id: id,
        kind: 'updated',
        before: imageJson(before.get(id)!),
        after_hash: imageHash(after.get(id)!),
      })),
    ]);
    await dialectOf(trx).batchInsert(
      trx,
      'company_import_rejections',
      rejectionRows(importId, 'import', rejections),
    );
    // Guarded by the count this batch started from: a second worker on the same import cannot add twice.
    const moved = await trx('company_imports')
      .where({ id: importId, rows_done: rowsBefore })
      .update({
        rows_done: rowsBefore + decisions.length,
        created: trx.raw('created + ?', [creates.length]),
        updated: trx.raw('updated + ?', [updates.length]),
        unchanged: trx.raw('unchanged + ?', [unchanged]),
        rejected: trx.raw('rejected + ?', [rejections.length]),
      });
    if (moved !== 1) throw new Error(`import ${importId} was advanced by another worker`);
    for (const slug of generated) claimedSlugs.add(slug);
  });
  return {
    created: creates.length,
    updated: updates.length,
    unchanged,
    rejected: rejections.length,
  };
}

export async function runImport(
  db: Knex,
  job: Job,
  signal: AbortSignal,
  context: Pick<JobContext, 'progress'> | undefined,
): Promise<{
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  rejected: number;
}> {
  const parsed = Payload.safeParse(job.payload);
  if (!parsed.success) throw new PermanentJobError('the job has no import id');
  const { importId } = parsed.data;
  const row = (await db('company_imports').where('id', importId).first()) as ImportRow | undefined;
  if (!row) throw new PermanentJobError(`import ${importId} no longer exists`);
  const totals = () => ({
    rows: Number(row.rows_done),
    created: Number(row.created),
    updated: Number(row.updated),
    unchanged: Number(row.unchanged),
    rejected: Number(row.rejected),
  });
  if (row.status === 'succeeded') return totals();
  // A failed import whose job an admin retries resumes where it stopped.
  if (row.status !== 'queued' && row.status !== 'running' && row.status !== 'failed')
    throw new PermanentJobError(`import ${importId} is ${row.status}, not queued`);
  await db('company_imports')
    .where('id', importId)
    .update({ status: 'running', started_at: row.started_at ?? Date.now(), error: null });

  try {
    const header = JSON.parse(row.columns) as string[];
    const claimedSlugs = await slugsNamedInFile(db, importId, header);
    let done = Number(row.rows_done);
    const total = Math.max(1, Number(row.dry_rows));
    const counts = totals();
    const perWrite = rowsPerWrite(db);
    await forEachBatch(
      db,
      importId,
      async (planner, records) => {
        if (signal.aborted)
          throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
        const decisions = await planner.plan(records);
        for (let from = 0; from < decisions.length; from += perWrite) {
          await yieldToServer();
          const part = decisions.slice(from, from + perWrite);
          const batch = await writeBatch(db, importId, planner, part, claimedSlugs, done);
          done += part.length;
          counts.rows = done;
          counts.created += batch.created;
          counts.updated += batch.updated;
          counts.unchanged += batch.unchanged;
          counts.rejected += batch.rejected;
        }
        await context?.progress(Math.min(99, (100 * done) / total));
      },
      { skip: done },
    );
    await db.transaction(async (trx) => {
      await trx('company_imports')
        .where('id', importId)
        .update({ status: 'succeeded', progress: 100, finished_at: Date.now() });
      // The file has served its purpose; the figures and the rejected rows stay for the report.
      await trx('company_import_chunks').where('import_id', importId).delete();
    });
    // The directory's lists, counts and pages show the new companies: in every process.
    await SharedCaches.for(db).changed();
    // Sampled, so the refresh does not hold SQLite's one connection for seconds on a large directory.
    if (counts.created + counts.updated >= ANALYZE_AFTER_ROWS)
      await refreshPlannerStatistics(db, { sampleRows: 1000 });
    return counts;
  } catch (error) {
    // Only the last attempt says "failed": an earlier one is retried (and resumes), and a stop for a
    // deploy or a cancel is recorded by the worker on the job, which the import's status follows.
    const last = job.attempts >= job.maxAttempts || error instanceof PermanentJobError;
    const message = error instanceof Error ? error.message : String(error);
    if (last)
      await db('company_imports')
        .where('id', importId)
        .update({
          status: 'failed',
          error: `The import stopped: ${message}. Rows already written stay written.`.slice(
            0,
            2000,
          ),
          finished_at: Date.now(),
        })
        .catch(() => {});
    throw error;
  }
}

/** The job types the worker registry (workers.ts) runs imports and their undo with. */
export function companyImportHandlers(db: Knex): JobRegistry {
  return {
    ...importUndoHandlers(db),
    [COMPANY_IMPORT_JOB]: {
      timeoutMs: IMPORT_TIMEOUT_MS,
      async run(job, signal, context) {
        return { result: await runImport(db, job, signal, context) };
      },
    },
  };
}
