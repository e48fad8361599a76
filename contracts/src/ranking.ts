/**
 * How the directory ranks companies (issue 15, docs/decisions/020-confidence-weighted-ranking.md): by a
 * Bayesian average of their published stars, so that one or two glowing reviews do not outrank dozens of
 * good ones, and who may be called "best rated".
 */

/**
 * The prior's mean: every company starts as if it had RANK_PRIOR_WEIGHT reviews of this many stars. Just
 * under the mean published review (4.12 on the seeded directory), so the prior never lifts a company above
 * the typical one: a newcomer earns its place with its own reviews.
 */
export const RANK_PRIOR_MEAN = 4;

/**
 * The prior's weight, in reviews: about the reviews of a typical company (median 4, mean 7.6 on the
 * seeded directory). Past it a company's own reviews count for more than the prior.
 */
export const RANK_PRIOR_WEIGHT = 5;

/**
 * The fewest published reviews a company needs before a page may call it "best rated": the prior's weight,
 * below which its score is still mostly the prior's.
 */
export const BEST_RATED_MIN_REVIEWS = RANK_PRIOR_WEIGHT;

/**
 * A company's rank score, (C·m + Σ stars) / (C + n) to four decimals, from the sum and count of its published
 * reviews' stars; null without any review, so unrated companies sort after every rated one as they always
 * have (NULL is last in a descending sort on SQLite and MySQL alike).
 */
export function rankScore(starSum: number, reviewCount: number): number | null {
  if (reviewCount <= 0) return null;
  const score = (RANK_PRIOR_WEIGHT * RANK_PRIOR_MEAN + starSum) / (RANK_PRIOR_WEIGHT + reviewCount);
  // Four decimals is what the column holds: the value computed here is the value read back.
  return Math.round(score * 10_000) / 10_000;
}

/** Whether a company has enough reviews to be called "best rated" (BEST_RATED_MIN_REVIEWS). */
export const mayBeCalledBestRated = (company: { reviewCount: number }): boolean =>
  company.reviewCount >= BEST_RATED_MIN_REVIEWS;
