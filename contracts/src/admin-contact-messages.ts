/**
 * The staff inbox of /contact messages (/admin/messages, /api/admin/contact-messages): the list with its
 * filters and pages, one message with who changed what and when, and the three changes staff make — read it,
 * set its status, assign it to an admin. Replies are written in the staff member's own mail program for now
 * (a mailto: link); e-mail from the server comes later (docs/decisions/026).
 */
import { z } from 'zod';
import { idParam } from './query-params';
import { adminEnumParam, adminIntParam, adminTextParam } from './admin-leads';
import { CONTACT_TOPICS, type ContactTopic } from './contact-options';

/**
 * new: nobody has opened it yet (the inbox's unread); open: someone read it and it needs an answer;
 * replied: answered, waiting on the visitor; closed: nothing more to do.
 */
export const CONTACT_MESSAGE_STATUSES = ['new', 'open', 'replied', 'closed'] as const;
export type ContactMessageStatus = (typeof CONTACT_MESSAGE_STATUSES)[number];
export const ContactMessageStatusSchema = z.enum(CONTACT_MESSAGE_STATUSES, {
  message: `Status must be one of: ${CONTACT_MESSAGE_STATUSES.join(', ')}`,
});

const TOPIC_IDS = CONTACT_TOPICS.map((t) => t.id) as [ContactTopic, ...ContactTopic[]];

export const CONTACT_MESSAGE_PAGE_SIZE = 25;

export const AdminContactMessageListQuerySchema = z.strictObject({
  status: adminEnumParam('status', CONTACT_MESSAGE_STATUSES),
  topic: adminEnumParam('topic', TOPIC_IDS),
  /** Words of the sender's name, e-mail address or message. */
  q: adminTextParam('q', 100),
  /** "me": assigned to the signed-in admin; "nobody": not assigned yet. */
  assigned: adminEnumParam('assigned', ['me', 'nobody'] as const),
  page: adminIntParam('page', 1, 100_000, 1),
});
export type AdminContactMessageListQuery = z.infer<typeof AdminContactMessageListQuerySchema>;

const AdminRefSchema = z.object({ id: z.number().int(), username: z.string() });
export type AdminRef = z.infer<typeof AdminRefSchema>;

export const AdminContactMessageSummarySchema = z.object({
  id: z.number().int(),
  /** The reference the visitor's confirmation could quote. */
  publicId: z.string(),
  name: z.string(),
  email: z.string(),
  topic: z.string(),
  /** The message's first characters, for the list. */
  excerpt: z.string(),
  status: ContactMessageStatusSchema,
  assignee: AdminRefSchema.nullable(),
  /** UTC, ISO 8601. */
  receivedAt: z.string(),
});
export type AdminContactMessageSummary = z.infer<typeof AdminContactMessageSummarySchema>;

export const AdminContactMessageListSchema = z.object({
  messages: z.array(AdminContactMessageSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Messages per status under the other filters (topic, search, assignment): the status pills' figures. */
  counts: z.record(ContactMessageStatusSchema, z.number().int()),
});
export type AdminContactMessageList = z.infer<typeof AdminContactMessageListSchema>;

/** What the navigation and the dashboard show: messages nobody has opened yet. */
export const AdminContactMessageSummaryCountsSchema = z.object({ new: z.number().int() });
export type AdminContactMessageSummaryCounts = z.infer<
  typeof AdminContactMessageSummaryCountsSchema
>;

export const CONTACT_MESSAGE_ACTIONS = ['read', 'status', 'assigned'] as const;
export type ContactMessageAction = (typeof CONTACT_MESSAGE_ACTIONS)[number];

/** One change, as the audit trail keeps it: who, what, from what to what, when. */
export const ContactMessageEventSchema = z.object({
  id: z.number().int(),
  /** The admin's username as it was then (kept when the account is removed). */
  actor: z.string(),
  /** read: first opened (new → open); status: a status change; assigned: the assignee changed. */
  action: z.enum(CONTACT_MESSAGE_ACTIONS),
  /** A status, or an admin's username (null: nobody). */
  before: z.string().nullable(),
  after: z.string().nullable(),
  at: z.string(),
});
export type ContactMessageEvent = z.infer<typeof ContactMessageEventSchema>;

export const AdminContactMessageDetailSchema = z.object({
  message: AdminContactMessageSummarySchema.extend({
    message: z.string(),
    ipAddress: z.string(),
    userAgent: z.string(),
  }),
  /** Oldest first. */
  events: z.array(ContactMessageEventSchema),
  /** Who the message can be assigned to: every admin, by username. */
  admins: z.array(AdminRefSchema),
});
export type AdminContactMessageDetail = z.infer<typeof AdminContactMessageDetailSchema>;

/** POST /api/admin/contact-messages/:id/status */
export const AdminContactMessageStatusRequestSchema = z.strictObject({
  status: ContactMessageStatusSchema,
});

/** POST /api/admin/contact-messages/:id/assignee: an admin's id, or null to unassign. */
export const AdminContactMessageAssignRequestSchema = z.strictObject({
  adminId: z
    .number({ message: 'Assignee must be one of the admins, or nobody' })
    .int('Assignee must be one of the admins, or nobody')
    .positive('Assignee must be one of the admins, or nobody')
    .nullable(),
});

export const AdminContactMessageIdSchema = idParam('message');
