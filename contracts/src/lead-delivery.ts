/**
 * Delivering a lead to the movers the visitor chose (issue 18): the channels, a delivery's states, the signed
 * webhook's wire format (what a mover's system receives and how it checks the signature), and the /pro
 * "Lead delivery" screen's API — the webhook setting, its secret, the test event, the delivery log and
 * redelivery. docs/webhooks.md is the receiver's guide; its verification snippet is run by the tests.
 */
import { z } from 'zod';
import { adminEnumParam, adminIntParam } from './admin-leads';
import { proCompanyPath } from './pro-api-paths';
import { DELIVERY_CHANNELS, DELIVERY_STATUSES } from './lead-delivery-states';

export * from './lead-delivery-states';

// ── The webhook's wire format ───────────────────────────────────────────────────────────────────────────

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` (a second v1 while an old secret still signs). */
export const WEBHOOK_SIGNATURE_HEADER = 'MoverAtlas-Signature';
/** The same for every attempt of one lead to one company: `<lead id>-<company id>`. */
export const WEBHOOK_IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const WEBHOOK_EVENT_HEADER = 'MoverAtlas-Event';
/** Reject a signature older than this (replays); the sender signs each attempt afresh. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/** An attempt that has not answered in this time has failed (and is tried again later). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/**
 * The waits after each failed attempt: ten attempts over about 24 hours, then the dead letter. The minutes
 * follow the usual pattern of webhook senders: quick retries for a blip, hours apart for an outage.
 */
export const WEBHOOK_RETRY_MINUTES = [1, 5, 15, 30, 60, 120, 240, 480, 480] as const;

export const WEBHOOK_EVENT_TYPES = ['lead.created', 'test'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

const placeSchema = z.object({
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  /** As the visitor entered it, e.g. "Austin, TX 78701". */
  label: z.string(),
});

export const webhookLeadSchema = z.object({
  /** The id the visitor was given, to quote on the phone. */
  id: z.string(),
  /** ISO 8601, UTC. */
  receivedAt: z.string(),
  contact: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
  }),
  move: z.object({
    from: placeSchema,
    to: placeSchema,
    /** YYYY-MM-DD; null when the visitor's date could not be read. */
    date: z.string().nullable(),
    size: z.string().nullable(),
    rooms: z.number().int().nullable(),
    /** Year, make, model and condition when the visitor also ships a vehicle. */
    vehicle: z
      .object({ year: z.string(), make: z.string(), model: z.string(), condition: z.string() })
      .nullable(),
  }),
  /** The consent the visitor gave, naming your company: keep it with the lead. */
  consent: z.object({ version: z.string(), text: z.string(), consentedAt: z.string() }),
});
export type WebhookLead = z.infer<typeof webhookLeadSchema>;

export const webhookEventSchema = z.object({
  /** Unique per event; equal to the idempotency key for a lead, so retries carry the same id. */
  id: z.string(),
  type: z.enum(WEBHOOK_EVENT_TYPES),
  /** Unix seconds when the event was made (not when this attempt was sent). */
  created: z.number().int(),
  idempotencyKey: z.string(),
  /** True for the "Send a test event" button's event: not a real customer. */
  test: z.boolean(),
  company: z.object({ id: z.number().int(), name: z.string() }),
  lead: webhookLeadSchema,
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

// ── The /pro "Lead delivery" screen ─────────────────────────────────────────────────────────────────────

export const proWebhookPath = (companyId: number) => proCompanyPath(companyId, 'webhook');
export const proWebhookSecretPath = (companyId: number) =>
  proCompanyPath(companyId, 'webhook/secret');
export const proWebhookTestPath = (companyId: number) => proCompanyPath(companyId, 'webhook/test');
export const proDeliveriesPath = (companyId: number) => proCompanyPath(companyId, 'deliveries');
export const proRedeliverPath = (companyId: number, deliveryId: number) =>
  proCompanyPath(companyId, `deliveries/${deliveryId}/redeliver`);

/** How an attempt to call a webhook ended; never the receiver's own words or body. */
export const WEBHOOK_OUTCOMES = [
  'delivered',
  'rejected',
  'timeout',
  'unreachable',
  'refused',
] as const;
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];

export const webhookAttemptSchema = z.object({
  id: z.number().int(),
  /** null for a test event. */
  deliveryId: z.number().int().nullable(),
  eventType: z.enum(WEBHOOK_EVENT_TYPES),
  attempt: z.number().int(),
  /** ISO 8601. */
  at: z.string(),
  durationMs: z.number().int(),
  /** The HTTP status the receiver answered; null when it never answered. */
  statusCode: z.number().int().nullable(),
  outcome: z.enum(WEBHOOK_OUTCOMES),
  /** Plain words for a failure (ours, never the receiver's). */
  error: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const proWebhookSchema = z.object({
  /** null: no webhook set up. */
  url: z.string().nullable(),
  enabled: z.boolean(),
  /** The signing secret, shown to the team's owners only (staff see null). */
  secret: z.string().nullable(),
  /** While an old secret still signs too (after a rotation), until when: ISO 8601. */
  previousSecretUntil: z.string().nullable(),
  /** The latest attempts, test events included, newest first. */
  attempts: z.array(webhookAttemptSchema),
});
export type ProWebhook = z.infer<typeof proWebhookSchema>;

export const MAX_WEBHOOK_URL_LENGTH = 2000;

/** PUT …/webhook */
export const proWebhookUpdateSchema = z.strictObject({
  url: z
    .string({ message: 'Enter the address of your webhook' })
    .trim()
    .min(1, 'Enter the address of your webhook')
    .max(MAX_WEBHOOK_URL_LENGTH, `The address can be at most ${MAX_WEBHOOK_URL_LENGTH} characters`),
  enabled: z.boolean({ message: 'Say whether the webhook is on' }),
});
export type ProWebhookUpdate = z.infer<typeof proWebhookUpdateSchema>;

/** POST …/webhook/secret: a new secret; the old one keeps signing too for this long. */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;

export const proWebhookTestResultSchema = z.object({ attempt: webhookAttemptSchema });
export type ProWebhookTestResult = z.infer<typeof proWebhookTestResultSchema>;

export const proDeliverySchema = z.object({
  id: z.number().int(),
  /** The lead's row id (links to the inbox) and the id the visitor was given. */
  leadId: z.number().int(),
  leadPublicId: z.string(),
  customerName: z.string(),
  channel: z.enum(DELIVERY_CHANNELS),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** Plain words: where it went or why it did not. */
  detail: z.string().nullable(),
  lastStatusCode: z.number().int().nullable(),
  idempotencyKey: z.string(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type ProDelivery = z.infer<typeof proDeliverySchema>;

export const PRO_DELIVERY_PAGE_SIZE = 25;

export const proDeliveryListSchema = z.object({
  deliveries: z.array(proDeliverySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ProDeliveryList = z.infer<typeof proDeliveryListSchema>;

/** GET …/deliveries */
export const proDeliveryListQuerySchema = z.strictObject({
  channel: adminEnumParam('channel', DELIVERY_CHANNELS),
  status: adminEnumParam('status', DELIVERY_STATUSES),
  page: adminIntParam('page', 1, 100_000, 1),
});
export type ProDeliveryListQuery = z.infer<typeof proDeliveryListQuerySchema>;
