/**
 * GET /api/admin/audit/export.csv: the filtered log as a CSV download, newest first, streamed in pages read by
 * id (constant memory, stops when the client goes away). Cells are neutralised by the CSV writer; the export
 * is itself recorded in the log, before the first byte.
 */
import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import { AUDIT_EXPORT_COLUMNS, AuditExportQuerySchema } from '@moveratlas/contracts';
import { csvRow, responseWriter, UTF8_BOM } from '../../../lib/csv';
import { parseInput } from '../../../lib/validate';
import { recordRequestAudit } from '../audit-request';
import { filteredAudit, type AuditRow } from './audit-query';

const PAGE = 500;

export function exportAuditRoute(db: Knex): RequestHandler {
  return async (req, res) => {
    const filters = parseInput(AuditExportQuerySchema, req.query, 'query');
    const described = Object.entries(filters)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => `${key} ${String(value)}`)
      .join(', ');
    await recordRequestAudit(db, req, res, {
      action: 'audit.export',
      entityType: 'audit',
      summary: `Exported the audit log${described ? ` (${described})` : ''}`,
      after: { filters },
    });
    res
      .status(200)
      .type('text/csv; charset=utf-8')
      .set(
        'Content-Disposition',
        `attachment; filename="audit-log-${new Date().toISOString().slice(0, 10)}.csv"`,
      );
    const out = responseWriter(res);
    await out.write(UTF8_BOM + csvRow(AUDIT_EXPORT_COLUMNS));
    let before: number | undefined;
    while (!out.closed) {
      const query = filteredAudit(db, filters).orderBy('id', 'desc').limit(PAGE).select('*');
      if (before !== undefined) query.where('id', '<', before);
      const rows = (await query) as AuditRow[];
      if (rows.length === 0) break;
      await out.write(
        rows
          .map((r) =>
            csvRow([
              r.id,
              r.created_at,
              r.actor_username,
              r.actor_role ?? '',
              r.actor_kind,
              r.company_id ?? '',
              r.action,
              r.entity_type,
              r.entity_id ?? '',
              r.summary,
              r.before_json ?? '',
              r.after_json ?? '',
              r.ip ?? '',
              r.outcome,
            ]),
          )
          .join(''),
      );
      before = Number(rows[rows.length - 1]!.id);
      if (rows.length < PAGE) break;
    }
    res.end();
  };
}
