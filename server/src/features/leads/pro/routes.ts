/**
 * The mover's leads inbox (below /api/pro/companies/:companyId, behind the pro gate that has already checked
 * the signed-in user belongs to the company): the list, the CSV export, one lead and its status change. A lead
 * that did not name this company answers 404 as if it did not exist.
 */
import { Router, type Request, type Response } from 'express';
import {
  idParam,
  ProLeadExportQuerySchema,
  ProLeadListQuerySchema,
  ProLeadStatusRequestSchema,
} from '@moveratlas/contracts';
import type { ProContext } from '../../../app-context';
import { recordAudit } from '../../audit';
import { proAuditActor, type ProCompanyLocals } from '../../movers';
import { notFound } from '../../../lib/http-error';
import { parseInput } from '../../../lib/validate';
import { exportCompanyLeads } from './export-leads';
import { companyLeadDetail } from './lead-detail';
import { listCompanyLeads } from './list-leads';
import { NO_SUCH_LEAD, setCompanyLeadStatus } from './set-status';
import { proLeadReturnRoute } from '../returns/pro-return-route';

const LeadIdSchema = idParam('lead');
const localsOf = (res: Response) => res.locals as ProCompanyLocals;

export function proLeadsRoutes(ctx: ProContext): Router {
  const { db } = ctx;
  const router = Router();

  const detailOrNotFound = async (companyId: number, leadId: number) => {
    const detail = await companyLeadDetail(db, companyId, leadId);
    if (!detail) throw notFound(NO_SUCH_LEAD);
    return detail;
  };

  router.get('/leads', async (req, res) => {
    const query = parseInput(ProLeadListQuerySchema, req.query, 'query');
    const list = await listCompanyLeads(db, localsOf(res).proCompany.id, query);
    res.set('Cache-Control', 'no-store').set('X-Total-Count', String(list.total)).json(list);
  });

  router.get('/leads/export.csv', async (req: Request, res: Response) => {
    const filters = parseInput(ProLeadExportQuerySchema, req.query, 'query');
    const company = localsOf(res).proCompany;
    // Recorded before the first byte: a download of personal data is accounted for even if it breaks off.
    await recordAudit(db, proAuditActor(req, res), {
      action: 'company_leads.export',
      entityType: 'leads',
      summary: `Exported ${company.name}'s leads as CSV`,
      after: { filters },
      companyId: company.id,
    });
    await exportCompanyLeads(db, company, filters, res);
  });

  router.get('/leads/:leadId', async (req, res) => {
    const leadId = parseInput(LeadIdSchema, req.params.leadId, 'params');
    res
      .set('Cache-Control', 'no-store')
      .json(await detailOrNotFound(localsOf(res).proCompany.id, leadId));
  });

  // The lead's page calls this once it is shown: the visitor's "my request" page says the mover opened it. A
  // POST, not a side effect of the GET (a prefetch or a crawler must not mark a lead read); idempotent.
  router.post('/leads/:leadId/opened', async (req, res) => {
    const leadId = parseInput(LeadIdSchema, req.params.leadId, 'params');
    const marked = await db('company_leads')
      .where({ company_id: localsOf(res).proCompany.id, lead_id: leadId })
      .update({ opened_at: db.raw('COALESCE(opened_at, ?)', [Date.now()]) });
    if (marked === 0) throw notFound(NO_SUCH_LEAD);
    res.status(204).end();
  });

  router.patch('/leads/:leadId/status', async (req, res) => {
    const leadId = parseInput(LeadIdSchema, req.params.leadId, 'params');
    const change = parseInput(ProLeadStatusRequestSchema, req.body ?? {}, 'body');
    const locals = localsOf(res);
    await setCompanyLeadStatus(
      db,
      { audit: proAuditActor(req, res), userId: locals.mover.id },
      locals.proCompany.id,
      leadId,
      change,
    );
    res.json(await detailOrNotFound(locals.proCompany.id, leadId));
  });

  router.post(
    '/leads/:leadId/return',
    proLeadReturnRoute(
      db,
      async (res, companyId, leadId) => {
        res.status(201).json(await detailOrNotFound(companyId, leadId));
      },
      NO_SUCH_LEAD,
    ),
  );

  return router;
}
