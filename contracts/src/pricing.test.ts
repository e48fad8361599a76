import { describe, expect, it } from 'vitest';
import { distanceBand, localMoveEstimate, longDistanceEstimate, roundPrice } from './pricing';

describe('pricing model', () => {
  it('prices a local move as crew × hours × hourly rate', () => {
    // studio: 2 movers, 3–5 hours, $50–$70 per mover-hour
    expect(localMoveEstimate('studio')).toEqual({ low: 300, high: 700 });
    expect(localMoveEstimate('2-3br')).toEqual({ low: 750, high: 1680 });
  });

  it('prices a long-distance move as weight × rate per lb of the distance band', () => {
    expect(distanceBand(250).label).toBe('Under 500 miles');
    expect(distanceBand(1000).label).toBe('1,000–2,000 miles');
    expect(distanceBand(-5).label).toBe('Under 500 miles');
    expect(distanceBand(5000).label).toBe('Over 2,000 miles');
    // 5,000–8,000 lb at $0.75–$1.05
    expect(longDistanceEstimate('2-3br', 1500)).toEqual({ low: 3750, high: 8400 });
  });

  it('scales by a cost index and rounds to $10', () => {
    expect(localMoveEstimate('studio', 1.2)).toEqual({ low: 360, high: 840 });
    expect(roundPrice(1234)).toBe(1230);
  });
});
