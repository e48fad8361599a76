/**
 * Reviews in two passes. The plan (how many reviews each company gets, their stars and dates) is
 * small numeric data made first, because a company's rating, review count and featured flag are derived
 * from it before the company row is written. The text comes second, streamed in batches, so 200,000
 * companies never hold a million review bodies in memory at once.
 */
import { rankScore } from '@moveratlas/contracts';
import { FIRST_NAMES } from './names';
import { REFERENCE_DAY, isoDate, timestamp } from './dates';
import type { Random } from './random';
import { composeReview, type PageSentences, type TextBudget } from './review-text';

/** Reviews reach back at most this far from the reference date. */
export const REVIEW_WINDOW_DAYS = 4 * 365;
export const MAX_REVIEWS_PER_COMPANY = 60;

export interface ReviewSubject {
  /** Reviews cannot predate the company's listing. */
  earliestDay: number;
  /** Busier (big-city, long-distance) movers collect more reviews. */
  popularity: number;
}

export interface ReviewPlan {
  /** Per company (index = id - 1): where its reviews start in the flat arrays, and how many. */
  start: Int32Array;
  count: Uint16Array;
  /** Per review, in company order and by date within a company. */
  stars: Uint8Array;
  days: Int32Array;
  /** Per company: the derived rating (average stars to 2 decimals) or null with no reviews. */
  rating: (number | null)[];
  /** Per company: the rank score of its stars (contracts' rankScore) or null with no reviews. */
  rankScore: (number | null)[];
}

/** Average of the stars to 2 decimals, rounded half up in integer arithmetic so it is exact. */
export function averageRating(sum: number, count: number): number | null {
  if (count === 0) return null;
  return Math.floor((200 * sum + count) / (2 * count)) / 100;
}

/**
 * A company's typical star level: most movers sit between 3.8 and 4.9, a minority are mediocre or bad,
 * which is what makes sorting by rating and the rating filters meaningful.
 */
function companyQuality(rng: Random): number {
  const roll = rng.next();
  if (roll < 0.05) return rng.float(1.8, 3.0);
  if (roll < 0.15) return rng.float(3.0, 3.8);
  return rng.float(3.8, 4.95);
}

/** One review's stars around the company's quality; the clamp at 5 keeps most praise at 4-5 stars. */
function reviewStars(rng: Random, quality: number): number {
  const noisy = quality + (rng.next() + rng.next() - 1) * 1.7;
  return Math.min(5, Math.max(1, Math.round(noisy)));
}

/** 0 to 60 reviews: ~8% none, most a handful, a tail of popular companies with dozens. */
function reviewCount(rng: Random, popularity: number): number {
  if (rng.chance(0.08)) return 0;
  if (rng.chance(0.07 * popularity)) return rng.int(15, MAX_REVIEWS_PER_COMPANY);
  const n = 1 + Math.floor(-Math.log(1 - rng.next()) * 4.5 * popularity);
  return Math.min(n, MAX_REVIEWS_PER_COMPANY);
}

export function planReviews(rng: Random, subjects: readonly ReviewSubject[]): ReviewPlan {
  const counts = subjects.map((s) => reviewCount(rng, s.popularity));
  const total = counts.reduce((sum, n) => sum + n, 0);
  const plan: ReviewPlan = {
    start: new Int32Array(subjects.length),
    count: new Uint16Array(counts),
    stars: new Uint8Array(total),
    days: new Int32Array(total),
    rating: [],
    rankScore: [],
  };
  let offset = 0;
  for (let i = 0; i < subjects.length; i++) {
    const subject = subjects[i] as ReviewSubject;
    const n = counts[i] as number;
    const quality = companyQuality(rng);
    const first = Math.max(subject.earliestDay, REFERENCE_DAY - REVIEW_WINDOW_DAYS);
    const days: number[] = [];
    let sum = 0;
    for (let k = 0; k < n; k++) {
      const stars = reviewStars(rng, quality);
      plan.stars[offset + k] = stars;
      sum += stars;
      days.push(rng.int(first, REFERENCE_DAY - 1));
    }
    // Date order within a company, so review ids grow with time like real submissions.
    days.sort((a, b) => a - b);
    plan.days.set(days, offset);
    plan.start[i] = offset;
    plan.rating.push(averageRating(sum, n));
    plan.rankScore.push(rankScore(sum, n));
    offset += n;
  }
  return plan;
}

export interface ReviewRow {
  id: number;
  company_id: number;
  rating: number;
  title: string;
  body: string;
  author_first_name: string;
  reviewed_on: string;
  status: 'published';
  created_at: string;
  /** Generated, not a customer's: staff see these marked "Sample" (issue 19). */
  is_sample: 1;
}

/**
 * The review rows of companies [from, to) (0-based indexes), with ids continuing from the plan's
 * offsets so every batch can be built independently of the ones already written.
 */
export function reviewRows(
  rng: Random,
  plan: ReviewPlan,
  from: number,
  to: number,
  cityNameOf: (index: number) => string,
  budget: TextBudget,
): ReviewRow[] {
  const rows: ReviewRow[] = [];
  for (let i = from; i < to; i++) {
    const start = plan.start[i] as number;
    const n = plan.count[i] as number;
    const city = cityNameOf(i);
    const page: PageSentences = new Set();
    for (let k = 0; k < n; k++) {
      const stars = plan.stars[start + k] as number;
      const day = plan.days[start + k] as number;
      const { title, body } = composeReview(rng, stars, city, page, budget);
      rows.push({
        id: start + k + 1,
        company_id: i + 1,
        rating: stars,
        title,
        body,
        author_first_name: rng.pick(FIRST_NAMES),
        reviewed_on: isoDate(day),
        status: 'published',
        // Daytime only: a time inside a daylight-saving gap would be shifted by a MySQL server whose
        // session time zone observes DST.
        created_at: timestamp(day, rng.int(8 * 3600, 20 * 3600 - 1)),
        is_sample: 1,
      });
    }
  }
  return rows;
}
