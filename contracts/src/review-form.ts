/**
 * The review a visitor writes after the move (issue 19), from the private link of the e-mail that asks how the
 * move went: its paths, its limits and its messages. Free of zod, so the public page checks a draft with the
 * same rules and words as the server (./reviews holds the server's schemas, built from these) without
 * loading the schemas.
 */
import { spelledMoveDay } from './move-date';
import { isMultilineText, isPlainText } from './text';

/** The page, reached from the e-mail: the link's secret rides in the fragment (`#t=…`), never sent to a server. */
export const WRITE_REVIEW_PAGE = '/write-review';
/** POST { token }: which mover the link is for, and whether it still takes a review. */
export const REVIEW_INVITATION_API = '/api/reviews/invitation';
/** POST { token, rating, title, text, hired }: the review. */
export const REVIEW_SUBMIT_API = '/api/reviews';

/** The link one e-mail carries per mover. */
export const writeReviewLink = (token: string) => `${WRITE_REVIEW_PAGE}#t=${token}`;

/** A link's secret: 32 random bytes, base64url. */
export const REVIEW_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The secret in a link as the page reads it from `#t=…`; undefined when there is none. */
export function reviewTokenFrom(hash: string): string | undefined {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('t');
  return token && REVIEW_TOKEN_PATTERN.test(token) ? token : undefined;
}

export const REVIEW_LINK_INCOMPLETE =
  'This link is incomplete: open it again from the e-mail we sent you.';

/** How long a link takes a review, from the day the e-mail asking for it was sent. */
export const REVIEW_LINK_DAYS = 60;

export const REVIEW_TITLE_MIN = 3;
export const REVIEW_TITLE_MAX = 120;
export const REVIEW_TEXT_MIN = 20;
export const REVIEW_TEXT_MAX = 5000;

/** "Did you hire this mover?" */
export const HIRED_ANSWERS = ['yes', 'no', 'quote'] as const;
export type HiredAnswer = (typeof HIRED_ANSWERS)[number];
export const HIRED_ANSWER_LABELS: Record<HiredAnswer, string> = {
  yes: 'Yes, they did my move',
  no: 'No',
  quote: 'I only got a quote',
};

/** Every message the form can show beside a field: the page's and the server's. */
export const REVIEW_FORM_MESSAGES = {
  rating: 'Choose from 1 to 5 stars',
  titleShort: `Give your review a title of at least ${REVIEW_TITLE_MIN} characters`,
  titleLong: `The title can be at most ${REVIEW_TITLE_MAX} characters`,
  titleUnshowable: 'The title contains characters that cannot be shown',
  textShort: `Tell us a little more: at least ${REVIEW_TEXT_MIN} characters`,
  textLong: `Your review can be at most ${REVIEW_TEXT_MAX.toLocaleString('en-US')} characters`,
  textUnshowable: 'Your review contains characters that cannot be shown',
  hired: 'Say whether you hired this mover',
} as const;

export type ReviewFormField = 'rating' | 'title' | 'text' | 'hired';

export interface ReviewDraft {
  rating: number | null;
  title: string;
  text: string;
  hired: string | null;
}

/** What is wrong with a draft, field by field, in the words shown beside each; empty when it can be sent. */
export function reviewDraftProblems(draft: ReviewDraft): Partial<Record<ReviewFormField, string>> {
  const problems: Partial<Record<ReviewFormField, string>> = {};
  if (
    draft.rating === null ||
    !Number.isInteger(draft.rating) ||
    draft.rating < 1 ||
    draft.rating > 5
  )
    problems.rating = REVIEW_FORM_MESSAGES.rating;
  const title = draft.title.trim();
  if (title.length < REVIEW_TITLE_MIN) problems.title = REVIEW_FORM_MESSAGES.titleShort;
  else if (title.length > REVIEW_TITLE_MAX) problems.title = REVIEW_FORM_MESSAGES.titleLong;
  else if (!isPlainText(title)) problems.title = REVIEW_FORM_MESSAGES.titleUnshowable;
  const text = draft.text.trim();
  if (text.length < REVIEW_TEXT_MIN) problems.text = REVIEW_FORM_MESSAGES.textShort;
  else if (text.length > REVIEW_TEXT_MAX) problems.text = REVIEW_FORM_MESSAGES.textLong;
  else if (!isMultilineText(text)) problems.text = REVIEW_FORM_MESSAGES.textUnshowable;
  if (!(HIRED_ANSWERS as readonly string[]).includes(draft.hired ?? ''))
    problems.hired = REVIEW_FORM_MESSAGES.hired;
  return problems;
}

/** The mark a review from a request's link carries: "Verified request through MoverAtlas on March 2, 2027". */
export const verifiedReviewLabel = (siteName: string, requestDate: string): string =>
  `Verified request through ${siteName} on ${spelledMoveDay(requestDate)}`;
