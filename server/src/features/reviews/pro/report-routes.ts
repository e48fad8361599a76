/**
 * POST /api/pro/companies/:companyId/reviews/:reviewId/report { reason, details? } (issue 19): the company
 * reports one of its own published reviews to our team (any of its people may). 201 with the report as the
 * dashboard shows it; 404 for a review that is not the company's or not published; 409 while an earlier
 * report of it is open. Recorded in the audit log with the company, in the transaction that stores it.
 */
import { Router } from 'express';
import {
  ProReviewReportRequestSchema,
  REVIEW_REPORT_REASON_LABELS,
  type ProReviewReport,
} from '@moveratlas/contracts';
import type { ProContext } from '../../../app-context';
import { parseInput } from '../../../lib/validate';
import { recordAudit } from '../../audit';
import { proAuditActor, type ProCompanyLocals } from '../../movers';
import { reviewIdOf } from '../report-route';
import { latestCompanyReports, reportReviewAsCompany } from '../review-reports';

export function proReviewReportRoutes({ db }: ProContext): Router {
  const router = Router({ mergeParams: true });
  router.post('/reviews/:reviewId/report', async (req, res) => {
    const { proCompany, mover } = res.locals as ProCompanyLocals;
    const reviewId = reviewIdOf(req.params.reviewId);
    const { reason, details } = parseInput(ProReviewReportRequestSchema, req.body ?? {}, 'body');
    const actor = proAuditActor(req, res);
    const report = await db.transaction(async (trx) => {
      const stored = await reportReviewAsCompany(trx, {
        companyId: proCompany.id,
        reviewId,
        moverId: mover.id,
        reason,
        details,
      });
      await recordAudit(trx, actor, {
        action: 'review_report.create',
        entityType: 'review_report',
        entityId: stored.id,
        summary: `${mover.name} reported the review "${stored.reviewTitle}" of ${proCompany.name}: ${REVIEW_REPORT_REASON_LABELS[reason]}`,
        after: { review_id: reviewId, reason, details, status: 'open' },
        companyId: proCompany.id,
      });
      return (await latestCompanyReports(trx, [reviewId])).get(reviewId)!;
    });
    const result: { report: ProReviewReport } = { report };
    res.status(201).json(result);
  });
  return router;
}
