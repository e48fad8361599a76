/**
 * POST /api/admin/upload/:id/undo { skipChanged? }: undoes an applied import as a job (202 with the import,
 * whose `undo` the screen then follows). 409 in plain words when it cannot be undone; 409 with the list of
 * companies changed again since the import when there are any and `skipChanged` is not true.
 */
import type { RequestHandler } from 'express';
import { z } from 'zod';
import { idParam, ImportUndoRequestSchema } from '@moveratlas/contracts';
import type { AdminContext } from '../../../../app-context';
import { parseInput } from '../../../../lib/validate';
import { loadImport } from './import-store';
import { recordRequestAudit } from '../../../audit';
import { COMPANY_IMPORT_UNDO_JOB, requestUndo } from './import-undo';

const IdParams = z.object({ id: idParam('import') });

export function importUndoRoute(ctx: AdminContext): RequestHandler {
  return async (req, res) => {
    const { id } = parseInput(IdParams, req.params, 'params');
    const { skipChanged } = parseInput(ImportUndoRequestSchema, req.body ?? {}, 'body');
    const by = (res.locals.admin as { username: string } | undefined)?.username ?? 'admin';
    const started = await requestUndo(ctx.db, id, by, skipChanged);
    if ('conflict' in started) {
      res.status(409).json(started.conflict);
      return;
    }
    await recordRequestAudit(ctx.db, req, res, {
      action: 'company_import.undo',
      entityType: 'company_import',
      entityId: id,
      summary: `Started undoing import ${id}${skipChanged ? ', skipping companies changed since' : ''}`,
    });
    ctx.jobs?.kick(COMPANY_IMPORT_UNDO_JOB);
    res.status(202).json(await loadImport(ctx.db, id));
  };
}
