/**
 * A company's change history at /pro (issue 17): every change made to its data, by its own people or by
 * MoverAtlas staff, newest first, with the fields before and after. Staff are never named to a company.
 */
import { z } from 'zod';

export const PRO_CHANGES_PAGE_SIZE = 25;
/** How a change made by staff is signed in a company's history. */
export const PRO_STAFF_ACTOR = 'MoverAtlas staff';

export const proChangesQuerySchema = z.strictObject({
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, 'The page must be a whole number from 1')
    .transform(Number)
    .optional()
    .default(1),
});
export type ProChangesQuery = z.infer<typeof proChangesQuerySchema>;

const fieldsSchema = z.record(z.string(), z.unknown()).nullable();

export const proChangeSchema = z.object({
  id: z.number().int(),
  /** ISO time. */
  createdAt: z.string(),
  /** The mover's e-mail address, or "MoverAtlas staff". */
  who: z.string(),
  byStaff: z.boolean(),
  action: z.string(),
  summary: z.string(),
  before: fieldsSchema,
  after: fieldsSchema,
});
export type ProChange = z.infer<typeof proChangeSchema>;

export const proChangesPageSchema = z.object({
  items: z.array(proChangeSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
});
export type ProChangesPage = z.infer<typeof proChangesPageSchema>;
