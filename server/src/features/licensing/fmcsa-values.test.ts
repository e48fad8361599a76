import { describe, expect, it } from 'vitest';
import { nameKey, parseDocket, parseFlag, parseFmcsaDate, parseUsdot } from './fmcsa-values';

describe('FMCSA dates', () => {
  const today = new Date('2026-11-29T00:00:00Z');

  it('reads both styles FMCSA releases use, and ISO', () => {
    expect(parseFmcsaDate('15-JAN-24', today)).toBe('2024-01-15');
    expect(parseFmcsaDate('01/15/2024', today)).toBe('2024-01-15');
    expect(parseFmcsaDate('1/5/2024', today)).toBe('2024-01-05');
    expect(parseFmcsaDate('05-dec-2019', today)).toBe('2019-12-05');
    expect(parseFmcsaDate('2024-01-15', today)).toBe('2024-01-15');
    expect(parseFmcsaDate(' 29-FEB-24 ', today)).toBe('2024-02-29');
  });

  it('reads two-digit years as the latest year not after next year', () => {
    expect(parseFmcsaDate('01-JAN-27', today)).toBe('2027-01-01');
    expect(parseFmcsaDate('01-JAN-28', today)).toBe('1928-01-01');
    expect(parseFmcsaDate('12-MAR-75', today)).toBe('1975-03-12');
    expect(parseFmcsaDate('12-MAR-00', today)).toBe('2000-03-12');
  });

  it('is null for an empty cell and undefined for what is no day', () => {
    expect(parseFmcsaDate('', today)).toBeNull();
    expect(parseFmcsaDate('   ', today)).toBeNull();
    for (const bad of [
      '31-APR-24',
      '29-FEB-23',
      '02/30/2024',
      '13/01/2024',
      '15-JAM-24',
      '2024/01/15',
      'soon',
      '15-01-24',
    ])
      expect(parseFmcsaDate(bad, today), bad).toBeUndefined();
  });
});

describe('USDOT numbers', () => {
  it('ignores leading zeros, and 00000000 is unknown', () => {
    expect(parseUsdot('00012345')).toBe(12345);
    expect(parseUsdot('12345')).toBe(12345);
    expect(parseUsdot(' USDOT 0012345 ')).toBe(12345);
    expect(parseUsdot('DOT# 987')).toBe(987);
    expect(parseUsdot('00000000')).toBeNull();
    expect(parseUsdot('')).toBeNull();
  });

  it('refuses what is not a number of up to 8 digits', () => {
    expect(parseUsdot('12a45')).toBeUndefined();
    expect(parseUsdot('123456789')).toBeUndefined();
    expect(parseUsdot('-5')).toBeUndefined();
  });
});

describe('dockets', () => {
  it('writes prefix and number without leading zeros; no prefix means MC', () => {
    expect(parseDocket('MC012345')).toBe('MC12345');
    expect(parseDocket('mc-12345')).toBe('MC12345');
    expect(parseDocket('MC 12345')).toBe('MC12345');
    expect(parseDocket('FF000777')).toBe('FF777');
    expect(parseDocket('MX9')).toBe('MX9');
    expect(parseDocket('0012345')).toBe('MC12345');
    expect(parseDocket('')).toBeNull();
  });

  it('refuses other prefixes and zero', () => {
    expect(parseDocket('XX12345')).toBeUndefined();
    expect(parseDocket('MC0000')).toBeUndefined();
    expect(parseDocket('MC12A')).toBeUndefined();
  });
});

describe('flags and names', () => {
  it('reads Y/N flags', () => {
    expect(parseFlag('Y')).toBe(true);
    expect(parseFlag('n')).toBe(false);
    expect(parseFlag('')).toBeNull();
    expect(parseFlag('X')).toBeUndefined();
  });

  it('compares names without case, accents or punctuation', () => {
    expect(nameKey('A-1 Movers, Inc.')).toBe('a 1 movers inc');
    expect(nameKey('José & Sons  MOVING')).toBe('jose and sons moving');
  });
});
