/**
 * POST /api/reviews { token, rating, title, text, hired }: a review from a request's link (submit-review.ts).
 * 201 with what became of it (published, or held for staff); the link's refusals as the invitation route's.
 * Once published, every process's public caches follow, so the mover's page and rating show it.
 */
import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import { reviewSubmitSchema } from '@moveratlas/contracts';
import { SharedCaches } from '../../db/cache-versions';
import { parseInput } from '../../lib/validate';
import { submitReview } from './submit-review';

export function submitReviewRoute(db: Knex): RequestHandler {
  return async (req, res) => {
    const input = parseInput(reviewSubmitSchema, req.body, 'body');
    const { companyId: _companyId, ...result } = await submitReview(db, input);
    if (result.status === 'published') await SharedCaches.for(db).changed();
    res.status(201).set('Cache-Control', 'no-store').json(result);
  };
}
