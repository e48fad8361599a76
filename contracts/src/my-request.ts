/**
 * The visitor's own request page (issue 18): reached from the confirmation e-mail by a private link, no account.
 * The link carries its secret in the fragment (`/my-request#t=…`), which browsers never send to a server, so it
 * stays out of logs and Referer headers; the page posts it to the API. The page shows each mover the visitor
 * chose and how far the request got, stops one mover ("Stop this mover contacting me"), and asks for the
 * visitor's data to be deleted. A closed request (deletion asked) shows nothing personal.
 */
import { z } from 'zod';

export const MY_REQUEST_PAGE = '/my-request';
export const MY_REQUEST_API = '/api/my-request';
export const MY_REQUEST_WITHDRAW_API = '/api/my-request/withdraw';
export const MY_REQUEST_DELETE_API = '/api/my-request/delete';

/** The link the confirmation e-mail carries. */
export const myRequestLink = (token: string) => `${MY_REQUEST_PAGE}#t=${token}`;

/** The secret in a link as the page reads it from `#t=…`; undefined when there is none. */
export function myRequestTokenFrom(hash: string): string | undefined {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('t');
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : undefined;
}

export const MY_REQUEST_INCOMPLETE =
  'This link is incomplete: open it again from the e-mail we sent you.';

const tokenSchema = z
  .string({ message: MY_REQUEST_INCOMPLETE })
  .regex(/^[A-Za-z0-9_-]{43}$/, MY_REQUEST_INCOMPLETE);

/** POST /api/my-request, POST …/delete */
export const myRequestReadSchema = z.strictObject({ token: tokenSchema });
/** POST …/withdraw */
export const myRequestWithdrawSchema = z.strictObject({
  token: tokenSchema,
  companyId: z.number({ message: 'Choose a mover' }).int().positive(),
});

/**
 * How far the request got with one mover: in its inbox (and being e-mailed), e-mailed or sent to its system,
 * opened by someone at the company, or stopped by the visitor.
 */
export const MOVER_CONTACT_STATES = ['waiting', 'sent', 'opened', 'withdrawn', 'earlier'] as const;
export type MoverContactState = (typeof MOVER_CONTACT_STATES)[number];

export const MOVER_CONTACT_STATE_LABELS: Record<MoverContactState, string> = {
  waiting: 'Being sent to the mover',
  sent: 'Sent to the mover',
  opened: 'Opened by the mover',
  withdrawn: 'You stopped this mover contacting you',
  earlier: 'Already has your earlier request, so not sent again',
};

export const myRequestMoverSchema = z.object({
  companyId: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  usdotNumber: z.string().nullable(),
  mcNumber: z.string().nullable(),
  /** The mover's page in the directory. */
  profilePath: z.string(),
  state: z.enum(MOVER_CONTACT_STATES),
  /** ISO 8601, when the visitor stopped this mover. */
  withdrawnAt: z.string().nullable(),
});
export type MyRequestMover = z.infer<typeof myRequestMoverSchema>;

export const myRequestSchema = z.object({
  /** The visitor asked for their data to be deleted: nothing personal is shown any more. */
  closed: z.boolean(),
  deletionRequestedAt: z.string().nullable(),
  /** The request itself; null once closed. */
  request: z
    .object({
      publicId: z.string(),
      firstName: z.string(),
      receivedAt: z.string(),
      from: z.string(),
      to: z.string(),
      /** YYYY-MM-DD; null when not readable. */
      moveDate: z.string().nullable(),
      size: z.string().nullable(),
    })
    .nullable(),
  movers: z.array(myRequestMoverSchema),
  /** Until when this link works: ISO 8601. */
  expiresAt: z.string(),
});
export type MyRequest = z.infer<typeof myRequestSchema>;

/** How long the link works: until this many days after the move day, and at least this many from today. */
export const MY_REQUEST_LINK_DAYS = 60;

// ── Staff: the visitors' deletion requests (/admin/deletion-requests) ───────────────────────────────────

export const DELETION_REQUEST_STATUSES = ['open', 'done'] as const;
export type DeletionRequestStatus = (typeof DELETION_REQUEST_STATUSES)[number];

export const ADMIN_DELETION_REQUESTS_PATH = '/api/admin/deletion-requests';
export const adminDeletionRequestFulfilPath = (id: number) =>
  `${ADMIN_DELETION_REQUESTS_PATH}/${id}/fulfil`;
export const DELETION_REQUEST_PAGE_SIZE = 25;

export const adminDeletionRequestSchema = z.object({
  id: z.number().int(),
  /** The visitor's address while open; masked once done (the request outlives the data, not the address). */
  email: z.string(),
  status: z.enum(DELETION_REQUEST_STATUSES),
  requestedAt: z.string(),
  /** While open: the request it was asked from (its public id), and how many requests the address has. */
  leadId: z.number().int().nullable(),
  leadPublicId: z.string().nullable(),
  leadsFound: z.number().int(),
  handledAt: z.string().nullable(),
  handledBy: z.string().nullable(),
  leadsDeleted: z.number().int().nullable(),
  mailsDeleted: z.number().int().nullable(),
});
export type AdminDeletionRequest = z.infer<typeof adminDeletionRequestSchema>;

export const adminDeletionRequestListSchema = z.object({
  requests: z.array(adminDeletionRequestSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminDeletionRequestList = z.infer<typeof adminDeletionRequestListSchema>;

/** GET /api/admin/deletion-requests */
export const adminDeletionRequestListQuerySchema = z.strictObject({
  status: z
    .enum(DELETION_REQUEST_STATUSES, { message: 'Status must be one of: open, done' })
    .optional()
    .default('open'),
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, 'Page must be a whole number from 1')
    .transform(Number)
    .optional()
    .default(1),
});
