/**
 * "Report this review" (issue 19): the reasons a visitor or a company may give, the limits and the words the
 * profile, the dashboards and the server share. Free of zod, so the profile's first download can name the
 * reasons without the schemas (./review-reports holds them, built from these; the report dialog loads them
 * with itself, on first use).
 */
/** POST { reason, details?, email? }: a visitor's report of a published review. */
export const reviewReportPath = (reviewId: number) => `/api/reviews/${reviewId}/report`;

export const REVIEW_REPORT_REASONS = [
  'fake',
  'offensive',
  'personal-information',
  'wrong-company',
  'spam',
  'other',
] as const;
export type ReviewReportReason = (typeof REVIEW_REPORT_REASONS)[number];

export const REVIEW_REPORT_REASON_LABELS: Record<ReviewReportReason, string> = {
  fake: 'Fake, or not written by a real customer',
  offensive: 'Offensive or hateful',
  'personal-information': 'Shares personal information',
  'wrong-company': 'About a different company',
  spam: 'Spam or advertising',
  other: 'Something else',
};

export const isReviewReportReason = (value: unknown): value is ReviewReportReason =>
  typeof value === 'string' && (REVIEW_REPORT_REASONS as readonly string[]).includes(value);

/** Who reported: a visitor of the profile (no account) or the reviewed company from its dashboard. */
export const REVIEW_REPORT_SOURCES = ['visitor', 'company'] as const;
export type ReviewReportSource = (typeof REVIEW_REPORT_SOURCES)[number];

/** Open until staff decide: dismissed keeps the review, upheld hides it. */
export const REVIEW_REPORT_STATUSES = ['open', 'dismissed', 'upheld'] as const;
export type ReviewReportStatus = (typeof REVIEW_REPORT_STATUSES)[number];

export const REVIEW_REPORT_STATUS_LABELS: Record<ReviewReportStatus, string> = {
  open: 'Waiting for our team',
  dismissed: 'Dismissed: the review stays',
  upheld: 'Upheld: the review is hidden',
};

export const REVIEW_REPORT_DETAILS_MAX = 1000;
/** "Something else" needs a few words saying what. */
export const REVIEW_REPORT_OTHER_MIN = 10;
export const REVIEW_REPORT_EMAIL_MAX = 254;
export const REVIEW_REPORT_DECISION_REASON_MAX = 500;

export const REVIEW_REPORT_MESSAGES = {
  reason: 'Choose why you are reporting this review',
  detailsLong: `The details can be at most ${REVIEW_REPORT_DETAILS_MAX.toLocaleString('en-US')} characters`,
  detailsOther: `Tell us what is wrong with the review in at least ${REVIEW_REPORT_OTHER_MIN} characters`,
  detailsUnshowable: 'The details contain characters that cannot be shown',
  email: 'Enter an e-mail address such as name@example.com, or leave it empty',
} as const;

/** What the visitor reads once the report is in (also after a repeat, which is not stored twice). */
export const REVIEW_REPORT_THANKS =
  'Thank you. Our team will read the review again and remove it if it breaks our rules.';

/** The answer to a company reporting a review it has an open report on already. */
export const REVIEW_ALREADY_REPORTED =
  'You have already reported this review. Our team will look at it and you will see the outcome here.';
