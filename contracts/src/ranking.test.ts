import { describe, expect, it } from 'vitest';
import {
  BEST_RATED_MIN_REVIEWS,
  RANK_PRIOR_MEAN,
  RANK_PRIOR_WEIGHT,
  mayBeCalledBestRated,
  rankScore,
} from './ranking';

/** The score of a company whose n reviews average `average` stars. */
const scoreOf = (average: number, n: number) => rankScore(Math.round(average * n), n);

describe('rankScore (the Bayesian average of issue 15)', () => {
  it('is (C·m + Σ stars) / (C + n), to four decimals', () => {
    expect(RANK_PRIOR_MEAN).toBe(4);
    expect(RANK_PRIOR_WEIGHT).toBe(5);
    expect(rankScore(5, 1)).toBe(4.1667); // (20 + 5) / 6
    expect(rankScore(170, 37)).toBe(4.5238); // (20 + 170) / 42
    expect(rankScore(3, 1)).toBe(3.8333);
  });

  it('is null without reviews, so unrated companies sort last', () => {
    expect(rankScore(0, 0)).toBeNull();
  });

  it('ranks an established 4.6 with 37 reviews before a 5.0 with one, two or five', () => {
    const established = scoreOf(4.6, 37)!;
    for (const n of [1, 2, 3, 4, 5]) expect(established).toBeGreaterThan(scoreOf(5, n)!);
    // Enough perfect reviews do overtake it: the score rewards evidence, not volume alone.
    expect(scoreOf(5, 8)!).toBeGreaterThan(established);
  });

  it('moves towards the company’s own average as its reviews grow, and stays between 1 and 5', () => {
    const scores = [1, 5, 20, 60, 500].map((n) => scoreOf(4.8, n)!);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    expect(scores.at(-1)!).toBeCloseTo(4.8, 1);
    expect(scoreOf(1, 1)!).toBeGreaterThanOrEqual(1);
    expect(scoreOf(5, 10_000)!).toBeLessThanOrEqual(5);
  });
});

describe('mayBeCalledBestRated', () => {
  it(`needs at least ${BEST_RATED_MIN_REVIEWS} reviews`, () => {
    expect(mayBeCalledBestRated({ reviewCount: 1 })).toBe(false);
    expect(mayBeCalledBestRated({ reviewCount: BEST_RATED_MIN_REVIEWS - 1 })).toBe(false);
    expect(mayBeCalledBestRated({ reviewCount: BEST_RATED_MIN_REVIEWS })).toBe(true);
  });
});
