/**
 * JSON kept in a text column (a lead's chosen movers, a vehicle), read defensively: a value that is missing,
 * malformed or of another shape reads as the fallback — a page shows it empty, never a 500.
 */
import type { z } from 'zod';

export function parseStored<S extends z.ZodType>(
  schema: S,
  text: unknown,
  fallback: z.output<S>,
): z.output<S> {
  if (typeof text !== 'string' || text === '') return fallback;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

/** A stored text narrowed to one of `values` (a status column): anything else reads as the fallback. */
export const storedChoice = <T extends string>(
  values: readonly T[],
  value: unknown,
  fallback: T,
): T => ((values as readonly unknown[]).includes(value) ? (value as T) : fallback);
