/**
 * GET /api/admin/waiting: how much work waits for staff, the admin sidebar's counts. Each number comes from the
 * feature that owns the queue, counted as its own list counts it, so the badge and the queue never disagree.
 */
import { Router } from 'express';
import type { AdminWaitingCounts } from '@moveratlas/contracts';
import type { AdminContext } from '../../../app-context';
import { inTurn } from '../../../db/in-turn';
import { countWaitingClaims } from '../../claims';
import { newMessageCount } from '../../contact';
import { countWaitingDeletionRequests, countWaitingLeadReturns } from '../../leads';
import { countOpenReviewReports } from '../../reviews';

export function adminWaitingRoutes({ db }: AdminContext): Router {
  const router = Router();
  router.get('/waiting', async (_req, res) => {
    // Every admin page asks for this once a minute: one pooled connection at a time, never five at once.
    const [claims, deletionRequests, leadReturns, messages, reviewReports] = await inTurn(
      () => countWaitingClaims(db),
      () => countWaitingDeletionRequests(db),
      () => countWaitingLeadReturns(db),
      () => newMessageCount(db),
      () => countOpenReviewReports(db),
    );
    const counts: AdminWaitingCounts = {
      claims,
      deletionRequests,
      leadReturns,
      messages,
      reviewReports,
    };
    res.json(counts);
  });
  return router;
}
