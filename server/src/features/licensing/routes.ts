/**
 * /api/admin/licensing (behind the admin gate): imports of FMCSA's public files.
 *   POST /licensing/imports?filename=…&fileDate=YYYY-MM-DD  the file as the raw request body, streamed into
 *        the database; its header must be a file we import (400 at once otherwise). Queues the import (202).
 *   GET  /licensing/imports                 recent imports with their progress
 *   GET  /licensing/imports/:id             one import: status, progress, figures, the first rejected rows
 *   GET  /licensing/imports/:id/rejections  the rejected rows by line, a page at a time (?afterLine=)
 */
import { Router, type Response } from 'express';
import { z } from 'zod';
import { idParam } from '@moveratlas/contracts';
import type { AdminContext } from '../../app-context';
import { HttpError } from '../../lib/http-error';
import { parseInput } from '../../lib/validate';
import { auditActor, recordAudit } from '../audit';
import { FileRefusedError } from './file-reader';
import { parseFmcsaDate } from './fmcsa-values';
import { LICENSING_IMPORT_JOB } from './import-job';
import {
  deleteImport,
  LICENSING_MAX_BYTES,
  listImportViews,
  loadImportView,
  purgeAbandonedUploads,
  receiveFile,
  rejectionsOf,
} from './import-store';
import { queueImport } from './queue-import';

const FILE_TYPES = new Set([
  'text/csv',
  'text/plain',
  'application/csv',
  'application/vnd.ms-excel',
  'application/octet-stream',
]);

const UploadQuery = z.strictObject({
  filename: z
    .string()
    .trim()
    .min(1, 'The file name is empty')
    .max(200, 'The file name must be at most 200 characters')
    .refine((name) => !/[\p{Cc}]/u.test(name), 'The file name has control characters')
    .default('fmcsa-file.csv'),
  fileDate: z
    .string()
    .trim()
    .refine(
      (text) => /^\d{4}-\d{2}-\d{2}$/.test(text) && parseFmcsaDate(text) !== undefined,
      'The file’s date must be a real day written YYYY-MM-DD',
    )
    .optional(),
});

const IdParams = z.object({ id: idParam('import') });
const RejectionsQuery = z.strictObject({
  afterLine: z
    .string()
    .regex(/^\d{1,12}$/, 'afterLine must be a line number')
    .transform(Number)
    .optional(),
});

const REJECTIONS_PAGE = 500;

const adminName = (res: Response) =>
  (res.locals.admin as { username: string } | undefined)?.username ?? 'admin';

export function adminLicensingRoutes(ctx: AdminContext): Router {
  const { db } = ctx;
  const router = Router();

  router.get('/licensing/imports', async (_req, res) => {
    res.json({ items: await listImportViews(db) });
  });

  router.post('/licensing/imports', async (req, res) => {
    const { filename, fileDate } = parseInput(UploadQuery, req.query, 'query');
    const type = (req.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== '' && !FILE_TYPES.has(type))
      throw new HttpError(415, 'Send the FMCSA file itself as the request body, as text/csv');
    const declared = Number(req.get('content-length') ?? Number.NaN);
    if (declared > LICENSING_MAX_BYTES) {
      // Do not read gigabytes only to refuse them: answer now and close the connection.
      res.set('Connection', 'close');
      throw new HttpError(413, 'The file is larger than 2 GB: it is not an FMCSA file we import.');
    }
    const by = adminName(res);
    await purgeAbandonedUploads(db);
    let received: Awaited<ReturnType<typeof receiveFile>>;
    try {
      received = await receiveFile(db, req, { filename, fileDate, createdBy: `admin:${by}` });
    } catch (error) {
      // Refused from its first line: the rest of the body is not read.
      if (error instanceof FileRefusedError || error instanceof HttpError)
        res.set('Connection', 'close');
      throw error;
    }
    const { id, file } = received;
    try {
      await db.transaction(async (trx) => {
        const { jobId, row } = await queueImport(trx, id, `admin:${by}`);
        await recordAudit(trx, auditActor(req, res), {
          action: 'licensing_import.upload',
          entityType: 'licensing_import',
          entityId: id,
          summary: `Uploaded ${filename} (${file.label}, dated ${row.file_date}) and started its import (job ${jobId})`,
          after: {
            filename,
            kind: file.kind,
            fileDate: row.file_date,
            bytes: Number(row.bytes),
            jobId,
          },
        });
      });
    } catch (error) {
      await deleteImport(db, id);
      throw error;
    }
    ctx.jobs?.kick(LICENSING_IMPORT_JOB);
    res.status(202).json(await loadImportView(db, id));
  });

  router.get('/licensing/imports/:id', async (req, res) => {
    const { id } = parseInput(IdParams, req.params, 'params');
    res.json(await loadImportView(db, id));
  });

  router.get('/licensing/imports/:id/rejections', async (req, res) => {
    const { id } = parseInput(IdParams, req.params, 'params');
    const { afterLine } = parseInput(RejectionsQuery, req.query, 'query');
    await loadImportView(db, id);
    const items = await rejectionsOf(db, id, afterLine ?? 0, REJECTIONS_PAGE);
    res.json({
      items,
      nextAfterLine: items.length === REJECTIONS_PAGE ? items.at(-1)!.line : null,
    });
  });

  return router;
}
