/**
 * /write-review#t=…: the review a visitor writes about one mover, from the e-mail that asks how their move went
 * (issue 19). No account: the link's secret is the key, and it rides in the fragment, which the browser never
 * sends anywhere; the page posts it to the API once it runs (so, like /my-request, the page needs JavaScript).
 * It says which mover the review is about and what it will be marked with ("Verified request through … on …"),
 * and takes stars, a title, the text and whether the visitor hired the mover, each checked with the server's
 * own rules and words (contracts' review-form), the message beside its field, and optional photos uploaded as
 * they are chosen (review-photo-picker). A used, expired or unknown link is refused in words. A public page inside the site's JavaScript budget: no zod, no TanStack Query; never
 * indexed, never cached.
 */
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  HIRED_ANSWER_LABELS,
  HIRED_ANSWERS,
  REVIEW_FORM_MESSAGES,
  REVIEW_INVITATION_API,
  REVIEW_LINK_INCOMPLETE,
  REVIEW_SUBMIT_API,
  REVIEW_TEXT_MAX,
  REVIEW_TITLE_MAX,
  reviewDraftProblems,
  reviewTokenFrom,
  verifiedReviewLabel,
  type ReviewFormField,
  type ReviewInvitation,
  type ReviewSubmitResult,
} from '@moveratlas/contracts';
import {
  LinkProblem,
  LinkWaiting,
  PrivateLinkPage,
  useLinkRead,
} from '../../components/forms/private-link';
import { FormBanner, inputClass } from '../../components/forms/public-form';
import { postJson } from '../../lib/post-json';
import {
  captionProblem,
  isUploading,
  photoItemsOf,
  ReviewPhotoPicker,
  sentPhotos,
  type ReviewPhotoItem,
} from './review-photo-picker';

const submitClass =
  'rounded-lg bg-blue-700 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:opacity-60';
const linkClass = 'font-medium text-blue-700 underline hover:text-blue-900';
const errorClass = 'mt-1 text-sm text-red-700';

const STAR_WORDS = ['', 'Terrible', 'Poor', 'Fair', 'Good', 'Excellent'] as const;

/** A server refusal that is one of a field's own messages belongs beside that field. */
const FIELD_OF_MESSAGE = new Map<string, ReviewFormField>([
  [REVIEW_FORM_MESSAGES.rating, 'rating'],
  [REVIEW_FORM_MESSAGES.titleShort, 'title'],
  [REVIEW_FORM_MESSAGES.titleLong, 'title'],
  [REVIEW_FORM_MESSAGES.titleUnshowable, 'title'],
  [REVIEW_FORM_MESSAGES.textShort, 'text'],
  [REVIEW_FORM_MESSAGES.textLong, 'text'],
  [REVIEW_FORM_MESSAGES.textUnshowable, 'text'],
  [REVIEW_FORM_MESSAGES.hired, 'hired'],
]);

const FIELD_ORDER: ReviewFormField[] = ['rating', 'title', 'text', 'hired'];
const FIELD_FOCUS: Record<ReviewFormField, string> = {
  rating: 'review-rating-1',
  title: 'review-title',
  text: 'review-text',
  hired: 'review-hired-yes',
};

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

