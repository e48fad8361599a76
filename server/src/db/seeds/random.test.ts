import { describe, expect, it } from 'vitest';
import { Random, WeightedTable, hashString } from './random';

const draws = (rng: Random, n: number) => Array.from({ length: n }, () => rng.next());

describe('Random', () => {
  it('repeats the same sequence for the same seed', () => {
    expect(draws(new Random(42), 20)).toEqual(draws(new Random(42), 20));
  });

  it('gives different sequences for different seeds', () => {
    expect(draws(new Random(42), 5)).not.toEqual(draws(new Random(43), 5));
  });

  it('pins the mulberry32 output, so a refactor cannot silently change every seeded database', () => {
    const rng = new Random(1);
    expect(rng.next()).toBeCloseTo(0.6270739405881613, 15);
    expect(rng.next()).toBeCloseTo(0.002735721180215478, 15);
  });

  it('returns floats in [0, 1)', () => {
    for (const x of draws(new Random(7), 10_000)) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
  });

  it('derives independent, repeatable streams by label', () => {
    expect(draws(Random.derive(5, 'reviews'), 5)).toEqual(draws(Random.derive(5, 'reviews'), 5));
    expect(draws(Random.derive(5, 'reviews'), 5)).not.toEqual(
      draws(Random.derive(5, 'companies'), 5),
    );
    expect(draws(Random.derive(5, 'reviews'), 5)).not.toEqual(
      draws(Random.derive(6, 'reviews'), 5),
    );
  });

  it('int stays within both inclusive bounds and reaches them', () => {
    const rng = new Random(3);
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const n = rng.int(-2, 2);
      expect(Number.isInteger(n)).toBe(true);
      seen.add(n);
    }
    expect([...seen].sort()).toEqual([-1, -2, 0, 1, 2]);
  });

  it('chance matches its probability roughly and honours 0 and 1', () => {
    const rng = new Random(11);
    let hits = 0;
    for (let i = 0; i < 20_000; i++) if (rng.chance(0.3)) hits++;
    expect(hits / 20_000).toBeGreaterThan(0.28);
    expect(hits / 20_000).toBeLessThan(0.32);
    expect(rng.chance(0)).toBe(false);
    expect(rng.chance(1)).toBe(true);
  });

  it('pick returns every item eventually and rejects an empty list', () => {
    const rng = new Random(5);
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) seen.add(rng.pick(['a', 'b', 'c']));
    expect(seen).toEqual(new Set(['a', 'b', 'c']));
    expect(() => rng.pick([])).toThrow(RangeError);
  });

  it('weightedPick follows the weights and never picks a zero weight', () => {
    const rng = new Random(9);
    const counts = { a: 0, b: 0, c: 0 };
    for (let i = 0; i < 30_000; i++)
      counts[rng.weightedPick(['a', 'b', 'c'] as const, [1, 3, 0])]++;
    expect(counts.c).toBe(0);
    expect(counts.b / counts.a).toBeGreaterThan(2.7);
    expect(counts.b / counts.a).toBeLessThan(3.3);
    expect(() => rng.weightedPick(['a'], [0])).toThrow(RangeError);
    expect(() => rng.weightedPick(['a', 'b'], [1])).toThrow(RangeError);
  });

  it('sample returns distinct items, at most the whole list', () => {
    const rng = new Random(13);
    const items = [1, 2, 3, 4, 5, 6];
    const three = rng.sample(items, 3);
    expect(new Set(three).size).toBe(3);
    expect(three.every((x) => items.includes(x))).toBe(true);
    expect(rng.sample(items, 10).sort()).toEqual(items);
    expect(items).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('shuffle is a permutation', () => {
    const shuffled = new Random(17).shuffle(Array.from({ length: 50 }, (_, i) => i));
    expect([...shuffled].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(shuffled).not.toEqual(Array.from({ length: 50 }, (_, i) => i));
  });
});

describe('WeightedTable', () => {
  it('follows the weights and skips zero weights, including at the ends', () => {
    const table = new WeightedTable(['zero-first', 'a', 'b', 'zero-last'], [0, 1, 4, 0]);
    const rng = new Random(21);
    const counts = new Map<string, number>();
    for (let i = 0; i < 25_000; i++) {
      const item = table.pick(rng);
      counts.set(item, (counts.get(item) ?? 0) + 1);
    }
    expect(counts.has('zero-first')).toBe(false);
    expect(counts.has('zero-last')).toBe(false);
    const ratio = (counts.get('b') ?? 0) / (counts.get('a') ?? 1);
    expect(ratio).toBeGreaterThan(3.6);
    expect(ratio).toBeLessThan(4.4);
  });

  it('rejects empty or weightless tables', () => {
    expect(() => new WeightedTable([], [])).toThrow(RangeError);
    expect(() => new WeightedTable(['a'], [0])).toThrow(RangeError);
  });
});

describe('hashString', () => {
  it('is stable and spreads similar labels apart', () => {
    expect(hashString('reviews')).toBe(hashString('reviews'));
    expect(hashString('reviews')).not.toBe(hashString('reviewt'));
    expect(hashString('')).toBe(0x811c9dc5);
  });
});
