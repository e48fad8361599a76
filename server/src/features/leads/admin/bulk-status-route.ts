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
  LeadBulkStatusRequestSchema,
  type BulkRowResult,
  type LeadStatus,
} from '@moveratlas/contracts';
import type { AdminLocals } from '../../auth';
import { bulkResult, notFoundRow } from '../../../lib/bulk-result';
import { parseInput } from '../../../lib/validate';

const LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  scheduled: 'Scheduled',
  quoted: 'Quoted',
  converted: 'Converted',
  lost: 'Lost',
};

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
    const byId = new Map(rows.map((r) => [Number(r.id), r.status]));
    const results: BulkRowResult[] = [];
    const at = new Date().toISOString();
    const history: Array<Record<string, unknown>> = [];
    for (const id of ids) {
      const from = byId.get(id);
      if (from === undefined) {
        results.push(notFoundRow(id, 'lead'));
        continue;
      }
      if (from === status) {
        results.push({
          id,
          outcome: 'unchanged',
          message: `Already ${LABELS[status]}`,
          before: { status: from },
          after: { status: from },
        });
        continue;
      }
      const moved = await trx('leads')
        .where({ id, status: from })
        .update({ status, updated_at: trx.fn.now() });
      if (moved !== 1) {
        results.push(notFoundRow(id, 'lead'));
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
      results.push({
        id,
        outcome: 'done',
        message: `${LABELS[from]} → ${LABELS[status]}`,
        before: { status: from },
        after: { status },
      });
    }
    if (history.length > 0) await trx.batchInsert('lead_status_history', history, 250);
    await recordBulkAudit(trx, actor, results, {
      action: 'lead.bulk_status',
      entityType: 'lead',
      summary: (row) => `Moved lead ${row.id} to ${LABELS[status]} (bulk)`,
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
        done: `moved to ${LABELS[status]}`,
        unchanged: `already ${LABELS[status]}`,
      }),
    );
  };
}
