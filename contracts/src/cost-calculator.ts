/**
 * The cost calculator's query string, read with zod; the model itself is in ./cost-model, free of zod, so that
 * pages can price moves without loading it.
 */
import { z } from 'zod';
import { MAX_STORAGE_MONTHS } from './cost-model';
import { MoveSizeIdSchema } from './move-sizes';

export * from './cost-model';

// The calculator form: /calculator?size=…&fromZip=…&toZip=…&date=…&packing=1&storageMonths=…

const optionalZip = z
  .string()
  .trim()
  .refine((v) => v === '' || /^\d{5}$/.test(v), 'must be five digits')
  .optional();

/** The calculator's query parameters; a checkbox sends "on" (plain form) or "1" (links). */
export const MoveCostQuerySchema = z.object({
  size: MoveSizeIdSchema,
  fromZip: optionalZip,
  toZip: optionalZip,
  date: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v), 'must be a date (YYYY-MM-DD)')
    .optional(),
  packing: z
    .enum(['1', 'on', 'true', '0', 'false', ''])
    .optional()
    .transform((v) => v === '1' || v === 'on' || v === 'true'),
  storageMonths: z.coerce
    .number()
    .int('must be a whole number of months')
    .min(0, 'must be 0 or more')
    .max(MAX_STORAGE_MONTHS, `must be at most ${MAX_STORAGE_MONTHS}`)
    .optional()
    .default(0),
});
export type MoveCostQuery = z.infer<typeof MoveCostQuerySchema>;
