/**
 * Reviews from real requests (issue 19), on the wire: the link's view, the review a visitor sends from it and
 * the answer, and the site setting of when the e-mail asking for it goes out. The rules and words are
 * ./review-form's, so the page (which loads no zod) and the server say the same thing.
 */
import { z } from 'zod';
import {
  HIRED_ANSWERS,
  REVIEW_FORM_MESSAGES,
  REVIEW_LINK_INCOMPLETE,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
  REVIEW_TITLE_MAX,
  REVIEW_TITLE_MIN,
  REVIEW_TOKEN_PATTERN,
} from './review-form';
import { ReviewPhotoDraftSchema, reviewSubmitPhotosSchema } from './review-photo-schemas';
import { isMultilineText, isPlainText } from './text';

export * from './review-form';
export * from './review-checks';

const tokenSchema = z
  .string({ message: REVIEW_LINK_INCOMPLETE })
  .regex(REVIEW_TOKEN_PATTERN, REVIEW_LINK_INCOMPLETE);

/** POST /api/reviews/invitation */
export const reviewInvitationReadSchema = z.strictObject({ token: tokenSchema });

/** What the page shows above the form: who the review is about, and whose request it comes from. */
export const reviewInvitationSchema = z.object({
  companyName: z.string(),
  /** The mover's page in the directory. */
  profilePath: z.string(),
  /** The visitor's first name: the review is shown with it. */
  firstName: z.string(),
  /** YYYY-MM-DD: the day the request was sent (the review's "verified request on"). */
  requestDate: z.string(),
  /** The site's name, for "Verified request through {site} on {date}". */
  siteName: z.string(),
  /** ISO 8601: until when the link takes a review. */
  expiresAt: z.string(),
  /** Photos uploaded from this link and not yet sent (a reloaded page keeps them). */
  photos: z.array(ReviewPhotoDraftSchema).optional(),
});
export type ReviewInvitation = z.infer<typeof reviewInvitationSchema>;

/** POST /api/reviews */
export const reviewSubmitSchema = z.strictObject({
  token: tokenSchema,
  rating: z
    .number({ message: REVIEW_FORM_MESSAGES.rating })
    .int(REVIEW_FORM_MESSAGES.rating)
    .min(1, REVIEW_FORM_MESSAGES.rating)
    .max(5, REVIEW_FORM_MESSAGES.rating),
  title: z
    .string({ message: REVIEW_FORM_MESSAGES.titleShort })
    .trim()
    .min(REVIEW_TITLE_MIN, REVIEW_FORM_MESSAGES.titleShort)
    .max(REVIEW_TITLE_MAX, REVIEW_FORM_MESSAGES.titleLong)
    .refine(isPlainText, REVIEW_FORM_MESSAGES.titleUnshowable),
  text: z
    .string({ message: REVIEW_FORM_MESSAGES.textShort })
    .trim()
    .min(REVIEW_TEXT_MIN, REVIEW_FORM_MESSAGES.textShort)
    .max(REVIEW_TEXT_MAX, REVIEW_FORM_MESSAGES.textLong)
    .refine(isMultilineText, REVIEW_FORM_MESSAGES.textUnshowable),
  hired: z.enum(HIRED_ANSWERS, { message: REVIEW_FORM_MESSAGES.hired }),
  /** Optional photos uploaded from the link (POST /api/reviews/photos), in their order. */
  photos: reviewSubmitPhotosSchema.optional(),
});
export type ReviewSubmit = z.input<typeof reviewSubmitSchema>;
export type ReviewSubmitInput = z.output<typeof reviewSubmitSchema>;

/** The answer to a review: shown at once, or held for our staff to read first. */
export const reviewSubmitResultSchema = z.object({
  status: z.enum(['published', 'pending']),
  companyName: z.string(),
  profilePath: z.string(),
  /** What the page says, in words. */
  message: z.string(),
});
export type ReviewSubmitResult = z.infer<typeof reviewSubmitResultSchema>;

// ── The site setting: when the e-mail asking how the move went is sent ────────────────────────────────────

export const ADMIN_REVIEW_REQUEST_SETTINGS_PATH = '/api/admin/settings/review-requests';

/** Days after the moving day before the e-mail goes out: the default, and the bounds staff may choose. */
export const REVIEW_REQUEST_DELAY_DEFAULT_DAYS = 2;
export const REVIEW_REQUEST_DELAY_MAX_DAYS = 30;

export const reviewRequestSettingsSchema = z.object({
  delayDays: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type ReviewRequestSettings = z.infer<typeof reviewRequestSettingsSchema>;

/** PUT /api/admin/settings/review-requests */
export const reviewRequestSettingsUpdateSchema = z.strictObject({
  delayDays: z
    .number({ message: 'Days after the move must be a whole number' })
    .int('Days after the move must be a whole number')
    .min(0, 'Days after the move must be 0 or more')
    .max(
      REVIEW_REQUEST_DELAY_MAX_DAYS,
      `Days after the move can be at most ${REVIEW_REQUEST_DELAY_MAX_DAYS}`,
    ),
});
export type ReviewRequestSettingsUpdate = z.infer<typeof reviewRequestSettingsUpdateSchema>;
