import { describe, expect, it } from 'vitest';
import { rotationPlaces } from './featured-rotation';

describe('rotationPlaces', () => {
  it.each([
    [302, 6],
    [300, 6],
    [60, 6],
    [7, 6],
    [6000, 8],
  ])(
    'shows each of %i featured companies once in every ⌈total / %i⌉ days, a different few each day',
    (total, size) => {
      const days = Math.ceil(total / size);
      for (const start of [0, 20_418]) {
        const seen = new Map<number, number>();
        for (let day = start; day < start + days; day++) {
          const places = rotationPlaces(total, size, day);
          expect(places).toHaveLength(size);
          expect(new Set(places).size).toBe(size);
          for (const place of places) {
            expect(place).toBeGreaterThanOrEqual(0);
            expect(place).toBeLessThan(total);
            seen.set(place, (seen.get(place) ?? 0) + 1);
          }
        }
        expect(seen.size).toBe(total);
        // Only the last day's turns wrap round to places already shown.
        expect([...seen.values()].filter((times) => times > 1).length).toBeLessThan(size);
      }
    },
  );

  it("spreads a day's picks over the list rather than taking neighbours", () => {
    const places = rotationPlaces(300, 6, 3).sort((a, b) => a - b);
    const gaps = places.slice(1).map((place, i) => place - places[i]!);
    expect(Math.min(...gaps)).toBeGreaterThan(10);
  });

  it('shows them all when there are no more than the section holds', () => {
    expect(rotationPlaces(4, 6, 9)).toEqual([0, 1, 2, 3]);
    expect(rotationPlaces(0, 6, 9)).toEqual([]);
  });
});
