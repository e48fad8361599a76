/**
 * The admin Mail screen (/admin/mail, /api/admin/mail): every message the server sent or kept, newest first,
 * and one message with its text and a preview of its HTML. Without SMTP_URL nothing leaves the server: each
 * message is kept here, and staff read it as in a development mailbox (docs/decisions/030).
 */
import { z } from 'zod';
import { idParam } from './query-params';
import { adminEnumParam, adminIntParam, adminTextParam } from './admin-leads';

/**
 * queued: waiting for its first attempt; retrying: an attempt failed, another follows; sent: the SMTP server
 * accepted it; kept: no SMTP server is configured, so it stays here to be read; failed: it gave up (its job
 * is a dead letter on the Jobs screen, where it can be retried).
 */
export const MAIL_STATUSES = ['queued', 'retrying', 'sent', 'kept', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];
export const MailStatusSchema = z.enum(MAIL_STATUSES);

export const MAIL_PAGE_SIZE = 25;

export const AdminMailListQuerySchema = z.strictObject({
  /** Part of the recipient's address. */
  q: adminTextParam('q', 254),
  status: adminEnumParam('status', MAIL_STATUSES),
  page: adminIntParam('page', 1, 100_000, 1),
});
export type AdminMailListQuery = z.infer<typeof AdminMailListQuerySchema>;

export const AdminMailIdSchema = idParam('message');

export const AdminMailSummarySchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  /** Which message it is (admin-alert, …): the template it was made from. */
  template: z.string(),
  status: MailStatusSchema,
  attempts: z.number().int(),
  /** UTC, ISO 8601. */
  createdAt: z.string(),
  /** When the SMTP server accepted it; null while not sent (and always for kept messages). */
  sentAt: z.string().nullable(),
});
export type AdminMailSummary = z.infer<typeof AdminMailSummarySchema>;

export const AdminMailListSchema = z.object({
  messages: z.array(AdminMailSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Whether messages go out (SMTP_URL is set) or are only kept here. */
  delivery: z.enum(['smtp', 'kept']),
});
export type AdminMailList = z.infer<typeof AdminMailListSchema>;

export const AdminMailDetailSchema = AdminMailSummarySchema.extend({
  from: z.string(),
  text: z.string(),
  /** The HTML body is shown from its own address (/api/admin/mail/:id/html) in a sandboxed frame. */
  hasHtml: z.boolean(),
  /** Why the last attempt failed, in plain words; null when none failed. */
  lastError: z.string().nullable(),
  /** What the SMTP server called it when it accepted it (its queue id), when it said. */
  providerMessageId: z.string().nullable(),
  /** The job that sends it (retries and dead letters are on its Jobs page). */
  jobId: z.number().int().nullable(),
  updatedAt: z.string(),
});
export type AdminMailDetail = z.infer<typeof AdminMailDetailSchema>;

/** The HTML preview of one message: a page of its own, shown in a sandboxed frame with no scripts. */
export const adminMailHtmlPath = (id: number) => `/api/admin/mail/${id}/html`;
