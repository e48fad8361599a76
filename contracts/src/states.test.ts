import { describe, expect, it } from 'vitest';
import { findState, REGIONS, stateByAbbreviation, US_STATES } from './states';

describe('the state reference list (spec 3)', () => {
  it('holds the 50 states and DC with unique abbreviations and lowercase slugs', () => {
    expect(US_STATES).toHaveLength(51);
    expect(new Set(US_STATES.map((s) => s.abbreviation)).size).toBe(51);
    expect(US_STATES.every((s) => /^[a-z]+(-[a-z]+)*$/.test(s.slug))).toBe(true);
    expect(US_STATES.every((s) => REGIONS.includes(s.region))).toBe(true);
    expect(stateByAbbreviation('dc')?.slug).toBe('district-of-columbia');
  });

  it.each([
    ['new-york', 'new-york'],
    ['New York', 'new-york'],
    ['NY', 'new-york'],
    ['ny', 'new-york'],
    ['new_york', 'new-york'],
    ['NewYork', 'new-york'],
    ['new%20york', 'new-york'],
    ['washington-dc', 'district-of-columbia'],
    ['Washington', 'washington'],
  ])('finds %s as %s', (segment, slug) => expect(findState(segment)?.slug).toBe(slug));

  it.each(['narnia', '', 'n', '%E0%A4%A'])('finds nothing for %s', (segment) =>
    expect(findState(segment)).toBeUndefined(),
  );
});
