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
}

const TITLES: Readonly<Record<number, readonly string[]>> = {
  5: [
    'Outstanding move',
    'Best movers we have used',
    'Highly recommend',
    'Fast, careful and friendly',
    'Five stars all the way',
    'Made moving day easy',
    'Could not have asked for more',
    'Absolutely professional crew',
    'Above and beyond',
    'Stress-free move',
  ],
  4: [
    'Great experience overall',
    'Very good crew',
    'Solid choice',
    'Would hire again',
    'Good value',
    'Professional and on time',
    'Happy with the move',
    'Mostly great',
  ],
  3: [
    'Decent but not perfect',
    'Okay experience',
    'Average service',
    'Got the job done',
    'Mixed feelings',
    'Fine, with a few hiccups',
  ],
  2: [
    'Disappointing',
    'Not what we were promised',
    'Late and disorganized',
    'Would not use again',
    'Several problems',
    'Expected better',
  ],
  1: [
    'Terrible experience',
    'Avoid this company',
    'Damaged furniture, no response',
    'Worst move ever',
    'Very unprofessional',
    'Hidden fees and delays',
  ],
};

const ITEMS = [
  'couch',
  'piano',
  'dresser',
  'dining table',
  'TV',
  'bookshelf',
  'mattress',
  'washer and dryer',
  'china cabinet',
  'desk',
] as const;

/** Sentence templates by star level; {crew}, {city} and {item} are filled per review. */
const SENTENCES: Readonly<Record<number, readonly string[]>> = {
  5: [
    'The crew led by {crew} showed up early and had everything loaded in a few hours.',
    'Nothing was damaged, not even our {item}.',
    'They wrapped every piece of furniture and were careful with the walls and floors.',
    'The final price matched the estimate exactly.',
    '{crew} and the team were polite, fast and clearly experienced.',
    'Best moving experience we have had in {city}.',
    'They made a stressful day feel easy.',
    'Communication was excellent from the first call to the last box.',
    'I would not hesitate to hire them again.',
  ],
  4: [
    'The movers were friendly and worked hard all day.',
    'Everything arrived in good shape, with only a small scuff on the {item}.',
    'Pricing was fair and close to the quote.',
    '{crew} kept us updated throughout the move.',
    'They arrived a little later than scheduled but made up the time.',
    'A good choice for a move in the {city} area.',
    'Would recommend, with minor reservations about scheduling.',
  ],
  3: [
    'The move got done, but it took longer than promised.',
    'The crew was nice enough, though a bit disorganized.',
    'Our {item} came out with a scratch that nobody mentioned.',
    'The final bill was higher than the estimate.',
    'Communication before the move could have been better.',
    'Not bad, not great: about what you would expect in {city}.',
  ],
  2: [
    'The truck showed up three hours late without a call.',
    'Our {item} was damaged and the claim process has been slow.',
    'The price went up on moving day.',
    'Some boxes were left out in the rain.',
    'The office was hard to reach after the move.',
    'I expected more given the reviews.',
  ],
  1: [
    'They arrived a day late and blamed us for the delay.',
    'Our {item} was broken and they refused to take responsibility.',
    'The final bill was almost double the quote.',
    'Nobody answers the phone since the move.',
    'Items are still missing weeks later.',
    'Please look elsewhere if you are moving in {city}.',
  ],
};

/** Title and 1-3 sentence body matching the stars. */
function reviewText(rng: Random, stars: number, city: string): { title: string; body: string } {
  const title = rng.pick(TITLES[stars] as readonly string[]);
  const count = rng.weightedPick([1, 2, 3], [3, 4, 3]);
  const crew = rng.pick(FIRST_NAMES);
  const item = rng.pick(ITEMS);
  const body = rng
    .sample(SENTENCES[stars] as readonly string[], count)
    .map((s) => s.replace('{crew}', crew).replace('{city}', city).replace('{item}', item))
    .join(' ');
  return { title, body };
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
): ReviewRow[] {
  const rows: ReviewRow[] = [];
  for (let i = from; i < to; i++) {
    const start = plan.start[i] as number;
    const n = plan.count[i] as number;
    const city = cityNameOf(i);
    for (let k = 0; k < n; k++) {
      const stars = plan.stars[start + k] as number;
      const day = plan.days[start + k] as number;
      const { title, body } = reviewText(rng, stars, city);
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
      });
    }
  }
  return rows;
}
