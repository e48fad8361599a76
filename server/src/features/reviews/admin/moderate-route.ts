/**
 * PATCH /api/admin/reviews/:id { status, reason? }: one review published, hidden or rejected (a reason
 * required). The change, the company's new rating, the audit record (with the reason) and the e-mail to the
 * review's writer commit together; the public caches follow after the commit.
 */
import type { RequestHandler, Response } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { idParam, ReviewModerationSchema } from '@moveratlas/contracts';
import { SharedCaches } from '../../../db/cache-versions';
import type { JobKicker } from '../../../jobs/worker';
import { parseInput } from '../../../lib/validate';
import type { MailConfig } from '../../mail';
import { auditedChange } from '../../audit';
import { moderateReview } from './moderation';

const IdParams = z.object({ id: idParam('review') });

const adminName = (res: Response) =>
  (res.locals.admin as { username: string } | undefined)?.username ?? 'admin';

export function moderateReviewRoute(
  db: Knex,
  config: MailConfig,
  jobs: JobKicker | undefined,
): RequestHandler {
  return async (req, res) => {
    const { id } = parseInput(IdParams, req.params, 'params');
    const { status, reason } = parseInput(ReviewModerationSchema, req.body ?? {}, 'body');
    const result = await auditedChange(db, req, res, async (trx, audit) => {
      const moderated = await moderateReview(
        trx,
        id,
        status,
        adminName(res),
        reason || null,
        config,
      );
      if (moderated.before !== status)
        audit({
          action: 'review.moderate',
          entityType: 'review',
          entityId: id,
          summary: `Set a review of ${moderated.review.companyName} to ${status}${reason ? `: ${reason}` : ''}`,
          before: { status: moderated.before },
          after: { status, ...(reason ? { reason } : {}) },
          companyId: moderated.review.companyId,
        });
      return { review: moderated.review, company: moderated.company, mailed: moderated.mailed };
    });
    await SharedCaches.for(db).changed();
    if (result.mailed) jobs?.kick();
    res.json({ review: result.review, company: result.company });
  };
}
