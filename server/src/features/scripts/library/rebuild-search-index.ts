/**
 * Rebuild the search index: recomputes every company's name tokens (company_search_tokens, the word index
 * the company search reads) and rewrites those that differ, a batch of companies per transaction — search
 * keeps answering throughout, and a run over an index that is already right writes nothing.
 */
import { z } from 'zod';
import { withTransactionRetry } from '../../../db/dialect';
import { companySearchTokens } from '../../../lib/search-tokens';
import { batchParams, defineScript, forEachCompanyBatch } from '../../../jobs/script';

export const rebuildSearchIndex = defineScript({
  id: 'rebuild-search-index',
  title: 'Rebuild the search index',
  description:
    'Recomputes the search words of every company name and rewrites the ones that are missing or stale, in batches, so company search keeps working while it runs. Use it after bulk edits that bypassed the admin screens.',
  params: z.strictObject(batchParams),
  async run({ batchSize, pauseMs }, context) {
    const { db, log } = context;
    let changed = 0;
    let added = 0;
    let removed = 0;
    const checked = await forEachCompanyBatch<{ id: number; name: string }>(
      context,
      { batchSize, pauseMs, columns: ['name'] },
      async (companies) => {
        const ids = companies.map((c) => Number(c.id));
        const stored = new Map<number, Set<string>>();
        for (const row of (await db('company_search_tokens')
          .whereIn('company_id', ids)
          .select('company_id', 'token')) as Array<{ company_id: number; token: string }>) {
          const id = Number(row.company_id);
          if (!stored.has(id)) stored.set(id, new Set());
          stored.get(id)!.add(row.token);
        }
        const rewrites: Array<{ id: number; tokens: string[] }> = [];
        for (const company of companies) {
          const id = Number(company.id);
          const expected = companySearchTokens(company.name);
          const current = stored.get(id) ?? new Set<string>();
          const same =
            expected.length === current.size && expected.every((token) => current.has(token));
          if (!same) {
            rewrites.push({ id, tokens: expected });
            added += expected.filter((token) => !current.has(token)).length;
            removed += [...current].filter((token) => !expected.includes(token)).length;
          }
        }
        if (rewrites.length > 0) {
          await withTransactionRetry(db, async (trx) => {
            await trx('company_search_tokens')
              .whereIn(
                'company_id',
                rewrites.map((r) => r.id),
              )
              .delete();
            const rows = rewrites.flatMap((r) =>
              r.tokens.map((token) => ({ token, company_id: r.id })),
            );
            for (let i = 0; i < rows.length; i += 400)
              await trx('company_search_tokens').insert(rows.slice(i, i + 400));
          });
          changed += rewrites.length;
        }
      },
    );
    await log(`Rewrote the words of ${changed} of ${checked} companies`);
    return {
      companies: checked,
      companiesRewritten: changed,
      tokensAdded: added,
      tokensRemoved: removed,
    };
  },
});
