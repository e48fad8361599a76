/**
 * GET and PUT /api/admin/settings/review-requests: how many days after the moving day visitors are asked how
 * their move went (issue 19). The change and its audit record commit together.
 */
import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import { reviewRequestSettingsUpdateSchema } from '@moveratlas/contracts';
import { auditActor, recordAudit } from '../../audit';
import { parseInput } from '../../../lib/validate';
import { reviewRequestSettings, saveReviewRequestSettings } from '../review-request-setting';

export function reviewRequestSettingsRoute(db: Knex): RequestHandler {
  return async (_req, res) => {
    res.json(await reviewRequestSettings(db));
  };
}

export function saveReviewRequestSettingsRoute(db: Knex): RequestHandler {
  return async (req, res) => {
    const { delayDays } = parseInput(reviewRequestSettingsUpdateSchema, req.body, 'body');
    const by = (res.locals.admin as { username: string } | undefined)?.username ?? 'admin';
    const saved = await saveReviewRequestSettings(db, delayDays, by, (trx, before) =>
      recordAudit(trx, auditActor(req, res), {
        action: 'review_requests.update',
        entityType: 'site_settings',
        summary: `Set review requests to go out ${delayDays} ${delayDays === 1 ? 'day' : 'days'} after the move`,
        before: { delayDays: before.delayDays },
        after: { delayDays },
      }),
    );
    res.json(saved);
  };
}
