/**
 * POST /api/admin/leads/bulk-status { ids, status }: moves up to 500 leads to one status in one transaction,
 * each change recorded in the lead's status history (who, from, to) as a single change is, and answers per id
 * what was done with the status before and after. Each update is guarded by the status just read, so a lead
 * another admin moved in between is reported unchanged rather than overwritten.
 */
import type { RequestHandler, Response } from 'express';
import type { Knex } from 'knex';
import { auditActor, recordBulkAudit, type AuditActor } from '../../audit';
import {
  LEAD_STATUS_LABELS,
  LeadBulkStatusRequestSchema,
  type BulkRowResult,
  type LeadStatus,
} from '@moveratlas/contracts';
import type { AdminLocals } from '../../auth';
import { bulkResult, notFoundRow, statusChanges } from '../../../lib/bulk-result';
import { parseInput } from '../../../lib/validate';

export async function bulkLeadStatus(
  db: Knex,
  ids: readonly number[],
  status: LeadStatus,
  by: string,
  actor?: AuditActor,
): Promise<BulkRowResult[]> {
  return db.transaction(async (trx) => {
    const rows = (await trx('leads').whereIn('id', ids).select('id', 'status')) as Array<{
      id: number;
      status: LeadStatus;
    }>;
    const { results, moves } = statusChanges(
      ids,
      new Map(rows.map((r) => [Number(r.id), r.status])),
      status,
      LEAD_STATUS_LABELS,
      'lead',
    );
    const at = new Date().toISOString();
    const history: Array<Record<string, unknown>> = [];
    for (const { id, from } of moves) {
      const moved = await trx('leads')
        .where({ id, status: from })
        .update({ status, updated_at: trx.fn.now() });
      if (moved !== 1) {
        results[results.findIndex((r) => r.id === id)] = notFoundRow(id, 'lead');
        continue;
      }
      history.push({
        lead_id: id,
        from_status: from,
        to_status: status,
        changed_by: by,
        note: null,
        changed_at: at,
      });
    }
    if (history.length > 0) await trx.batchInsert('lead_status_history', history, 250);
    await recordBulkAudit(trx, actor, results, {
      action: 'lead.bulk_status',
      entityType: 'lead',
      summary: (row) => `Moved lead ${row.id} to ${LEAD_STATUS_LABELS[status]} (bulk)`,
    });
    return results;
  });
}

const adminOf = (res: Response) => (res.locals as AdminLocals).admin;

export function leadsBulkStatusRoute(db: Knex): RequestHandler {
  return async (req, res) => {
    const { ids, status } = parseInput(LeadBulkStatusRequestSchema, req.body, 'body');
    const results = await bulkLeadStatus(
      db,
      ids,
      status,
      adminOf(res).username,
      auditActor(req, res),
    );
    res.json(
      bulkResult(results, {
        one: 'lead',
        many: 'leads',
        done: `moved to ${LEAD_STATUS_LABELS[status]}`,
        unchanged: `already ${LEAD_STATUS_LABELS[status]}`,
      }),
    );
  };
}
