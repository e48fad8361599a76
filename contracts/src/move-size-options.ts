/** Move size options of spec section 3, free of zod so that pages can use them without loading it. */
export const MOVE_SIZES = [
  { id: 'studio', label: 'Studio/1BR', description: '400-600 sq ft' },
  { id: '2-3br', label: '2-3 Bedrooms', description: '800-1200 sq ft' },
  { id: '4br', label: '4+ Bedrooms', description: '1500+ sq ft' },
  { id: 'commercial', label: 'Office/Commercial', description: 'any size' },
] as const;

export type MoveSizeId = (typeof MOVE_SIZES)[number]['id'];
export const DEFAULT_MOVE_SIZE: MoveSizeId = '2-3br';

/**
 * Number of rooms the lead backend expects for a size (spec section 3). The backend predates the
 * tile ids, so free text ("2 bedroom apartment", "office") is mapped too.
 */
export function sizeToRooms(size: string | null | undefined): number {
  const text = (size ?? '').trim().toLowerCase();
  if (text === '') return 0;
  // Each space can be matched one way only (`\s*-?\s*` would backtrack quadratically on a run of spaces).
  if (/studio|1\s*(?:-\s*)?br|1\s*bed/.test(text)) return 1;
  if (/[23]\s*(?:-\s*)?br|[23]\s*bed/.test(text)) return 3;
  if (/4\s*(?:\+\s*)?(?:-\s*)?br|4\s*(?:\+\s*)?bed/.test(text)) return 4;
  if (/commercial|office|business/.test(text)) return 5;
  const digit = /\d/.exec(text);
  if (digit) {
    const n = Number(digit[0]);
    if (n <= 1) return 1;
    if (n <= 3) return 3;
    return 4;
  }
  return 3;
}
