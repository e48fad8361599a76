/**
 * How much work waits for staff (GET /api/admin/waiting): the admin sidebar's counts beside Claims, Deletion
 * requests, Lead returns and Messages, and beside Companies the reports of reviews (issue 19). Each is the
 * number the section's own queue calls waiting.
 */
import { z } from 'zod';

export const AdminWaitingCountsSchema = z.object({
  /** Claims with evidence still pending a decision. */
  claims: z.number().int(),
  /** Visitors' deletion requests still open. */
  deletionRequests: z.number().int(),
  /** Movers' returns of leads still requested. */
  leadReturns: z.number().int(),
  /** Contact messages nobody has opened (the inbox's "new"). */
  messages: z.number().int(),
  /** Reports of reviews by visitors and companies still open (the Reviews screen's Reports tab). */
  reviewReports: z.number().int(),
});
export type AdminWaitingCounts = z.infer<typeof AdminWaitingCountsSchema>;
