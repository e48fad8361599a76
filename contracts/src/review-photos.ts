/**
 * Photos on a review (issue 19): up to MAX_REVIEW_PHOTOS, optional, uploaded from the review form before the
 * review is sent — authorised by the link's secret in a header, never in a URL — and put through the movers'
 * image pipeline (checked by content, resized, re-encoded as WebP, metadata such as EXIF GPS dropped). Sent
 * with the review, they share its fate: the public sees a published review's photos, staff every review's.
 * Free of zod, so the review page loads none (./review-photo-schemas holds the wire schemas).
 */
import { isPlainText } from './text';

/** POST: one photo as the request body (the secret in REVIEW_TOKEN_HEADER); DELETE …/:id takes one back. */
export const REVIEW_PHOTO_API = '/api/reviews/photos';
/** The header that carries a review link's secret with an upload: a header, so no log holds it. */
export const REVIEW_TOKEN_HEADER = 'X-Review-Token';

/** Photos one review may have. */
export const MAX_REVIEW_PHOTOS = 4;
/** A photo's caption, which is also its alt text. */
export const REVIEW_PHOTO_CAPTION_MAX = 150;

export const REVIEW_PHOTO_MESSAGES = {
  tooMany: `A review can have at most ${MAX_REVIEW_PHOTOS} photos: remove one to add another`,
  captionLong: `A photo's caption can be at most ${REVIEW_PHOTO_CAPTION_MAX} characters`,
  captionUnshowable: "A photo's caption contains characters that cannot be shown",
  twice: 'Each photo can be sent once',
  gone: 'One of your photos is no longer with this review: remove it and add it again',
  unknown: 'That photo is not one of this review’s: reload the page to see your photos',
} as const;

/** Where the public reads a published review's photo (`photo`, 1600 px wide at most) or thumbnail (480 px). */
export const reviewPhotoPath = (photoId: number, variant: 'photo' | 'thumb') =>
  `/media/reviews/${photoId}-${variant}.webp`;

/** Where staff read any review's photo, whatever the review's status (behind the admin sign-in). */
export const adminReviewPhotoPath = (photoId: number, variant: 'photo' | 'thumb') =>
  `/api/admin/review-photos/${photoId}/${variant}`;

/** What a caption may be: plain text of at most REVIEW_PHOTO_CAPTION_MAX characters; undefined when good. */
export function reviewPhotoCaptionProblem(caption: string): string | undefined {
  const trimmed = caption.trim();
  if (trimmed.length > REVIEW_PHOTO_CAPTION_MAX) return REVIEW_PHOTO_MESSAGES.captionLong;
  if (trimmed !== '' && !isPlainText(trimmed)) return REVIEW_PHOTO_MESSAGES.captionUnshowable;
  return undefined;
}

/**
 * A review photo's alt text: its caption when the writer gave one, else "Photo 1 of 3 from Ada's review".
 * `position` counts from 1.
 */
export function reviewPhotoAlt(
  caption: string | null | undefined,
  position: number,
  count: number,
  reviewer: string,
): string {
  const given = caption?.trim();
  return given ? given : `Photo ${position} of ${count} from ${reviewer}’s review`;
}
