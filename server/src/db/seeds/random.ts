/**
 * A small seeded PRNG for the deterministic seed. Math.random cannot be seeded, and the seed must give
 * byte-identical data for the same seed and size, so every random choice goes through this class.
 */

/** 32-bit FNV-1a: turns a label into a number so sub-streams can be named instead of numbered. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /**
   * An independent stream derived from this one's seed and a label. Each part of the seed (allocation,
   * reviews, text...) draws from its own stream, so changing how one part uses random numbers does not
   * shift the data of every other part.
   */
  static derive(seed: number, label: string): Random {
    return new Random(hashString(`${seed >>> 0}:${label}`));
  }

  /** mulberry32: fast, 32 bits of state, good enough statistics for fake data. A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick() from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks with probability proportional to weight; zero weights are never picked. */
  weightedPick<T>(items: readonly T[], weights: readonly number[]): T {
    if (items.length === 0 || items.length !== weights.length) {
      throw new RangeError('weightedPick() needs as many weights as items, and at least one item');
    }
    let total = 0;
    for (const w of weights) total += w;
    if (!(total > 0)) throw new RangeError('weightedPick() needs a positive total weight');
    let target = this.next() * total;
    for (let i = 0; i < items.length; i++) {
      target -= weights[i] as number;
      if (target < 0) return items[i] as T;
    }
    // Float rounding can leave target at a hair above zero: fall back to the last positive weight.
    for (let i = items.length - 1; i >= 0; i--)
      if ((weights[i] as number) > 0) return items[i] as T;
    return items[items.length - 1] as T;
  }

  /** `count` distinct items in random order (all of them when count exceeds the list). */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items];
    const n = Math.min(count, copy.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      const tmp = copy[i] as T;
      copy[i] = copy[j] as T;
      copy[j] = tmp;
    }
    return copy.slice(0, n);
  }

  /** Fisher-Yates in place. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const tmp = items[i] as T;
      items[i] = items[j] as T;
      items[j] = tmp;
    }
    return items;
  }
}

/**
 * Weighted picks from a fixed list many times over: cumulative weights plus binary search, so picking
 * among thousands of cities for 200,000 companies stays O(log n) per pick.
 */
export class WeightedTable<T> {
  private readonly cumulative: Float64Array;
  private readonly total: number;

  constructor(
    private readonly items: readonly T[],
    weights: readonly number[],
  ) {
    if (items.length === 0 || items.length !== weights.length) {
      throw new RangeError('WeightedTable needs as many weights as items, and at least one item');
    }
    this.cumulative = new Float64Array(items.length);
    let sum = 0;
    for (let i = 0; i < items.length; i++) {
      sum += Math.max(0, weights[i] as number);
      this.cumulative[i] = sum;
    }
    if (!(sum > 0)) throw new RangeError('WeightedTable needs a positive total weight');
    this.total = sum;
  }

  pick(rng: Random): T {
    const target = rng.next() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    // First index whose cumulative weight exceeds the target; zero-weight items never qualify.
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.cumulative[mid] as number) > target) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo] as T;
  }
}
