/** The wire formats of review photos (issue 19); the limits and words are ./review-photos'. */
import { z } from 'zod';
import {
  MAX_REVIEW_PHOTOS,
  REVIEW_PHOTO_CAPTION_MAX,
  REVIEW_PHOTO_MESSAGES,
} from './review-photos';
import { isMultilineText, isPlainText } from './text';

/** A review's photo as a page shows it: the public's /media addresses, or staff's under /api/admin. */
export const ReviewPhotoSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** What the public reads (contact details masked); null without one. */
  caption: z.string().nullable(),
});
export type ReviewPhoto = z.infer<typeof ReviewPhotoSchema>;

/** Staff's view of a photo: the caption as typed, beside what the public reads. */
export const AdminReviewPhotoSchema = ReviewPhotoSchema.extend({
  typedCaption: z.string().nullable(),
});
export type AdminReviewPhoto = z.infer<typeof AdminReviewPhotoSchema>;

/**
 * A photo uploaded from a review's link and not yet sent with the review (POST /api/reviews/photos answers
 * one; the link's view lists them): `preview` is its thumbnail as a data: address, as the page may show no
 * address of ours that the secret does not open.
 */
export const ReviewPhotoDraftSchema = z.object({
  id: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  preview: z.string(),
});
export type ReviewPhotoDraft = z.infer<typeof ReviewPhotoDraftSchema>;

/** The photos sent with a review, in the order they are shown: uploaded ones, each once, with a caption. */
export const reviewSubmitPhotosSchema = z
  .array(
    z.strictObject({
      id: z.number({ message: REVIEW_PHOTO_MESSAGES.unknown }).int().positive(),
      caption: z
        .string({ message: REVIEW_PHOTO_MESSAGES.captionUnshowable })
        .trim()
        .max(REVIEW_PHOTO_CAPTION_MAX, REVIEW_PHOTO_MESSAGES.captionLong)
        .refine(isPlainText, REVIEW_PHOTO_MESSAGES.captionUnshowable)
        .optional(),
    }),
    { message: REVIEW_PHOTO_MESSAGES.unknown },
  )
  .max(MAX_REVIEW_PHOTOS, REVIEW_PHOTO_MESSAGES.tooMany)
  .refine((photos) => new Set(photos.map((p) => p.id)).size === photos.length, {
    message: REVIEW_PHOTO_MESSAGES.twice,
  });

export const REVIEW_PHOTO_REMOVAL_REASON_MAX = 500;

/** POST /api/admin/review-photos/:id/remove: why staff take one photo off a review (audited). */
export const ReviewPhotoRemovalSchema = z.strictObject({
  reason: z
    .string({ message: 'Say why the photo is removed' })
    .trim()
    .min(3, 'Say why the photo is removed, in a few words')
    .max(
      REVIEW_PHOTO_REMOVAL_REASON_MAX,
      `The reason can be at most ${REVIEW_PHOTO_REMOVAL_REASON_MAX} characters`,
    )
    .refine(isMultilineText, 'The reason contains characters that cannot be shown'),
});
export type ReviewPhotoRemoval = z.infer<typeof ReviewPhotoRemovalSchema>;
