/** GET /api/admin/audit: one page of the audit log, newest first, with the filters' choices. */
import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import { AuditListQuerySchema, type AuditPage } from '@moveratlas/contracts';
import { parseInput } from '../../../lib/validate';
import { listAudit } from './audit-query';

export function listAuditRoute(db: Knex): RequestHandler {
  return async (req, res) => {
    const query = parseInput(AuditListQuerySchema, req.query, 'query');
    const page: AuditPage = await listAudit(db, query);
    res.json(page);
  };
}
