/**
 * What we know of a lead's quality (issue 18), as staff and the movers it reached read it: the phone and
 * e-mail checks made when it arrived and the earlier request it repeats. The notes are plain sentences the
 * server writes; the flags let a list or a filter show them as badges.
 */
import { z } from 'zod';

export const LEAD_QUALITY_FLAGS = ['disposable-email', 'repeat', 'sample-phone'] as const;
export type LeadQualityFlag = (typeof LEAD_QUALITY_FLAGS)[number];

export const LEAD_QUALITY_FLAG_LABELS: Record<LeadQualityFlag, string> = {
  'disposable-email': 'Throwaway e-mail',
  repeat: 'Repeat request',
  'sample-phone': 'Sample phone number',
};

export const leadQualitySchema = z.object({
  flags: z.array(z.enum(LEAD_QUALITY_FLAGS)),
  /** One sentence per finding, or one saying nothing was found. */
  notes: z.array(z.string()),
  /** The earlier request of the same phone or e-mail address this one repeats (within 30 days). */
  repeatOf: z.object({ publicId: z.string(), receivedAt: z.string() }).nullable(),
});
export type LeadQuality = z.infer<typeof leadQualitySchema>;
