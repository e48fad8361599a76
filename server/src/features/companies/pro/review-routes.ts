/**
 * The company's reviews for its people at /pro (issue 17), relative to /api/pro/companies/:companyId:
 * GET /reviews (filter by rating and "needs a reply", sort, page, with each review's reply) and
 * POST /reviews/:reviewId/reply { body } (owner or staff; once, unless staff rejected the first). Every reply
 * is recorded in the audit log with the company, in the transaction that stores it.
 */
import { Router } from 'express';
import {
  ProReviewListQuerySchema,
  ReviewReplyRequestSchema,
  type ProReviewReplyResult,
} from '@moveratlas/contracts';
import type { ProContext } from '../../../app-context';
import { notFound } from '../../../lib/http-error';
import { parseInput } from '../../../lib/validate';
import { recordAudit } from '../../audit';
import { proAuditActor, type ProCompanyLocals } from '../../movers';
import { listProReviews, NO_SUCH_REVIEW, saveReply } from './review-replies';

const reviewIdOf = (raw: unknown): number => {
  const text = String(raw ?? '');
  const id = /^[1-9]\d{0,9}$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(id)) throw notFound(NO_SUCH_REVIEW);
  return id;
};

export function proReviewRoutes({ db }: ProContext): Router {
  const router = Router({ mergeParams: true });

  router.get('/reviews', async (req, res) => {
    const { proCompany } = res.locals as ProCompanyLocals;
    const query = parseInput(ProReviewListQuerySchema, req.query, 'query');
    res.json(await listProReviews(db, proCompany.id, query));
  });

  router.post('/reviews/:reviewId/reply', async (req, res) => {
    const { proCompany, mover } = res.locals as ProCompanyLocals;
    const reviewId = reviewIdOf(req.params.reviewId);
    const { body } = parseInput(ReviewReplyRequestSchema, req.body ?? {}, 'body');
    const actor = proAuditActor(req, res);
    const { review } = await db.transaction(async (trx) => {
      const saved = await saveReply(trx, {
        companyId: proCompany.id,
        reviewId,
        body,
        moverId: mover.id,
      });
      await recordAudit(trx, actor, {
        action: saved.before ? 'review_reply.resend' : 'review_reply.create',
        entityType: 'review_reply',
        entityId: saved.review.reply!.id,
        summary: `${mover.name} replied to the review "${saved.review.title}" of ${proCompany.name}${
          saved.before ? ' again, after the first reply was rejected' : ''
        }`,
        before: saved.before,
        after: { review_id: reviewId, body, status: 'pending' },
        companyId: proCompany.id,
      });
      return saved;
    });
    const result: ProReviewReplyResult = { review };
    res.status(201).json(result);
  });

  return router;
}
