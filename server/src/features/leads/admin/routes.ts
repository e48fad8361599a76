/**
 * The admin leads API (below /api/admin, behind the session gate): the list and its filter choices, the CSV
 * export, one lead, its status changes and the retry of its delivery.
 */
import { Router, type Response } from 'express';
import {
  AdminLeadExportQuerySchema,
  AdminLeadIdSchema,
  AdminLeadListQuerySchema,
  AdminLeadStatusRequestSchema,
} from '@moveratlas/contracts';
import type { AdminContext } from '../../../app-context';
import type { AdminLocals } from '../../auth';
import { notFound } from '../../../lib/http-error';
import { auditedChange, recordRequestAudit } from '../../audit';
import { parseInput } from '../../../lib/validate';
import { LEAD_FORWARD_JOB } from '../outbox';
import { leadsBulkStatusRoute } from './bulk-status-route';
import { adminDeletionRequestRoutes } from './deletion/routes';
import { adminLeadReturnRoutes } from '../returns/admin-routes';
import { exportLeads } from './export-leads';
import { retryLeadDelivery, setLeadStatus } from './lead-actions';
import { leadDetail } from './lead-detail';
import { leadFacets, listLeads } from './list-leads';

const adminOf = (res: Response) => (res.locals as AdminLocals).admin;

export function adminLeadsRoutes(ctx: AdminContext): Router {
  const { db } = ctx;
  const router = Router();

  const detailOrNotFound = async (id: number) => {
    const detail = await leadDetail(db, id);
    if (!detail) throw notFound(`No lead with id ${id}`);
    return detail;
  };

  router.get('/leads', async (req, res) => {
    res.json(await listLeads(db, parseInput(AdminLeadListQuerySchema, req.query, 'query')));
  });

  router.get('/leads/facets', async (_req, res) => {
    res.json(await leadFacets(db));
  });

  router.get('/leads/export.csv', async (req, res) => {
    const filters = parseInput(AdminLeadExportQuerySchema, req.query, 'query');
    // Recorded before the first byte: a download of personal data is accounted for even if it breaks off.
    await recordRequestAudit(db, req, res, {
      action: 'leads.export',
      entityType: 'leads',
      summary: 'Exported leads as CSV',
      after: { filters },
    });
    await exportLeads(db, filters, res);
  });

  router.post('/leads/bulk-status', leadsBulkStatusRoute(db));
  router.use(adminDeletionRequestRoutes(ctx));
  router.use(adminLeadReturnRoutes(ctx));

  router.get('/leads/:id', async (req, res) => {
    const id = parseInput(AdminLeadIdSchema, req.params.id, 'params');
    res.json(await detailOrNotFound(id));
  });

  router.post('/leads/:id/status', async (req, res) => {
    const id = parseInput(AdminLeadIdSchema, req.params.id, 'params');
    const { status, note } = parseInput(AdminLeadStatusRequestSchema, req.body ?? {}, 'body');
    await auditedChange(db, req, res, async (trx, audit) => {
      const before = (await trx('leads').where({ id }).first('status')) as
        { status: string } | undefined;
      await setLeadStatus(trx, id, status, {
        username: adminOf(res).username,
        ...(note ? { note } : {}),
      });
      if (before && before.status !== status)
        audit({
          action: 'lead.status',
          entityType: 'lead',
          entityId: id,
          summary: `Set lead ${id} to ${status}`,
          before: { status: before.status },
          after: { status, ...(note ? { note } : {}) },
        });
    });
    res.json(await detailOrNotFound(id));
  });

  router.post('/leads/:id/retry', async (req, res) => {
    const id = parseInput(AdminLeadIdSchema, req.params.id, 'params');
    await auditedChange(db, req, res, async (trx, audit) => {
      const before = (await trx('leads').where({ id }).first('delivery_status')) as
        { delivery_status: string } | undefined;
      await retryLeadDelivery(trx, id, adminOf(res).username);
      audit({
        action: 'lead.retry',
        entityType: 'lead',
        entityId: id,
        summary: `Sent lead ${id} to the lead backend again`,
        before: { delivery_status: before?.delivery_status ?? null },
        after: { delivery_status: 'pending' },
      });
    });
    ctx.jobs?.kick(LEAD_FORWARD_JOB);
    ctx.logger.info({ leadId: id, admin: adminOf(res).username }, 'lead delivery retried');
    res.json(await detailOrNotFound(id));
  });

  return router;
}
