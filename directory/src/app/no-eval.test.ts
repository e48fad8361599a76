import { describe, expect, it } from 'vitest';
import './no-eval';
import { config, z } from 'zod';

describe('no-eval', () => {
  it('makes zod jitless in the browser, so it never probes for eval', () => {
    expect(config().jitless).toBe(true);
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  });
});
