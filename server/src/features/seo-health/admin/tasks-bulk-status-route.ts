/**
 * POST /api/admin/seo-health/tasks/bulk-status { ids, status }: sets up to 500 SEO tasks to one status in one
 * transaction, answering per id what was done with the status before and after.
 */
import type { RequestHandler, Response } from 'express';
import type { Knex } from 'knex';
import { auditActor, recordBulkAudit, type AuditActor } from '../../audit';
import {
  SEO_TASK_STATUS_LABELS,
  SeoTaskBulkStatusRequestSchema,
  type BulkRowResult,
  type SeoTaskStatus,
} from '@moveratlas/contracts';
import type { AdminLocals } from '../../auth';
import { bulkResult, statusChanges } from '../../../lib/bulk-result';
import { parseInput } from '../../../lib/validate';

export async function bulkTaskStatus(
  db: Knex,
  ids: readonly number[],
  status: SeoTaskStatus,
  by: string,
  actor?: AuditActor,
): Promise<BulkRowResult[]> {
  return db.transaction(async (trx) => {
    const rows = (await trx('seo_tasks').whereIn('id', ids).select('id', 'status')) as Array<{
      id: number;
      status: SeoTaskStatus;
    }>;
    const { results, moves } = statusChanges(
      ids,
      new Map(rows.map((r) => [Number(r.id), r.status])),
      status,
      SEO_TASK_STATUS_LABELS,
      'task',
    );
    if (moves.length > 0)
      await trx('seo_tasks')
        .whereIn(
          'id',
          moves.map((m) => m.id),
        )
        .update({ status, status_changed_by: by.slice(0, 100), updated_at: Date.now() });
    await recordBulkAudit(trx, actor, results, {
      action: 'seo_task.bulk_status',
      entityType: 'seo_task',
      summary: (row) => `Set SEO task ${row.id} to ${SEO_TASK_STATUS_LABELS[status]} (bulk)`,
    });
    return results;
  });
}

const adminOf = (res: Response) => (res.locals as AdminLocals).admin;

export function seoTasksBulkStatusRoute(db: Knex): RequestHandler {
  return async (req, res) => {
    const { ids, status } = parseInput(SeoTaskBulkStatusRequestSchema, req.body, 'body');
    const results = await bulkTaskStatus(
      db,
      ids,
      status,
      `admin:${adminOf(res).username}`,
      auditActor(req, res),
    );
    res.json(
      bulkResult(results, {
        one: 'task',
        many: 'tasks',
        done: `set to ${SEO_TASK_STATUS_LABELS[status]}`,
        unchanged: `already ${SEO_TASK_STATUS_LABELS[status]}`,
      }),
    );
  };
}
