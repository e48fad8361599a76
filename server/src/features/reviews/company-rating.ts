/**
 * A company's rating from its reviews: what every change of a review's status calls in the change's own
 * transaction (a visitor's review published at once, staff's moderation), so lists never sort by a stale
 * figure. The "Refresh company ratings" script recomputes every company the same way.
 */
import type { Knex } from 'knex';
import { rankScore } from '@moveratlas/contracts';
import { averageRating } from '../../db/seeds/reviews';

/**
 * Recomputes a company's rating, rank score and review count from its published reviews: the average to two
 * decimals, rounded half up as the seed does, and the score lists rank by; both null without any.
 */
export async function recomputeRating(
  trx: Knex | Knex.Transaction,
  companyId: number,
): Promise<{ rating: number | null; reviewCount: number }> {
  const row = (await trx('reviews')
    .where({ company_id: companyId, status: 'published' })
    .count({ n: '*' })
    .sum({ stars: 'rating' })
    .first()) as { n: number | string; stars: number | string | null } | undefined;
  const count = Number(row?.n ?? 0);
  const sum = Number(row?.stars ?? 0);
  const rating = averageRating(sum, count);
  await trx('companies')
    .where('id', companyId)
    .update({ rating, rank_score: rankScore(sum, count), review_count: count });
  return { rating, reviewCount: count };
}
