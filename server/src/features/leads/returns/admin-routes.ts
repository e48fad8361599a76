/**
 * /api/admin/lead-returns: movers' returns of leads (issue 18) — the queue, and accepting or refusing one
 * with a reason the mover reads by e-mail. The decision, its audit record and the e-mail commit together.
 */
import { Router, type Response } from 'express';
import {
  AdminLeadReturnListQuerySchema,
  idParam,
  LeadReturnDecisionSchema,
} from '@moveratlas/contracts';
import type { AdminContext } from '../../../app-context';
import type { AdminLocals } from '../../auth';
import { notFound } from '../../../lib/http-error';
import { parseInput } from '../../../lib/validate';
import { auditedChange } from '../../audit';
import { sendMail } from '../../mail';
import { decideLeadReturn, listLeadReturns } from './lead-returns';

const adminOf = (res: Response) => (res.locals as AdminLocals).admin;
const ReturnIdSchema = idParam('return');

export function adminLeadReturnRoutes({ db, config }: AdminContext): Router {
  const router = Router();

  router.get('/lead-returns', async (req, res) => {
    const { status, page } = parseInput(AdminLeadReturnListQuerySchema, req.query, 'query');
    res.set('Cache-Control', 'no-store').json(await listLeadReturns(db, status, page));
  });

  router.post('/lead-returns/:id/decision', async (req, res) => {
    const id = parseInput(ReturnIdSchema, req.params.id, 'params');
    const decision = parseInput(LeadReturnDecisionSchema, req.body ?? {}, 'body');
    const decided = await auditedChange(db, req, res, async (trx, audit) => {
      const outcome = await decideLeadReturn(trx, id, decision, adminOf(res).username);
      if (!outcome) throw notFound(`No lead return ${id}`);
      const { before, after, requester } = outcome;
      audit({
        action: 'lead_return.decide',
        entityType: 'lead_return',
        entityId: id,
        summary: `${after.status === 'accepted' ? 'Accepted' : 'Refused'} ${before.company.name}'s return of lead ${before.lead.publicId}`,
        before: { status: before.status },
        after: { status: after.status, decision_note: after.decisionNote },
        companyId: before.company.id,
      });
      if (requester)
        await sendMail(
          trx,
          {
            to: requester.email,
            template: 'lead-return-decided',
            data: {
              name: requester.name,
              companyName: before.company.name,
              leadPublicId: before.lead.publicId,
              decision: after.status === 'accepted' ? 'accepted' : 'refused',
              reason: after.decisionNote ?? '',
              path: `/pro/companies/${before.company.id}/leads/${before.lead.id}`,
            },
          },
          config,
        );
      return after;
    });
    res.json(decided);
  });

  return router;
}
