/**
 * POST /api/admin/companies/bulk { ids, action }: feature, unfeature, list, unlist or delete up to 500
 * companies in one transaction, answering per id what was done (done, unchanged, not found) with the
 * company's flags before and after. A `reason` goes into each company's audit record. The public read cache is
 * cleared once, after the commit.
 */
import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import { auditActor, recordBulkAudit, type AuditActor } from '../../audit';
import {
  CompanyBulkRequestSchema,
  type BulkRowResult,
  type CompanyBulkAction,
} from '@moveratlas/contracts';
import { bulkResult, notFoundRow, type BulkWords } from '../../../lib/bulk-result';
import { parseInput } from '../../../lib/validate';
import { timestampNow } from './company-store';
import { clearPublicReads } from './public-cache';

interface FlagRow {
  id: number;
  name: string;
  slug: string;
  is_featured: number | boolean;
  is_in_list: number | boolean;
}

const FLAG_ACTIONS: Record<
  Exclude<CompanyBulkAction, 'delete'>,
  { column: 'is_featured' | 'is_in_list'; value: boolean; done: string; unchanged: string }
> = {
  feature: { column: 'is_featured', value: true, done: 'Featured', unchanged: 'Already featured' },
  unfeature: {
    column: 'is_featured',
    value: false,
    done: 'No longer featured',
    unchanged: 'Was not featured',
  },
  list: {
    column: 'is_in_list',
    value: true,
    done: 'Listed in the directory',
    unchanged: 'Already listed',
  },
  unlist: {
    column: 'is_in_list',
    value: false,
    done: 'Hidden from the directory',
    unchanged: 'Already hidden from the directory',
  },
};

const WORDS: Record<CompanyBulkAction, Omit<BulkWords, 'one' | 'many'>> = {
  feature: { done: 'featured', unchanged: 'already featured' },
  unfeature: { done: 'no longer featured', unchanged: 'not featured' },
  list: { done: 'listed', unchanged: 'already listed' },
  unlist: { done: 'unlisted', unchanged: 'already unlisted' },
  delete: { done: 'deleted', unchanged: 'already deleted' },
};

const image = (row: FlagRow) => ({
  name: row.name,
  slug: row.slug,
  is_featured: Boolean(Number(row.is_featured)),
  is_in_list: Boolean(Number(row.is_in_list)),
});

export async function bulkCompanies(
  db: Knex,
  ids: readonly number[],
  action: CompanyBulkAction,
  actor?: AuditActor,
  /** Staff's reason, kept with each company's audit record. */
  reason?: string,
): Promise<BulkRowResult[]> {
  return db.transaction(async (trx) => {
    const rows = (await trx('companies')
      .whereIn('id', ids)
      .select('id', 'name', 'slug', 'is_featured', 'is_in_list')) as FlagRow[];
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    const results: BulkRowResult[] = [];
    const changed: number[] = [];
    for (const id of ids) {
      const row = byId.get(id);
      if (!row) {
        results.push(notFoundRow(id, 'company'));
        continue;
      }
      const before = image(row);
      if (action === 'delete') {
        changed.push(id);
        results.push({ id, outcome: 'done', message: `Deleted ${row.name}`, before, after: null });
        continue;
      }
      const flag = FLAG_ACTIONS[action];
      if (before[flag.column] === flag.value) {
        results.push({ id, outcome: 'unchanged', message: flag.unchanged, before, after: before });
        continue;
      }
      changed.push(id);
      const after = { ...before, [flag.column]: flag.value };
      results.push({ id, outcome: 'done', message: flag.done, before, after });
    }
    if (changed.length > 0) {
      if (action === 'delete') {
        // Services, search words and reviews go with them (ON DELETE CASCADE), as a single delete does.
        await trx('companies').whereIn('id', changed).delete();
        await trx('company_applications')
          .whereIn('company_id', changed)
          .update({ company_id: null });
      } else {
        const flag = FLAG_ACTIONS[action];
        await trx('companies')
          .whereIn('id', changed)
          .update({
            [flag.column]: flag.value,
            updated_at: timestampNow(),
            // An edit form open on the company sees the bulk change as a newer version (409, decision 028).
            version: trx.raw('?? + 1', ['version']),
          });
      }
    }
    await recordBulkAudit(trx, actor, results, {
      action: 'company.bulk',
      entityType: 'company',
      summary: (row) =>
        `${WORDS[action].done[0]!.toUpperCase()}${WORDS[action].done.slice(1)} company ${String((row.before as { name?: unknown } | undefined)?.name ?? row.id)} (bulk)${reason ? `: ${reason}` : ''}`,
      ...(reason ? { note: { reason } } : {}),
    });
    return results;
  });
}

export function companiesBulkRoute(db: Knex): RequestHandler {
  return async (req, res) => {
    const { ids, action, reason } = parseInput(CompanyBulkRequestSchema, req.body, 'body');
    const results = await bulkCompanies(db, ids, action, auditActor(req, res), reason);
    if (results.some((r) => r.outcome === 'done')) await clearPublicReads(req, db);
    res.json(bulkResult(results, { one: 'company', many: 'companies', ...WORDS[action] }));
  };
}
