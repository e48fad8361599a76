/**
 * POST /api/admin/reviews/bulk { ids, action: publish | hide }: moderates up to 500 reviews in one
 * transaction, recomputing the rating and review count of every company they belong to in that same
 * transaction (so the admin and the public profile never show a stale rating), and answers per id what was
 * done with the review's status before and after. The public read cache is cleared once, after the commit.
 */
import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import { auditActor, recordBulkAudit, type AuditActor } from '../../audit';
import {
  ReviewBulkRequestSchema,
  type BulkRowResult,
  type ReviewBulkAction,
  type ReviewStatus,
} from '@moveratlas/contracts';
import { bulkResult, notFoundRow } from '../../../lib/bulk-result';
import { parseInput } from '../../../lib/validate';
import { recomputeRating } from './company-store';
import { clearPublicReads } from './public-cache';

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
  actor?: AuditActor,
): Promise<BulkRowResult[]> {
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
    await recordBulkAudit(trx, actor, results, {
      action: 'review.bulk',
      entityType: 'review',
      summary: (row) => `${action === 'publish' ? 'Published' : 'Hid'} review ${row.id} (bulk)`,
    });
    return results;
  });
}

export function reviewsBulkRoute(db: Knex): RequestHandler {
  return async (req, res) => {
    const { ids, action } = parseInput(ReviewBulkRequestSchema, req.body, 'body');
    const by = (res.locals.admin as { username: string } | undefined)?.username ?? 'admin';
    const results = await bulkModerateReviews(db, ids, action, by, auditActor(req, res));
    if (results.some((r) => r.outcome === 'done')) await clearPublicReads(req, db);
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
