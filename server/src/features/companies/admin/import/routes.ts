/**
 * /api/admin/upload (behind the admin gate): the companies CSV import.
 *   GET  /upload/template.csv     the columns, as a file to fill in
 *   POST /upload?filename=…       the file as the raw request body (text/csv): stored, dry-run, answered 201
 *   GET  /upload                  recent imports
 *   GET  /upload/:id              one import: dry-run figures, then the job's status and progress
 *   POST /upload/:id/import       starts the import job (202)
 *   GET  /upload/:id/rejected.csv every rejected row with its line, column and reason
 *   GET  /upload/:id/changes      the dry run's per-company diff, a page at a time (changes-route.ts)
 *   POST /upload/:id/undo         undoes an applied import, as a job (undo-route.ts)
 */
import { Router, type Response } from 'express';
import { z } from 'zod';
import { idParam, IMPORT_MAX_BYTES, ImportUploadQuerySchema } from '@moveratlas/contracts';
import type { AdminContext } from '../../../../app-context';
import { enqueueJob } from '../../../../jobs/queue';
import { HttpError, notFound } from '../../../../lib/http-error';
import { parseInput } from '../../../../lib/validate';
import { importChangesRoute } from './changes-route';
import { dryRun } from './dry-run';
import { COMPANY_IMPORT_ATTEMPTS, COMPANY_IMPORT_JOB } from './import-job';
import {
  deleteImport,
  fileColumns,
  listImports,
  loadImport,
  purgeUnusedUploads,
  storeUpload,
  type ImportRow,
} from './import-store';
import { TEMPLATE_CSV, writeRejectedReport } from './report';
import { importUndoRoute } from './undo-route';
import { recordAudit, recordRequestAudit, auditActor } from '../../../audit';

/** Content types browsers and tools send a .csv file with; JSON and forms are not files. */
const CSV_TYPES = new Set([
  'text/csv',
  'text/plain',
  'application/csv',
  'application/vnd.ms-excel',
  'application/octet-stream',
]);

const IdParams = z.object({ id: idParam('import') });

const adminName = (res: Response) =>
  (res.locals.admin as { username: string } | undefined)?.username ?? 'admin';

export function adminUploadRoutes(ctx: AdminContext): Router {
  const { db } = ctx;
  const router = Router();

  router.get('/upload/template.csv', (_req, res) => {
    res
      .type('text/csv; charset=utf-8')
      .attachment('moveratlas-companies-template.csv')
      .send(TEMPLATE_CSV);
  });

  router.get('/upload', async (_req, res) => {
    res.json({ items: await listImports(db) });
  });

  router.post('/upload', async (req, res) => {
    const { filename } = parseInput(ImportUploadQuerySchema, req.query, 'query');
    const type = (req.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== '' && !CSV_TYPES.has(type))
      throw new HttpError(415, 'Send the CSV file itself as the request body, as text/csv');
    const declared = Number(req.get('content-length') ?? Number.NaN);
    if (declared > IMPORT_MAX_BYTES) {
      // Do not read 50 MB and more only to refuse it: answer now and close the connection.
      res.set('Connection', 'close');
      throw new HttpError(
        413,
        `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB; split it into smaller files.`,
      );
    }
    await purgeUnusedUploads(db);
    const id = await storeUpload(db, req, { filename, uploadedBy: adminName(res) });
    try {
      await dryRun(db, id);
    } catch (error) {
      // A refused file (or a failed check) leaves nothing behind.
      await deleteImport(db, id);
      throw error;
    }
    const upload = await loadImport(db, id);
    // The file is stored and checked in steps of their own (it streams in): recorded once it is.
    await recordRequestAudit(db, req, res, {
      action: 'company_import.upload',
      entityType: 'company_import',
      entityId: id,
      summary: `Uploaded ${filename} for import`,
      after: { filename },
    });
    res.status(201).json(upload);
  });

  router.get('/upload/:id', async (req, res) => {
    const { id } = parseInput(IdParams, req.params, 'params');
    res.json(await loadImport(db, id));
  });

  router.post('/upload/:id/import', async (req, res) => {
    const { id } = parseInput(IdParams, req.params, 'params');
    const by = adminName(res);
    await db.transaction(async (trx) => {
      const row = (await trx('company_imports').where('id', id).first('status')) as
        Pick<ImportRow, 'status'> | undefined;
      if (!row || row.status === 'checking') throw notFound(`No import with id ${id}`);
      if (row.status !== 'ready')
        throw new HttpError(409, `This file was already imported (status: ${row.status})`);
      const jobId = await enqueueJob(
        trx,
        COMPANY_IMPORT_JOB,
        { importId: id },
        { maxAttempts: COMPANY_IMPORT_ATTEMPTS, createdBy: `admin:${by}` },
      );
      const moved = await trx('company_imports')
        .where({ id, status: 'ready' })
        .update({ status: 'queued', job_id: jobId });
      if (moved !== 1) throw new HttpError(409, 'This file is already being imported');
      await recordAudit(trx, auditActor(req, res), {
        action: 'company_import.start',
        entityType: 'company_import',
        entityId: id,
        summary: `Started importing upload ${id} (job ${jobId})`,
        before: { status: 'ready' },
        after: { status: 'queued', jobId },
      });
    });
    ctx.jobs?.kick(COMPANY_IMPORT_JOB);
    res.status(202).json(await loadImport(db, id));
  });

  router.get('/upload/:id/rejected.csv', async (req, res) => {
    const { id } = parseInput(IdParams, req.params, 'params');
    const upload = await loadImport(db, id);
    const phase = upload.status === 'ready' ? 'dry' : 'import';
    await recordRequestAudit(db, req, res, {
      action: 'company_import.rejected_download',
      entityType: 'company_import',
      entityId: id,
      summary: `Downloaded the rejected rows of upload ${id}`,
    });
    res
      .type('text/csv; charset=utf-8')
      .attachment(`rejected-rows-${id}-${phase === 'dry' ? 'dry-run' : 'import'}.csv`);
    await writeRejectedReport(db, res, id, phase, await fileColumns(db, id));
  });

  router.get('/upload/:id/changes', importChangesRoute(db));
  router.post('/upload/:id/undo', importUndoRoute(ctx));

  return router;
}
