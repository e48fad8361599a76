/**
 * POST /api/reviews/:reviewId/report { reason, details?, email? }: a visitor reports a published review
 * (review-reports.ts), without an account. 201 with the thanks in words; 404 for a review that is not
 * published (as for none); 400 naming what is wrong. Nothing public changes until staff decide.
 */
import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import { REVIEW_REPORT_THANKS, ReviewReportRequestSchema } from '@moveratlas/contracts';
import { notFound } from '../../lib/http-error';
import { parseInput } from '../../lib/validate';
import { NO_SUCH_REVIEW, reportReviewAsVisitor } from './review-reports';

/** A review's id in the path; anything else is a review that does not exist. */
export const reviewIdOf = (raw: unknown): number => {
  const text = String(raw ?? '');
  const id = /^[1-9]\d{0,9}$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(id)) throw notFound(NO_SUCH_REVIEW);
  return id;
};

export function reportReviewRoute(db: Knex): RequestHandler {
  return async (req, res) => {
    const reviewId = reviewIdOf(req.params.reviewId);
    const input = parseInput(ReviewReportRequestSchema, req.body ?? {}, 'body');
    await reportReviewAsVisitor(db, reviewId, input);
    res.status(201).set('Cache-Control', 'no-store').json({ message: REVIEW_REPORT_THANKS });
  };
}
