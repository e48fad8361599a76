/**
 * Which e-mails a company gets at /pro and who receives them (issue 17): for each kind of message, some of
 * the team's people and up to three other addresses. Until an owner changes a kind, its owners get it.
 */
import { z } from 'zod';

export const NOTIFICATION_KINDS = [
  'new-lead',
  'new-review',
  'review-reply-moderated',
  'weekly-summary',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_LABELS: Record<
  NotificationKind,
  { label: string; description: string }
> = {
  'new-lead': {
    label: 'New leads',
    description: 'A customer asked for a quote from your company.',
  },
  'new-review': {
    label: 'New reviews',
    description: 'A customer reviewed your company.',
  },
  'review-reply-moderated': {
    label: 'Review replies checked',
    description: 'Our staff published or declined a reply you wrote to a review.',
  },
  'weekly-summary': {
    label: 'Weekly summary',
    description: 'Every Monday: your leads, profile views and reviews of the past week.',
  },
};

/** Addresses beyond the team's people, per kind of message. */
export const MAX_EXTRA_RECIPIENTS = 3;

export const notificationSettingSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  /** Account ids of team members who get it. */
  memberIds: z.array(z.number().int()),
  extraEmails: z.array(z.string()),
  /** Not changed yet: the owners get it. */
  isDefault: z.boolean(),
});
export type NotificationSetting = z.infer<typeof notificationSettingSchema>;

export const proNotificationSettingsSchema = z.object({
  settings: z.array(notificationSettingSchema),
  /** The team's people to choose from. */
  members: z.array(
    z.object({
      userId: z.number().int(),
      name: z.string(),
      email: z.string(),
      role: z.enum(['owner', 'staff']),
    }),
  ),
});
export type ProNotificationSettings = z.infer<typeof proNotificationSettingsSchema>;

const extraEmailSchema = z
  .string()
  .trim()
  .min(1, 'Enter the other e-mail address or remove it')
  .max(254, 'That e-mail address is too long')
  .email('Enter a valid e-mail address, like name@example.com')
  .transform((email) => email.toLowerCase());

export const notificationSettingInputSchema = z.strictObject({
  kind: z.enum(NOTIFICATION_KINDS, { error: 'That kind of e-mail does not exist' }),
  memberIds: z
    .array(z.number({ error: 'Choose people from the team' }).int().positive(), {
      error: 'Choose people from the team',
    })
    .max(200, 'Too many people chosen'),
  extraEmails: z
    .array(extraEmailSchema, { error: 'Give the other addresses as a list' })
    .max(MAX_EXTRA_RECIPIENTS, `Add at most ${MAX_EXTRA_RECIPIENTS} other addresses`),
});

export const proNotificationSettingsUpdateSchema = z.strictObject({
  settings: z
    .array(notificationSettingInputSchema, { error: 'Send the settings as a list' })
    .min(1, 'Send the settings of one kind of e-mail at least')
    .max(NOTIFICATION_KINDS.length, 'Each kind of e-mail can be set once'),
});
export type ProNotificationSettingsUpdate = z.input<typeof proNotificationSettingsUpdateSchema>;
