import type { Knex } from 'knex';
import { rankScore } from '@moveratlas/contracts';

/**
 * Issue 15: lists ranked by the raw average put 5.0 companies with one review ahead of a 4.6 with 37. The
 * rank score (contracts/src/ranking.ts; docs/decisions/020-confidence-weighted-ranking.md) is stored beside
 * the rating, so the "featured" and "rating" sorts still read an index, and those four indexes now hold it
 * in place of the rating (same names, so list-companies.ts's comment stays true).
 */
const SORTS = [
  { name: 'companies_sort_featured', scope: ['is_in_list', 'is_featured'] },
  { name: 'companies_sort_rating', scope: ['is_in_list'] },
  { name: 'companies_state_featured', scope: ['state_id', 'is_in_list', 'is_featured'] },
  { name: 'companies_state_rating', scope: ['state_id', 'is_in_list'] },
];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('companies', (t) => {
    // Null without reviews, as the rating is.
    t.decimal('rank_score', 5, 4);
  });
  await fillRankScores(knex);
  await knex.schema.alterTable('companies', (t) => {
    for (const { name, scope } of SORTS) {
      t.dropIndex([...scope, 'rating', 'review_count', 'id'], name);
      t.index([...scope, 'rank_score', 'review_count', 'id'], name);
    }
  });
}

/**
 * One update per distinct (rating, review count): a few thousand even on 200,000 companies, each an index
 * range (companies_admin_rating). The star sum is rating × count, exact below 100 reviews because the rating
 * is the average rounded to 0.005; above, the score is within 0.005 until refresh-company-ratings recounts.
 */
async function fillRankScores(knex: Knex): Promise<void> {
  const pairs = (await knex('companies')
    .distinct('rating', 'review_count')
    .whereNotNull('rating')
    .where('review_count', '>', 0)) as Array<{ rating: number | string; review_count: number }>;
  for (const pair of pairs) {
    const count = Number(pair.review_count);
    await knex('companies')
      .where({ rating: pair.rating, review_count: pair.review_count })
      .update({ rank_score: rankScore(Math.round(Number(pair.rating) * count), count) });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('companies', (t) => {
    for (const { name, scope } of SORTS) {
      t.dropIndex([...scope, 'rank_score', 'review_count', 'id'], name);
      t.index([...scope, 'rating', 'review_count', 'id'], name);
    }
  });
  await knex.schema.alterTable('companies', (t) => {
    t.dropColumn('rank_score');
  });
}
