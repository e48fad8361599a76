/**
 * What a lead's `quality` column holds (issue 18), written once on arrival: the flags found then, and the
 * movers the consent named that were not sent the lead again because they hold the earlier request.
 */
import { z } from 'zod';
import { LEAD_QUALITY_FLAGS } from '@moveratlas/contracts';
import { parseStored } from '../../../lib/stored-json';
import { disposableDomainOf } from './disposable-email';

export const storedQualitySchema = z.object({
  flags: z.array(z.enum(LEAD_QUALITY_FLAGS)),
  notSentAgainTo: z.array(z.number().int()),
});
export type StoredQuality = z.infer<typeof storedQualitySchema>;

const NONE: StoredQuality = { flags: [], notSentAgainTo: [] };

/** A lead's stored quality; a lead from before the checks (or the sample data) has none. */
export const readStoredQuality = (value: unknown): StoredQuality =>
  parseStored(storedQualitySchema, value, NONE);

/**
 * The `quality` column a new lead is written with: a throwaway domain, and — once its earlier requests are
 * read — the repeat and the movers it is not sent to again. Null when nothing was found.
 */
export function arrivalQuality(
  email: string,
  repeat?: { alreadyWith: readonly number[] },
): string | null {
  const flags: StoredQuality['flags'] = [];
  if (disposableDomainOf(email)) flags.push('disposable-email');
  if (repeat) flags.push('repeat');
  if (flags.length === 0) return null;
  return JSON.stringify({
    flags,
    notSentAgainTo: [...(repeat?.alreadyWith ?? [])],
  } satisfies StoredQuality);
}