function StarRating({
  value,
  error,
  onChange,
}: {
  value: number | null;
  error?: string;
  onChange: (stars: number) => void;
}) {
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800">Your rating</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {[1, 2, 3, 4, 5].map((stars) => (
          <label key={stars} className="cursor-pointer">
            <input
              type="radio"
              name="rating"
              id={`review-rating-${stars}`}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              aria-invalid={error ? true : undefined}
              className="peer sr-only"
            />
            <span className="flex min-h-11 min-w-11 flex-col items-center rounded-lg border border-slate-300 bg-white px-2 py-1 text-slate-700 peer-checked:border-amber-500 peer-checked:bg-amber-50 peer-checked:text-amber-900 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-700">
              <span aria-hidden="true" className="text-lg leading-none">
                {'★'.repeat(stars)}
              </span>
              <span className="text-xs">
                {stars} {stars === 1 ? 'star' : 'stars'}
                <span className="sr-only">: {STAR_WORDS[stars]}</span>
              </span>
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className={errorClass}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function ReviewForm({
  token,
  invitation,
  onDone,
}: {
  token: string;
  invitation: ReviewInvitation;
  onDone: (result: ReviewSubmitResult) => void;
}) {
  const [rating, setRating] = useState<number | null>(null);
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [hired, setHired] = useState<string | null>(null);
  const [photos, setPhotos] = useState<ReviewPhotoItem[]>(() => photoItemsOf(invitation.photos));
  const [errors, setErrors] = useState<Partial<Record<ReviewFormField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const hiredErrorId = useId();

  const focusFirst = (found: Partial<Record<ReviewFormField, string>>) => {
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) document.getElementById(FIELD_FOCUS[first])?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const draft = { rating, title, text, hired };
    const problems = reviewDraftProblems(draft);
    setErrors(problems);
    setFailure(null);
    if (Object.keys(problems).length > 0) {
      focusFirst(problems);
      return;
    }
    const photoProblem = isUploading(photos)
      ? 'Wait for your photos to finish uploading, then send your review.'
      : captionProblem(photos);
    if (photoProblem) {
      setFailure(photoProblem);
      return;
    }
    const chosen = sentPhotos(photos);
    setSending(true);
    const outcome = await postJson<ReviewSubmitResult>(
      REVIEW_SUBMIT_API,
      {
        token,
        rating,
        title: title.trim(),
        text: text.trim(),
        hired,
        ...(chosen.length > 0 ? { photos: chosen } : {}),
      },
      'Your review could not be sent. Please try again.',
    );
    setSending(false);
    if (outcome.ok) {
      onDone(outcome.body);
      return;
    }
    const field = FIELD_OF_MESSAGE.get(outcome.message);
    if (field) {
      setErrors({ [field]: outcome.message });
      focusFirst({ [field]: outcome.message });
    } else setFailure(outcome.message);
  };

  const textLength = text.trim().length;
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-6 space-y-6">
      <div aria-live="polite">
        {failure ? (
          <FormBanner tone="error">
            <p>{failure}</p>
          </FormBanner>
        ) : null}
      </div>
      <StarRating value={rating} error={errors.rating} onChange={setRating} />
      <div>
        <label htmlFor="review-title" className="block text-sm font-medium text-slate-800">
          Title
        </label>
        <input
          id="review-title"
          name="title"
          type="text"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          maxLength={REVIEW_TITLE_MAX}
          autoComplete="off"
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? 'review-title-error' : 'review-title-hint'}
          className={inputClass}
        />
        {errors.title ? (
          <p id="review-title-error" className={errorClass}>
            {errors.title}
          </p>
        ) : (
          <p id="review-title-hint" className="mt-1 text-xs text-slate-600">
            Your move in a few words, for example “Careful crew, on time”.
          </p>
        )}
      </div>
      <div>
        <label htmlFor="review-text" className="block text-sm font-medium text-slate-800">
          Your review
        </label>
        <textarea
          id="review-text"
          name="text"
          rows={8}
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={REVIEW_TEXT_MAX}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={`review-text-count ${errors.text ? 'review-text-error' : 'review-text-hint'}`}
          className={inputClass}
        />
        {errors.text ? (
          <p id="review-text-error" className={errorClass}>
            {errors.text}
          </p>
        ) : (
          <p id="review-text-hint" className="mt-1 text-xs text-slate-600">
            What went well, what did not, and whether the price matched the quote. Phone numbers and
            e-mail addresses are not shown to the public.
          </p>
        )}
        <p id="review-text-count" className="mt-1 text-xs text-slate-600">
          {textLength.toLocaleString('en-US')} of {REVIEW_TEXT_MAX.toLocaleString('en-US')}{' '}
          characters
        </p>
      </div>
      <fieldset aria-describedby={errors.hired ? hiredErrorId : undefined}>
        <legend className="text-sm font-medium text-slate-800">Did you hire this mover?</legend>
        <div className="mt-2 space-y-2">
          {HIRED_ANSWERS.map((answer) => (
            <label
              key={answer}
              className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-slate-800"
            >
              <input
                type="radio"
                name="hired"
                id={`review-hired-${answer}`}
                value={answer}
                checked={hired === answer}
                onChange={() => setHired(answer)}
                aria-invalid={errors.hired ? true : undefined}
                className="h-5 w-5 accent-blue-700"
              />
              {HIRED_ANSWER_LABELS[answer]}
            </label>
          ))}
        </div>
        {errors.hired ? (
          <p id={hiredErrorId} className={errorClass}>
            {errors.hired}
          </p>
        ) : null}
      </fieldset>
      <ReviewPhotoPicker token={token} photos={photos} setPhotos={setPhotos} />
      <p className="text-sm text-slate-700">
        Your review is shown with your first name, {invitation.firstName}, and marked “
        {verifiedReviewLabel(invitation.siteName, invitation.requestDate)}”.
      </p>
      <button type="submit" className={submitClass} disabled={sending || isUploading(photos)}>
        {sending
          ? 'Sending your review…'
          : isUploading(photos)
            ? 'Uploading your photos…'
            : 'Send my review'}
      </button>
    </form>
  );
}

function ReviewByLink({ token }: { token: string }) {
  const { read, retry } = useLinkRead<ReviewInvitation>(
    REVIEW_INVITATION_API,
    token,
    REVIEW_LINK_INCOMPLETE,
  );
  const [result, setResult] = useState<ReviewSubmitResult | null>(null);

  if (read.state === 'reading') return <LinkWaiting>Opening your review…</LinkWaiting>;
  if (read.state === 'failed')
    return <LinkProblem message={read.message} onRetry={read.retry ? retry : undefined} />;
  const invitation = read.body;
  if (result)
    return (
      <div role="status">
        <FormBanner tone="success">
          <p>{result.message}</p>
          <p className="mt-2">
            <Link to={result.profilePath} className={linkClass}>
              See {result.companyName}’s page
            </Link>
          </p>
        </FormBanner>
      </div>
    );
  return (
    <>
      <p className="text-slate-700">
        How was your experience with{' '}
        <Link to={invitation.profilePath} className={linkClass}>
          {invitation.companyName}
        </Link>
        ? Your review helps the next person choose a mover. This link takes one review and works
        until {longDate(invitation.expiresAt)}.
      </p>
      <ReviewForm token={token} invitation={invitation} onDone={setResult} />
    </>
  );
}

function WriteReviewPage() {
  return (
    <PrivateLinkPage
      heading="Review your mover"
      description="Tell others how your move went, from the private link we e-mailed you."
      width="form"
      tokenFrom={reviewTokenFrom}
      waiting="Opening your review…"
      incomplete={REVIEW_LINK_INCOMPLETE}
    >
      {(token) => <ReviewByLink key={token} token={token} />}
    </PrivateLinkPage>
  );
}

export const Component = WriteReviewPage;
