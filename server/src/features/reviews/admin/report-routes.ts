/**
 * /api/admin/review-reports (behind the admin gate; issue 19):
 *   GET                  the reports, open ones first in line (report-queue.ts), with how many are open
 *   POST /:id/decision   { decision: dismiss | uphold, reason }: one report decided with staff's reason
 * A decision, the review hidden with it (upholding), the rating recomputed and the audit entries commit
 * together; the public caches follow after the commit when the review was hidden.
 */
import { Router, type Response } from 'express';
import { z } from 'zod';
import {
  AdminReviewReportListQuerySchema,
  idParam,
  REVIEW_REPORT_REASON_LABELS,
  ReviewReportDecisionSchema,
  type ReviewReportDecisionResult,
} from '@moveratlas/contracts';
import type { AdminContext } from '../../../app-context';
import { SharedCaches } from '../../../db/cache-versions';
import { parseInput } from '../../../lib/validate';
import { auditedChange, type AuditEntry } from '../../audit';
import { decideReviewReport, listReviewReports } from './report-queue';

const IdParams = z.object({ id: idParam('report') });

const adminName = (res: Response) =>
  (res.locals.admin as { username: string } | undefined)?.username ?? 'admin';

export function adminReviewReportRoutes({ db, config, jobs }: AdminContext): Router {
  const router = Router();

  router.get('/review-reports', async (req, res) => {
    const query = parseInput(AdminReviewReportListQuerySchema, req.query, 'query');
    res.json(await listReviewReports(db, query));
  });

  router.post('/review-reports/:id/decision', async (req, res) => {
    const { id } = parseInput(IdParams, req.params, 'params');
    const { decision, reason } = parseInput(ReviewReportDecisionSchema, req.body ?? {}, 'body');
    const outcome = await auditedChange(db, req, res, async (trx, audit) => {
      const decided = await decideReviewReport(trx, id, decision, reason, adminName(res), config);
      const { report } = decided;
      const about = `the review "${report.review.title}" of ${report.company.name}`;
      const entries: AuditEntry[] = [
        {
          action: 'review_report.decide',
          entityType: 'review_report',
          entityId: id,
          summary: `${decision === 'dismiss' ? 'Dismissed' : 'Upheld'} a report (${REVIEW_REPORT_REASON_LABELS[report.reason]}) of ${about}: ${reason}`,
          before: { status: 'open' },
          after: { status: report.status, reason },
          companyId: report.company.id,
        },
        ...decided.alsoClosed.map((other) => ({
          action: 'review_report.decide',
          entityType: 'review_report',
          entityId: other,
          summary: `Upheld a report of ${about} with report ${id}: ${reason}`,
          before: { status: 'open' },
          after: { status: 'upheld', reason, with_report: id },
          companyId: report.company.id,
        })),
      ];
      if (decided.hidFrom)
        entries.push({
          action: 'review.moderate',
          entityType: 'review',
          entityId: report.review.id,
          summary: `Set a review of ${report.company.name} to hidden: ${reason} (report ${id} upheld)`,
          before: { status: decided.hidFrom },
          after: { status: 'hidden', reason, report_id: id },
          companyId: report.company.id,
        });
      audit(entries);
      return decided;
    });
    if (outcome.hidFrom) await SharedCaches.for(db).changed();
    if (outcome.mailed) jobs?.kick();
    const result: ReviewReportDecisionResult = { report: outcome.report };
    res.json(result);
  });

  return router;
}
