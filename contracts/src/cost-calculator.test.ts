import { describe, expect, it } from 'vitest';
import {
  estimateMoveCost,
  typicalMovePrices,
  isPeakSeason,
  moveKindFor,
  MoveCostQuerySchema,
  type MoveCostInput,
} from './cost-calculator';
import { LOCAL_MOVE_MAX_MILES, localMoveEstimate } from './pricing';

describe('estimateMoveCost', () => {
  it.each<[string, MoveCostInput, string[], number, number]>([
    ['a local studio move', { size: 'studio', distanceMiles: 10 }, ['labor', 'travel'], 430, 950],
    [
      'a local 4+ bedroom move at the local limit',
      { size: '4br', distanceMiles: LOCAL_MOVE_MAX_MILES },
      ['labor', 'travel'],
      1830,
      3470,
    ],
    [
      'a long-distance 4+ bedroom move just past the local limit',
      { size: '4br', distanceMiles: LOCAL_MOVE_MAX_MILES + 1 },
      ['linehaul'],
      4500,
      8400,
    ],
    [
      'a 2-3 bedroom move of 1,000 miles',
      { size: '2-3br', distanceMiles: 1000 },
      ['linehaul'],
      3750,
      8400,
    ],
    [
      'the same move in July with packing and two months of storage',
      {
        size: '2-3br',
        distanceMiles: 1000,
        moveDate: '2027-07-15',
        packing: true,
        storageMonths: 2,
      },
      ['linehaul', 'peak-season', 'packing', 'storage'],
      5030,
      11780,
    ],
    [
      'an office move in the same building in October, storage capped at 12 months',
      { size: 'commercial', distanceMiles: 0, moveDate: '2027-10-01', storageMonths: 40 },
      ['labor', 'travel', 'storage'],
      2000 + 100 + 3600,
      4200 + 200 + 7200,
    ],
  ])('prices %s', (_name, input, lineIds, low, high) => {
    const estimate = estimateMoveCost(input);
    expect(estimate.lines.map((l) => l.id)).toEqual(lineIds);
    expect(estimate.total).toEqual({ low, high });
    // The total is always the sum of the lines shown, each a multiple of $10.
    expect(estimate.lines.reduce((sum, l) => sum + l.low, 0)).toBe(low);
    expect(estimate.lines.reduce((sum, l) => sum + l.high, 0)).toBe(high);
    for (const l of estimate.lines) {
      expect(l.low % 10).toBe(0);
      expect(l.high % 10).toBe(0);
      expect(l.high).toBeGreaterThanOrEqual(l.low);
      expect(l.detail).not.toBe('');
    }
  });

  it('costs more the farther a long-distance move goes', () => {
    const near = estimateMoveCost({ size: '2-3br', distanceMiles: 500 }).total;
    const far = estimateMoveCost({ size: '2-3br', distanceMiles: 2500 }).total;
    expect(far.low).toBeGreaterThan(near.low);
    expect(far.high).toBeGreaterThan(near.high);
  });

  it('costs more for a bigger home', () => {
    const sizes = ['studio', '2-3br', '4br'] as const;
    const totals = sizes.map((size) => estimateMoveCost({ size, distanceMiles: 20 }).total.low);
    expect([...totals].sort((a, b) => a - b)).toEqual(totals);
  });

  it('explains each line in words', () => {
    const local = estimateMoveCost({ size: '2-3br', distanceMiles: 15 }).lines;
    expect(local.map((l) => l.detail)).toEqual([
      '3 movers for 5–8 hours at $50–$70 per mover-hour',
      'About 30 minutes of driving between the addresses, plus a $100–$200 trip charge',
    ]);
    const [transport] = estimateMoveCost({ size: 'studio', distanceMiles: 812.4 }).lines;
    expect(transport?.detail).toBe('2,000–3,500 lb over 812 miles at $0.60–$0.90 per pound');
  });

  it('prices a distance to the whole mile, as it shows it', () => {
    const ten = estimateMoveCost({ size: '2-3br', distanceMiles: 10 });
    expect(estimateMoveCost({ size: '2-3br', distanceMiles: 9.6 })).toEqual(ten);
    expect(estimateMoveCost({ size: '2-3br', distanceMiles: 10.4 })).toEqual(ten);
    expect(estimateMoveCost({ size: '2-3br', distanceMiles: 10.6 }).distanceMiles).toBe(11);
  });

  it('treats an unknown distance as a local move', () => {
    expect(estimateMoveCost({ size: 'studio', distanceMiles: Number.NaN }).kind).toBe('local');
  });
});

describe('moveKindFor and isPeakSeason', () => {
  it.each([
    [0, 'local'],
    [LOCAL_MOVE_MAX_MILES, 'local'],
    [LOCAL_MOVE_MAX_MILES + 0.5, 'long-distance'],
    [2800, 'long-distance'],
  ])('%s miles is %s', (miles, kind) => {
    expect(moveKindFor(miles)).toBe(kind);
  });

  it.each([
    ['2027-04-30', false],
    ['2027-05-01', true],
    ['2027-09-30', true],
    ['2027-10-01', false],
    ['', false],
    [undefined, false],
    ['July', false],
  ])('%s is peak season: %s', (date, peak) => {
    expect(isPeakSeason(date)).toBe(peak);
  });
});

describe('MoveCostQuerySchema', () => {
  it('reads a plain form submission', () => {
    expect(
      MoveCostQuerySchema.parse({
        size: '4br',
        fromZip: '60601',
        toZip: ' 10001 ',
        date: '2027-06-01',
        packing: 'on',
        storageMonths: '3',
      }),
    ).toEqual({
      size: '4br',
      fromZip: '60601',
      toZip: '10001',
      date: '2027-06-01',
      packing: true,
      storageMonths: 3,
    });
  });

  it('defaults the optional fields', () => {
    expect(MoveCostQuerySchema.parse({ size: 'studio' })).toEqual({
      size: 'studio',
      packing: false,
      storageMonths: 0,
    });
  });

  it.each([
    [{ size: 'castle' }, 'size'],
    [{ size: 'studio', fromZip: '606' }, 'fromZip'],
    [{ size: 'studio', date: 'tomorrow' }, 'date'],
    [{ size: 'studio', storageMonths: '13' }, 'storageMonths'],
    [{ size: 'studio', storageMonths: '1.5' }, 'storageMonths'],
  ])('rejects %j naming %s', (query, field) => {
    const result = MoveCostQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });
});

describe('typicalMovePrices', () => {
  it('is the calculator’s total for a 10-mile move and for one of 1,000–2,000 miles', () => {
    const [studio, family] = typicalMovePrices(['studio', '2-3br']);
    expect(studio).toEqual({
      size: 'studio',
      local: estimateMoveCost({ size: 'studio', distanceMiles: 10 }).total,
      longDistance: estimateMoveCost({ size: 'studio', distanceMiles: 1000 }).total,
    });
    // The whole band costs the same: the 1,000-mile price is the 1,999-mile one.
    expect(family!.longDistance).toEqual(
      estimateMoveCost({ size: '2-3br', distanceMiles: 1999 }).total,
    );
    // More than the crew's labor alone, which is what the state pages showed before (issue 15).
    expect(family!.local).toEqual({ low: 900, high: 1950 });
    expect(family!.local.low).toBeGreaterThan(localMoveEstimate('2-3br').low);
  });
});
