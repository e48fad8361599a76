import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './backoff';

describe('retry backoff with full jitter', () => {
  const policy = { baseMs: 1000, maxMs: 60_000 };

  it('doubles the cap per attempt up to the maximum', () => {
    const top = (attempt: number) => retryDelayMs(attempt, policy, () => 0.999999);
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(top)).toEqual([
      999, 1999, 3999, 7999, 15999, 31999, 59999, 59999,
    ]);
    expect(retryDelayMs(500, policy, () => 0.999999)).toBe(59999);
  });

  it('spreads retries uniformly between zero and the cap', () => {
    expect(retryDelayMs(4, policy, () => 0)).toBe(0);
    expect(retryDelayMs(4, policy, () => 0.5)).toBe(4000);
    const delays = Array.from({ length: 2000 }, () => retryDelayMs(3, policy));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...delays)).toBeLessThan(4000);
    const mean = delays.reduce((a, b) => a + b, 0) / delays.length;
    expect(mean).toBeGreaterThan(1700);
    expect(mean).toBeLessThan(2300);
  });
});
