import { describe, expect, it } from 'vitest';
import { DEFAULT_MOVE_SIZE, MOVE_SIZES, sizeToRooms } from './move-sizes';

describe('move sizes (spec 3)', () => {
  it('offers the four sizes with 2-3br as the default', () => {
    expect(MOVE_SIZES.map((s) => [s.id, s.label, s.description])).toEqual([
      ['studio', 'Studio/1BR', '400-600 sq ft'],
      ['2-3br', '2-3 Bedrooms', '800-1200 sq ft'],
      ['4br', '4+ Bedrooms', '1500+ sq ft'],
      ['commercial', 'Office/Commercial', 'any size'],
    ]);
    expect(DEFAULT_MOVE_SIZE).toBe('2-3br');
  });

  it.each([
    ['studio', 1],
    ['Studio apartment', 1],
    ['1br', 1],
    ['1 bedroom', 1],
    ['2-3br', 3],
    ['2br', 3],
    ['3 bedrooms', 3],
    ['4br', 4],
    ['4+ bedrooms', 4],
    ['commercial', 5],
    ['Office', 5],
    ['small business', 5],
    ['0 rooms', 1],
    ['2 rooms', 3],
    ['6 rooms', 4],
    ['a big house', 3],
    ['', 0],
    [null, 0],
    [undefined, 0],
  ])('%s → %i rooms', (size, rooms) => expect(sizeToRooms(size)).toBe(rooms));
});
