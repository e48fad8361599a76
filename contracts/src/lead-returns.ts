/**
 * A mover hands back a lead it cannot use (issue 18): why, in its words, and staff's answer. One return per
 * lead and mover; staff accept or refuse it with a reason the mover reads.
 */
import { z } from 'zod';
import { multilineText } from './text';
import { intParam } from './query-params';

export const LEAD_RETURN_REASONS = [
  'wrong-phone',
  'unreachable',
  'did-not-ask',
  'duplicate',
  'outside-area',
  'other',
] as const;
export type LeadReturnReason = (typeof LEAD_RETURN_REASONS)[number];

export const LEAD_RETURN_REASON_LABELS: Record<LeadReturnReason, string> = {
  'wrong-phone': 'The phone number is wrong or not in service',
  unreachable: 'No answer to calls or e-mails for three days',
  'did-not-ask': 'The person says they did not ask for quotes',
  duplicate: 'We already had this request',
  'outside-area': 'The move is outside our service area',
  other: 'Another reason',
};

export const LEAD_RETURN_STATUSES = ['requested', 'accepted', 'refused'] as const;
export type LeadReturnStatus = (typeof LEAD_RETURN_STATUSES)[number];

export const LEAD_RETURN_STATUS_LABELS: Record<LeadReturnStatus, string> = {
  requested: 'Waiting for our staff',
  accepted: 'Return accepted',
  refused: 'Return refused',
};

/** The same states as staff read them in the admin. */
export const STAFF_LEAD_RETURN_STATUS_LABELS: Record<LeadReturnStatus, string> = {
  requested: 'Waiting for a decision',
  accepted: 'Accepted',
  refused: 'Refused',
};

export const LEAD_RETURN_NOTE_MAX = 1000;

/** POST /api/pro/companies/:companyId/leads/:leadId/return */
export const LeadReturnRequestSchema = z
  .strictObject({
    reason: z.enum(LEAD_RETURN_REASONS, { message: 'Choose why you are returning this lead' }),
    note: multilineText(
      z
        .string()
        .max(LEAD_RETURN_NOTE_MAX, `Details must be at most ${LEAD_RETURN_NOTE_MAX} characters`),
      'Details',
    ).default(''),
  })
  .refine((r) => r.reason !== 'other' || r.note.trim() !== '', {
    message: 'Tell us the reason in a few words',
    path: ['note'],
  });
export type LeadReturnRequest = z.infer<typeof LeadReturnRequestSchema>;

/** A return as the mover's lead page and staff's queue show it. */
export const LeadReturnSchema = z.object({
  id: z.number().int(),
  status: z.enum(LEAD_RETURN_STATUSES),
  reason: z.enum(LEAD_RETURN_REASONS),
  note: z.string().nullable(),
  requestedBy: z.string().nullable(),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
  /** Staff's reason, which the mover reads. */
  decisionNote: z.string().nullable(),
});
export type LeadReturn = z.infer<typeof LeadReturnSchema>;

/** POST /api/admin/lead-returns/:id/decision */
export const LeadReturnDecisionSchema = z.strictObject({
  decision: z.enum(['accept', 'refuse'], { message: 'Choose accept or refuse' }),
  note: multilineText(
    z
      .string({ message: 'Write the reason the mover will read' })
      .max(LEAD_RETURN_NOTE_MAX, `The reason must be at most ${LEAD_RETURN_NOTE_MAX} characters`),
    'Reason',
  ).refine((v) => v.trim() !== '', 'Write the reason the mover will read'),
});
export type LeadReturnDecision = z.infer<typeof LeadReturnDecisionSchema>;

/** One return in staff's queue: the return, the lead and the mover. */
export const AdminLeadReturnSchema = LeadReturnSchema.extend({
  decidedBy: z.string().nullable(),
  lead: z.object({
    id: z.number().int(),
    publicId: z.string(),
    name: z.string(),
    receivedAt: z.string(),
    qualityFlags: z.array(z.string()),
  }),
  company: z.object({ id: z.number().int(), name: z.string() }),
});
export type AdminLeadReturn = z.infer<typeof AdminLeadReturnSchema>;

export const ADMIN_LEAD_RETURN_FILTERS = ['requested', 'decided', 'all'] as const;

export const AdminLeadReturnListSchema = z.object({
  returns: z.array(AdminLeadReturnSchema),
  total: z.number().int(),
  waiting: z.number().int(),
});
export type AdminLeadReturnList = z.infer<typeof AdminLeadReturnListSchema>;

/** GET /api/admin/lead-returns?status=&page= */
export const AdminLeadReturnListQuerySchema = z.strictObject({
  status: z
    .enum(ADMIN_LEAD_RETURN_FILTERS, {
      message: 'Status must be one of: requested, decided, all',
    })
    .optional()
    .default('requested'),
  page: intParam('page', 1, 99_999, 1),
});
export const ADMIN_LEAD_RETURNS_API = '/api/admin/lead-returns';
export const adminLeadReturnDecisionPath = (id: number) =>
  `${ADMIN_LEAD_RETURNS_API}/${id}/decision`;
export const proLeadReturnPath = (companyId: number, leadId: number) =>
  `/api/pro/companies/${companyId}/leads/${leadId}/return`;
