/**
 * Reviews for movers (/pro, issue 17): a company reads its published reviews and answers each one publicly,
 * once. A reply waits for staff (pending), then shows under its review on the public profile (published), or
 * comes back with the reason it was turned down (rejected), and then a new one may be sent. The /pro screen,
 * the admin's moderation and the server validate with these schemas.
 */
import { z } from 'zod';
import { intParam } from './query-params';
import type { ProReviewReport } from './review-reports';
import { isMultilineText, unshowableText } from './text';

export const REVIEW_REPLY_STATUSES = ['pending', 'published', 'rejected'] as const;
export type ReviewReplyStatus = (typeof REVIEW_REPLY_STATUSES)[number];

export const REVIEW_REPLY_MIN_LENGTH = 10;
export const REVIEW_REPLY_MAX_LENGTH = 2000;
export const REVIEW_REPLY_REASON_MAX_LENGTH = 500;

/** A reply's text: plain text (shown as typed, never as HTML), 10 to 2,000 characters after trimming. */
export const reviewReplyBodySchema = z
  .string({ message: 'Write your reply' })
  .trim()
  .min(REVIEW_REPLY_MIN_LENGTH, `Your reply must be at least ${REVIEW_REPLY_MIN_LENGTH} characters`)
  .max(
    REVIEW_REPLY_MAX_LENGTH,
    `Your reply can be at most ${REVIEW_REPLY_MAX_LENGTH.toLocaleString('en-US')} characters`,
  )
  .refine(isMultilineText, unshowableText('Your reply'));

/** POST /api/pro/companies/:companyId/reviews/:reviewId/reply */
export const ReviewReplyRequestSchema = z.strictObject({ body: reviewReplyBodySchema });
export type ReviewReplyRequest = z.input<typeof ReviewReplyRequestSchema>;

export const PRO_REVIEW_SORTS = ['newest', 'oldest', 'lowest'] as const;
export type ProReviewSort = (typeof PRO_REVIEW_SORTS)[number];
export const PRO_REVIEW_SORT_LABELS: Record<ProReviewSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  lowest: 'Lowest rating first',
};

export const PRO_REVIEWS_PER_PAGE = 20;

/** GET /api/pro/companies/:companyId/reviews */
export const ProReviewListQuerySchema = z.strictObject({
  rating: intParam('rating', 1, 5, 0).optional(),
  needsReply: z
    .enum(['true', 'false', '1', '0', ''], { message: 'Needs a reply must be true or false' })
    .optional()
    .transform((value) => value === 'true' || value === '1'),
  sort: z
    .enum(PRO_REVIEW_SORTS, { message: 'Sort must be newest, oldest or lowest' })
    .optional()
    .default('newest'),
  page: intParam('page', 1, 100_000, 1),
});
export type ProReviewListQuery = z.output<typeof ProReviewListQuerySchema>;

/** A company's reply to a review, as the company sees it. */
export interface ProReviewReply {
  id: number;
  body: string;
  status: ReviewReplyStatus;
  /** Why staff turned it down (rejected only). */
  rejectReason: string | null;
  createdAt: string;
  /** When staff published or rejected it. */
  moderatedAt: string | null;
}

export interface ProReview {
  id: number;
  rating: number;
  title: string;
  body: string;
  authorFirstName: string;
  /** YYYY-MM-DD */
  date: string;
  reply: ProReviewReply | null;
  /** The company's latest report of the review to our team (issue 19), or null when it never reported it. */
  report?: ProReviewReport | null;
}

export interface ProReviewSummary {
  /** Average of the published reviews, null without any. */
  average: number | null;
  count: number;
  /** 5 to 1 stars. */
  distribution: Array<{ stars: number; count: number }>;
  /** Published reviews without a live reply (none, or a rejected one). */
  needReply: number;
}

export interface ProReviewPage {
  items: ProReview[];
  /** Reviews matching the filters. */
  total: number;
  page: number;
  pageCount: number;
  summary: ProReviewSummary;
}

/** What sending a reply answers: the review with its (pending) reply. */
export interface ProReviewReplyResult {
  review: ProReview;
}

/** The answer to a second reply while the first waits or is published. */
export const REVIEW_ALREADY_ANSWERED =
  'You have already replied to this review. You can send a new reply only if our team turns the first one down.';

// ---------------------------------------------------------------------------------------------------------
// Staff moderation of replies (/admin/companies/reviews, Replies)

export const REVIEW_REPLY_STATUS_LABELS: Record<ReviewReplyStatus, string> = {
  pending: 'Waiting for review',
  published: 'Published',
  rejected: 'Rejected',
};

export const AdminReviewReplyListQuerySchema = z.strictObject({
  status: z
    .enum(REVIEW_REPLY_STATUSES, { message: 'Status must be pending, published or rejected' })
    .optional(),
  page: intParam('page', 1, 100_000, 1),
  limit: intParam('limit', 1, 100, 20),
});
export type AdminReviewReplyListQuery = z.output<typeof AdminReviewReplyListQuerySchema>;

export interface AdminReviewReply {
  id: number;
  status: ReviewReplyStatus;
  body: string;
  rejectReason: string | null;
  createdAt: string;
  moderatedBy: string | null;
  moderatedAt: string | null;
  /** Who wrote it (null when their account was removed). */
  author: { id: number; name: string; email: string } | null;
  company: { id: number; name: string; slug: string };
  review: {
    id: number;
    rating: number;
    title: string;
    body: string;
    authorFirstName: string;
    date: string;
  };
}

export interface AdminReviewReplyPage {
  items: AdminReviewReply[];
  total: number;
  page: number;
  limit: number;
}

/** PATCH /api/admin/review-replies/:id: publish it, or reject it with a reason the company reads. */
export const ReviewReplyModerationSchema = z.discriminatedUnion(
  'status',
  [
    z.strictObject({ status: z.literal('published') }),
    z.strictObject({
      status: z.literal('rejected'),
      reason: z
        .string({ message: 'Say why the reply is rejected' })
        .trim()
        .min(3, 'Say why the reply is rejected')
        .max(
          REVIEW_REPLY_REASON_MAX_LENGTH,
          `The reason can be at most ${REVIEW_REPLY_REASON_MAX_LENGTH} characters`,
        )
        .refine(isMultilineText, unshowableText('The reason')),
    }),
  ],
  { message: 'Status must be published or rejected' },
);
export type ReviewReplyModeration = z.input<typeof ReviewReplyModerationSchema>;
