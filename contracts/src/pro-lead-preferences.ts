/**
 * Which leads a mover takes (issue 18, /pro Lead preferences): move types, the smallest move, how many leads
 * at most in any 24 hours and any 7 days, and a pause. match_companies honours them, so the widget's step 5
 * offers a mover only a lead it will take. Where it works (service area and radius) is on the profile.
 */
import { z } from 'zod';
import { proCompanyPath } from './pro-api-paths';

export const LEAD_MOVE_TYPES = ['local', 'long-distance', 'commercial'] as const;
export type LeadMoveType = (typeof LEAD_MOVE_TYPES)[number];

export const LEAD_MOVE_TYPE_LABELS: Record<LeadMoveType, string> = {
  local: 'Local moves (within a state)',
  'long-distance': 'Long-distance moves (across state lines)',
  commercial: 'Commercial moves (offices)',
};

/** Home sizes, smallest first; a mover's minimum is one of them (commercial moves are a type, not a size). */
export const LEAD_MINIMUM_SIZES = ['studio', '2-3br', '4br'] as const;
export type LeadMinimumSize = (typeof LEAD_MINIMUM_SIZES)[number];

export const LEAD_MINIMUM_SIZE_LABELS: Record<LeadMinimumSize, string> = {
  studio: 'Any home (studios and up)',
  '2-3br': '2–3 bedrooms and up',
  '4br': '4 bedrooms and up',
};

export const MAX_LEAD_CAP = 1000;

export const proLeadPreferencesPath = (companyId: number) =>
  proCompanyPath(companyId, 'lead-preferences');

export const proLeadPreferencesSchema = z.object({
  paused: z.boolean(),
  moveTypes: z.array(z.enum(LEAD_MOVE_TYPES)),
  minimumSize: z.enum(LEAD_MINIMUM_SIZES),
  /** null: no limit. */
  maxPerDay: z.number().int().nullable(),
  maxPerWeek: z.number().int().nullable(),
  /** The profile's service radius and area (edited there), shown beside the preferences. */
  serviceRadiusMiles: z.number().int().nullable(),
  serviceArea: z.string().nullable(),
  /** Leads received in the last 24 hours and 7 days, against the limits. */
  leadsLastDay: z.number().int(),
  leadsLastWeek: z.number().int(),
  /** False while nobody has changed them: every lead is taken. */
  changed: z.boolean(),
});
export type ProLeadPreferences = z.infer<typeof proLeadPreferencesSchema>;

const cap = (what: string) =>
  z
    .number({ message: `Enter the most leads ${what} as a number, or leave it empty` })
    .int(`The most leads ${what} must be a whole number`)
    .min(1, `The most leads ${what} must be at least 1 (pause instead to take none)`)
    .max(MAX_LEAD_CAP, `The most leads ${what} can be at most ${MAX_LEAD_CAP}`)
    .nullable();

/** PUT …/lead-preferences */
export const proLeadPreferencesUpdateSchema = z
  .strictObject({
    paused: z.boolean({ message: 'Say whether leads are paused' }),
    moveTypes: z
      .array(z.enum(LEAD_MOVE_TYPES, { message: 'Choose the kinds of move you take' }))
      .min(1, 'Choose at least one kind of move (or pause leads)'),
    minimumSize: z.enum(LEAD_MINIMUM_SIZES, { message: 'Choose the smallest move you take' }),
    maxPerDay: cap('in a day'),
    maxPerWeek: cap('in a week'),
  })
  .refine((p) => p.maxPerDay === null || p.maxPerWeek === null || p.maxPerDay <= p.maxPerWeek, {
    message: 'The most leads in a day cannot be more than in a week',
    path: ['maxPerDay'],
  });
export type ProLeadPreferencesUpdate = z.infer<typeof proLeadPreferencesUpdateSchema>;
