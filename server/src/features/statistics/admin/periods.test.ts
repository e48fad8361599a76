import { describe, expect, it } from 'vitest';
import { daysBetween, monthStart, periodsBetween, weekStart } from './periods';

describe('UTC periods', () => {
  it('starts weeks on Monday, a Sunday belonging to the week before', () => {
    expect(weekStart('2026-11-23')).toBe('2026-11-23'); // a Monday
    expect(weekStart('2026-11-29')).toBe('2026-11-23'); // the Sunday after it
    expect(weekStart('2026-11-22')).toBe('2026-11-16'); // the Sunday before
    expect(weekStart('2027-01-01')).toBe('2026-12-28'); // across a year
  });

  it('lists the periods of a range, partial ones at either end included', () => {
    expect(periodsBetween('2026-02-27', '2026-03-02', 'day')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(periodsBetween('2026-11-20', '2026-12-01', 'week')).toEqual([
      '2026-11-16',
      '2026-11-23',
      '2026-11-30',
    ]);
    expect(periodsBetween('2026-01-31', '2026-04-01', 'month')).toEqual([
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
      '2026-04-01',
    ]);
    expect(monthStart('2026-12-31')).toBe('2026-12-01');
  });

  it('counts days inclusively, across a leap day', () => {
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(3);
    expect(daysBetween('2026-11-23', '2026-11-23')).toBe(1);
  });
});
