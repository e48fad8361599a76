import { describe, expect, it } from 'vitest';
import { trimEdges, trimTrailing, trimTrailingSlashes } from './paths';

describe('trimTrailingSlashes', () => {
  it.each([
    ['/states/illinois', '/states/illinois'],
    ['/states/illinois/', '/states/illinois'],
    ['/states/illinois///', '/states/illinois'],
    ['/', ''],
    ['///', ''],
    ['', ''],
    ['https://api.example/v1/', 'https://api.example/v1'],
    ['/a//b', '/a//b'],
  ])('%j → %j', (input, expected) => {
    expect(trimTrailingSlashes(input)).toBe(expected);
  });

  it('walks the string once: slashes with a letter after them cost no more than their length', () => {
    // The quadratic regex needed ~0.6 s for 15,000; this many would take minutes. Counting the character
    // reads shows the work is linear without timing anything.
    const reads = { count: 0 };
    const hostile = new Proxy(new String(`/states/illinois${'/'.repeat(200_000)}x`), {
      get(target, key) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads.count += 1;
        const value = Reflect.get(target, key) as unknown;
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      },
    }) as unknown as string;
    expect(trimTrailingSlashes(hostile)).toBe(hostile);
    expect(reads.count).toBe(1);
    expect(trimTrailingSlashes(`/x${'/'.repeat(200_000)}`)).toBe('/x');
  });
});

describe('trimTrailing and trimEdges', () => {
  it('trim one character, never another', () => {
    expect(trimTrailing('moving-co---', '-')).toBe('moving-co');
    expect(trimTrailing('moving-co', '-')).toBe('moving-co');
    expect(trimEdges('--a-b--', '-')).toBe('a-b');
    expect(trimEdges('----', '-')).toBe('');
    expect(trimEdges('a', '-')).toBe('a');
  });
});
