/**
 * A lead delivery's channels and states, and one delivery as a lead's page lists it (issue 18): apart from
 * lead-delivery.ts so the admin's and the mover's lead contracts can use them without an import cycle.
 */
import { z } from 'zod';

/** Every lead reaches the dashboard inbox at once; these channels are delivered by the job queue. */
export const DELIVERY_CHANNELS = ['email', 'webhook'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

/**
 * queued → delivered, or retrying (a failed attempt, another comes) → delivered or failed (attempts spent:
 * the dead letter, which the mover may redeliver). cancelled: the consent no longer allows it (withdrawn, or
 * the lead deleted) — checked at delivery time. skipped: nothing to deliver to (no address, webhook off).
 */
export const DELIVERY_STATUSES = [
  'queued',
  'retrying',
  'delivered',
  'failed',
  'cancelled',
  'skipped',
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  queued: 'Waiting to send',
  retrying: 'Trying again',
  delivered: 'Delivered',
  failed: 'Gave up',
  cancelled: 'Cancelled',
  skipped: 'Not sent',
};

/** One lead's delivery to one company by one channel, as a lead's page lists them (staff's and the mover's). */
export const leadDeliveryEntrySchema = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  channel: z.enum(DELIVERY_CHANNELS),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** Plain words: where it went, or why it did not. */
  detail: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type LeadDeliveryEntry = z.infer<typeof leadDeliveryEntrySchema>;

export const DELIVERY_CHANNEL_LABELS: Record<DeliveryChannel, string> = {
  email: 'E-mail',
  webhook: 'Webhook',
};
