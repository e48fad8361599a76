/**
 * Refresh company ratings: recomputes each company's rating (the average of its published reviews' stars, to
 * two decimals, as the seed computes it), rank score and review count from the reviews table, and writes the
 * companies whose stored figures differ — after moderation changes, review imports, manual edits or a change
 * of the ranking's prior (contracts/src/ranking.ts).
 */
import { z } from 'zod';
import { rankScore } from '@moveratlas/contracts';
import { withTransactionRetry } from '../../../db/dialect';
import { averageRating } from '../../../db/seeds/reviews';
import { batchParams, defineScript, forEachCompanyBatch } from '../../../jobs/script';

/** Stored DECIMALs come back as strings from MySQL: equal when both are null or within rounding. */
function sameFigure(stored: number | string | null, computed: number | null): boolean {
  if (computed === null || stored === null) return computed === stored;
  return Math.abs(Number(stored) - computed) < 0.00001;
}

export const refreshCompanyRatings = defineScript({
  id: 'refresh-company-ratings',
  title: 'Refresh company ratings',
  description:
    'Recomputes every company’s rating, rank score and review count from its published reviews and updates the companies whose figures differ. Lists, filters and statistics read these stored figures.',
  params: z.strictObject(batchParams),
  async run({ batchSize, pauseMs }, context) {
    const { db, log } = context;
    let updated = 0;
    const checked = await forEachCompanyBatch<{
      id: number;
      rating: number | string | null;
      rank_score: number | string | null;
      review_count: number | string;
    }>(
      context,
      { batchSize, pauseMs, columns: ['rating', 'rank_score', 'review_count'] },
      async (companies) => {
        const ids = companies.map((c) => Number(c.id));
        const sums = new Map<number, { count: number; stars: number }>();
        for (const row of (await db('reviews')
          .whereIn('company_id', ids)
          .andWhere('status', 'published')
          .groupBy('company_id')
          .select('company_id')
          .count({ n: '*' })
          .sum({ stars: 'rating' })) as Array<{
          company_id: number;
          n: number | string;
          stars: number | string;
        }>)
          sums.set(Number(row.company_id), { count: Number(row.n), stars: Number(row.stars) });
        const changes = companies.flatMap((company) => {
          const sum = sums.get(Number(company.id)) ?? { count: 0, stars: 0 };
          const rating = averageRating(sum.stars, sum.count);
          const score = rankScore(sum.stars, sum.count);
          if (
            sameFigure(company.rating, rating) &&
            sameFigure(company.rank_score, score) &&
            Number(company.review_count) === sum.count
          )
            return [];
          return [{ id: Number(company.id), rating, score, reviewCount: sum.count }];
        });
        if (changes.length > 0) {
          await withTransactionRetry(db, async (trx) => {
            for (const change of changes)
              await trx('companies').where({ id: change.id }).update({
                rating: change.rating,
                rank_score: change.score,
                review_count: change.reviewCount,
                updated_at: trx.fn.now(),
              });
          });
          updated += changes.length;
          if (updated <= 20)
            for (const change of changes)
              await log(
                `Company ${change.id}: rating ${change.rating ?? 'none'}, rank score ${change.score ?? 'none'}, ${change.reviewCount} reviews`,
              );
        }
      },
    );
    await log(`Updated ${updated} of ${checked} companies`);
    return { companies: checked, updated };
  },
});
