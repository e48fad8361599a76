/**
 * POST /api/pro/companies/:companyId/leads/:leadId/return: the mover hands back a lead it cannot use, with a
 * reason (issue 18). Any team member may ask; the ask is audited and waits for staff.
 */
import type { RequestHandler, Response } from 'express';
import { idParam, LEAD_RETURN_REASON_LABELS, LeadReturnRequestSchema } from '@moveratlas/contracts';
import type { Knex } from 'knex';
import { recordAudit } from '../../audit';
import { proAuditActor, type ProCompanyLocals } from '../../movers';
import { notFound } from '../../../lib/http-error';
import { parseInput } from '../../../lib/validate';
import { requestLeadReturn } from './lead-returns';

const LeadIdSchema = idParam('lead');

export function proLeadReturnRoute(
  db: Knex,
  answer: (res: Response, companyId: number, leadId: number) => Promise<void>,
  noSuchLead: string,
): RequestHandler {
  return async (req, res) => {
    const leadId = parseInput(LeadIdSchema, req.params.leadId, 'params');
    const request = parseInput(LeadReturnRequestSchema, req.body ?? {}, 'body');
    const { proCompany, mover } = res.locals as ProCompanyLocals;
    await db.transaction(async (trx) => {
      const held = (await trx('company_leads')
        .join('leads', 'leads.id', 'company_leads.lead_id')
        .where({ 'company_leads.company_id': proCompany.id, 'company_leads.lead_id': leadId })
        .first('company_leads.id', 'leads.public_id')) as
        { id: number; public_id: string } | undefined;
      if (!held) throw notFound(noSuchLead);
      const asked = await requestLeadReturn(
        trx,
        { companyLeadId: Number(held.id), leadId, companyId: proCompany.id, userId: mover.id },
        request,
      );
      await recordAudit(trx, proAuditActor(req, res), {
        action: 'company_lead.return-request',
        entityType: 'lead',
        entityId: leadId,
        summary: `${proCompany.name} asked to return lead ${held.public_id}: ${LEAD_RETURN_REASON_LABELS[request.reason]}`,
        after: { returnId: asked.id, reason: request.reason },
        companyId: proCompany.id,
      });
    });
    await answer(res, proCompany.id, leadId);
  };
}
