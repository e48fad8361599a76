import { describe, expect, it } from 'vitest';
import { MOVE_SIZES } from '@moveratlas/contracts';
import { PRICED_SIZES } from './place-statistics';

describe('PRICED_SIZES', () => {
  it('matches the contracts’ move sizes and labels', () => {
    expect(PRICED_SIZES).toEqual(MOVE_SIZES.map(({ id, label }) => ({ id, label })));
  });
});
