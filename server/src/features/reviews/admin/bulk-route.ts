/**
 * POST /api/admin/reviews/bulk { ids, action: publish | hide }: moderates up to 500 reviews in one
 * transaction, recomputing the rating and review count of every company they belong to in that same
 * transaction (so the admin and the public profile never show a stale rating), and answers per id what was
 * done with the review's status before and after. Writers of reviews from a request's link that become
 * published are e-mailed in the same transaction, as after a single decision. The public read cache is
 * cleared once, after the commit.
 */
import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import { auditActor, recordBulkAudit, type AuditActor } from '../../audit';
import type { MailConfig } from '../../mail';
import { SharedCaches } from '../../../db/cache-versions';
import type { JobKicker } from '../../../jobs/worker';
import {
  ReviewBulkRequestSchema,
  type BulkRowResult,
  type ReviewBulkAction,
  type ReviewStatus,
} from '@moveratlas/contracts';
import { bulkResult, notFoundRow } from '../../../lib/bulk-result';
import { parseInput } from '../../../lib/validate';
import { recomputeRating } from '../company-rating';
import { findAdminReview, tellReviewer } from './moderation';

const TARGET: Record<ReviewBulkAction, ReviewStatus> = { publish: 'published', hide: 'hidden' };

interface ReviewRow {
  id: number;
  company_id: number;
  title: string;
  status: ReviewStatus;
}

export async function bulkModerateReviews(
  db: Knex,
  ids: readonly number[],
  action: ReviewBulkAction,
  by: string,
  actor: AuditActor | undefined,
  config: MailConfig,
): Promise<{ results: BulkRowResult[]; mailed: number }> {
  const status = TARGET[action];
  return db.transaction(async (trx) => {
    const rows = (await trx('reviews')
      .whereIn('id', ids)
      .select('id', 'company_id', 'title', 'status')) as ReviewRow[];
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    const results: BulkRowResult[] = [];
    const changed: number[] = [];
    const companies = new Set<number>();
    for (const id of ids) {
      const row = byId.get(id);
      if (!row) {
        results.push(notFoundRow(id, 'review'));
        continue;
      }
      const before = { status: row.status, company_id: Number(row.company_id) };
      if (row.status === status) {
        results.push({
          id,
          outcome: 'unchanged',
          message: action === 'publish' ? 'Already published' : 'Already hidden',
          before,
          after: before,
        });
        continue;
      }
      changed.push(id);
      companies.add(Number(row.company_id));
      results.push({
        id,
        outcome: 'done',
        message: action === 'publish' ? 'Published' : 'Hidden',
        before,
        after: { ...before, status },
      });
    }
    if (changed.length > 0) {
      await trx('reviews')
        .whereIn('id', changed)
        .update({ status, moderated_by: by.slice(0, 64), moderated_at: Date.now() });
      // Only published reviews make a rating: every company touched gets its figures again, now.
      for (const companyId of companies) await recomputeRating(trx, companyId);
    }
    let mailed = 0;
    if (status === 'published')
      for (const id of changed)
        if (await tellReviewer(trx, await findAdminReview(trx, id), 'published', null, config))
          mailed++;
    await recordBulkAudit(trx, actor, results, {
      action: 'review.bulk',
      entityType: 'review',
      summary: (row) => `${action === 'publish' ? 'Published' : 'Hid'} review ${row.id} (bulk)`,
    });
    return { results, mailed };
  });
}

export function reviewsBulkRoute(
  db: Knex,
  config: MailConfig,
  jobs: JobKicker | undefined,
): RequestHandler {
  return async (req, res) => {
    const { ids, action } = parseInput(ReviewBulkRequestSchema, req.body, 'body');
    const by = (res.locals.admin as { username: string } | undefined)?.username ?? 'admin';
    const { results, mailed } = await bulkModerateReviews(
      db,
      ids,
      action,
      by,
      auditActor(req, res),
      config,
    );
    if (results.some((r) => r.outcome === 'done')) await SharedCaches.for(db).changed();
    if (mailed > 0) jobs?.kick();
    res.json(
      bulkResult(results, {
        one: 'review',
        many: 'reviews',
        done: action === 'publish' ? 'published' : 'hidden',
        unchanged: action === 'publish' ? 'already published' : 'already hidden',
      }),
    );
  };
}
