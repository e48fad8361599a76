/** GET /api/admin/reviews: reviews by company and status, paged, as their writers typed them. */
import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import { AdminReviewListQuerySchema } from '@moveratlas/contracts';
import { parseInput } from '../../../lib/validate';
import { listReviews } from './moderation';

export function listReviewsRoute(db: Knex): RequestHandler {
  return async (req, res) => {
    const query = parseInput(AdminReviewListQuerySchema, req.query, 'query');
    res.json(await listReviews(db, query));
  };
}
