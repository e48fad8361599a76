/**
 * A company's reviews at /pro/companies/:companyId/reviews (issue 17): the rating summary, the published
 * reviews (filter by stars and "needs a reply", sort, pages — all in the address, so Back and a shared link
 * keep them), and under each review its public reply: a form to write one, the reply waiting for our team,
 * the published reply, or a rejected one with the reason and a way to send a new one; then the company's
 * report of the review to our team (review-report.tsx, issue 19).
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import {
  PRO_REVIEW_SORT_LABELS,
  PRO_REVIEW_SORTS,
  proReviewReplyPath,
  proReviewsPath,
  REVIEW_REPLY_MAX_LENGTH,
  REVIEW_REPLY_MIN_LENGTH,
  reviewReplyBodySchema,
  type ProReview,
  type ProReviewPage,
  type ProReviewReplyResult,
  type ProReviewSort,
  type ProReviewSummary,
} from '@moveratlas/contracts';
import { Badge } from '../../../components/dashboard/badge';
import { buttonClass, cardClass, inputClass } from '../../../components/dashboard/classes';
import { DateTime, formatDay } from '../../../components/dashboard/date-time';
import { Field, SendOrCancel } from '../../../components/dashboard/fields';
import { failureText } from '../../../components/dashboard/failure-text';
import { EmptyState, LoadFailure, Skeleton } from '../../../components/dashboard/load-states';
import { PageButtons } from '../../../components/dashboard/pager';
import { pageParam, withParams } from '../../../components/dashboard/url-params';
import { toast } from '../../../components/toast/toast-store';
import { formatCount } from '../../../lib/numbers';
import { proWrite } from '../pro-request';
import { ReviewReportState } from './review-report';

export interface ReviewsScreenCompany {
  id: number;
  name: string;
}

const isSort = (value: string): value is ProReviewSort =>
  (PRO_REVIEW_SORTS as readonly string[]).includes(value);

/** The filters as the address holds them. */
function useFilters() {
  const [search, setSearch] = useSearchParams();
  const rawRating = search.get('rating') ?? '';
  const rating = /^[1-5]$/.test(rawRating) ? rawRating : '';
  const needsReply = search.get('needsReply') === 'true';
  const rawSort = search.get('sort') ?? '';
  const sort: ProReviewSort = isSort(rawSort) ? rawSort : 'newest';
  const page = pageParam(search);
  const update = (changes: Record<string, string | null>) =>
    setSearch(withParams(search, changes), { replace: false });
  return { rating, needsReply, sort, page, update };
}

const plural = (n: number, one: string, many: string) =>
  `${formatCount(n)} ${n === 1 ? one : many}`;

function Stars({ rating }: { rating: number }) {
  return (
    <span className="text-amber-600">
      <span aria-hidden="true">
        {'★'.repeat(rating)}
        <span className="text-slate-300">{'★'.repeat(5 - rating)}</span>
      </span>
      <span className="sr-only">
        {rating} {rating === 1 ? 'star' : 'stars'} out of 5
      </span>
    </span>
  );
}

function RatingSummary({ summary }: { summary: ProReviewSummary }) {
  const most = Math.max(1, ...summary.distribution.map((d) => d.count));
  return (
    <section aria-labelledby="reviews-summary" className={cardClass}>
      <h2 id="reviews-summary" className="text-lg font-semibold text-slate-900">
        Your rating
      </h2>
      {summary.count === 0 ? (
        <p className="mt-2 text-sm text-slate-700">No published reviews yet.</p>
      ) : (
        <div className="mt-3 grid gap-4 sm:grid-cols-[auto_1fr] sm:items-center">
          <div>
            <p className="text-3xl font-bold text-slate-900">
              {summary.average?.toFixed(1)}
              <span className="text-base font-normal text-slate-600"> out of 5</span>
            </p>
            <p className="text-sm text-slate-700">
              from {plural(summary.count, 'published review', 'published reviews')}
            </p>
            <p className="mt-1 text-sm font-medium text-slate-800">
              {summary.needReply === 0
                ? 'Every review has a reply.'
                : `${plural(summary.needReply, 'review needs', 'reviews need')} a reply.`}
            </p>
          </div>
          <ul aria-label="Reviews by stars" className="space-y-1">
            {summary.distribution.map(({ stars, count }) => (
              <li key={stars} className="flex items-center gap-2 text-sm text-slate-700">
                <span className="w-14 shrink-0">
                  {stars} {stars === 1 ? 'star' : 'stars'}
                </span>
                <span aria-hidden="true" className="h-2 flex-1 rounded-full bg-slate-100">
                  <span
                    className="block h-2 rounded-full bg-amber-500"
                    style={{ width: `${(count / most) * 100}%` }}
                  />
                </span>
                <span className="w-10 shrink-0 text-right">{formatCount(count)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function Filters({ filters }: { filters: ReturnType<typeof useFilters> }) {
  const ratingId = useId();
  const sortId = useId();
  const needsId = useId();
  return (
    <div
      role="group"
      aria-label="Filter and sort the reviews"
      className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end"
    >
      <div className="sm:w-44">
        <label htmlFor={ratingId} className="block text-sm font-medium text-slate-800">
          Stars
        </label>
        <select
          id={ratingId}
          value={filters.rating}
          onChange={(event) => filters.update({ rating: event.target.value || null, page: null })}
          className={inputClass}
        >
          <option value="">Any rating</option>
          {[5, 4, 3, 2, 1].map((stars) => (
            <option key={stars} value={String(stars)}>
              {stars} {stars === 1 ? 'star' : 'stars'}
            </option>
          ))}
        </select>
      </div>
      <div className="sm:w-52">
        <label htmlFor={sortId} className="block text-sm font-medium text-slate-800">
          Order
        </label>
        <select
          id={sortId}
          value={filters.sort}
          onChange={(event) =>
            filters.update({
              sort: event.target.value === 'newest' ? null : event.target.value,
              page: null,
            })
          }
          className={inputClass}
        >
          {PRO_REVIEW_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {PRO_REVIEW_SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex min-h-10 items-center gap-2">
        <input
          id={needsId}
          type="checkbox"
          checked={filters.needsReply}
          onChange={(event) =>
            filters.update({ needsReply: event.target.checked ? 'true' : null, page: null })
          }
          className="h-5 w-5 rounded border-slate-400"
        />
        <label htmlFor={needsId} className="text-sm font-medium text-slate-800">
          Only reviews that need a reply
        </label>
      </div>
    </div>
  );
}

function ReplyForm({
  company,
  review,
  initial,
  onCancel,
  onSent,
}: {
  company: ReviewsScreenCompany;
  review: ProReview;
  initial: string;
  onCancel: () => void;
  onSent: () => void;
}) {
  const [text, setText] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  // Opened by a button: the keyboard goes on to the text.
  useEffect(() => box.current?.focus(), []);
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: (body: string) =>
      proWrite<ProReviewReplyResult>('POST', proReviewReplyPath(company.id, review.id), { body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [proReviewsPath(company.id)] });
      toast({
        title: 'Reply sent',
        description: 'Our team reads every reply before it is shown on your page.',
      });
      onSent();
    },
    onError: (error) => setProblem(failureText(error)),
  });
  const length = text.trim().length;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = reviewReplyBodySchema.safeParse(text);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check your reply');
      return;
    }
    setProblem(null);
    send.mutate(parsed.data);
  };
  return (
    <form onSubmit={submit} noValidate className="mt-3 space-y-2">
      <Field
        label={`Your public reply to ${review.authorFirstName}`}
        error={problem ?? undefined}
        hint={`${formatCount(length)} of ${formatCount(REVIEW_REPLY_MAX_LENGTH)} characters (at least ${REVIEW_REPLY_MIN_LENGTH}). Everyone can read it on your page once our team has checked it.`}
      >
        {(control) => (
          <textarea
            {...control}
            ref={box}
            value={text}
            onChange={(event) => setText(event.target.value)}
            rows={4}
            maxLength={REVIEW_REPLY_MAX_LENGTH + 200}
            className={inputClass}
          />
        )}
      </Field>
      <SendOrCancel label="Send reply" pending={send.isPending} onCancel={onCancel} />
    </form>
  );
}

function ReplyState({ company, review }: { company: ReviewsScreenCompany; review: ProReview }) {
  const [writing, setWriting] = useState(false);
  // Where the keyboard goes when the form closes: back to the button that opened it, or to the reply sent.
  const [focusNext, setFocusNext] = useState<'opener' | 'reply' | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const sent = useRef<HTMLDivElement>(null);
  const { reply } = review;
  useEffect(() => {
    if (writing || !focusNext) return;
    // The reply sent shows once the list has been read again: wait for it.
    const target = focusNext === 'reply' ? sent.current : opener.current;
    if (!target) return;
    target.focus();
    setFocusNext(null);
  }, [writing, focusNext, reply?.status]);
  const form = (initial: string) => (
    <ReplyForm
      company={company}
      review={review}
      initial={initial}
      onCancel={() => {
        setWriting(false);
        setFocusNext('opener');
      }}
      onSent={() => {
        setWriting(false);
        setFocusNext('reply');
      }}
    />
  );
  const label = `review "${review.title}"`;
  if (!reply)
    return writing ? (
      form('')
    ) : (
      <button
        ref={opener}
        type="button"
        className={`${buttonClass} mt-3`}
        onClick={() => setWriting(true)}
        aria-label={`Reply publicly to ${label}`}
      >
        Reply publicly
      </button>
    );
  return (
    <div
      ref={sent}
      tabIndex={-1}
      aria-label={`Your reply to ${label}`}
      role="group"
      className="mt-3 rounded-lg border-l-4 border-slate-300 bg-slate-50 p-3 focus-visible:outline-2 focus-visible:outline-blue-700"
    >
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-sm font-semibold text-slate-900">Your reply</p>
        {reply.status === 'pending' ? (
          <Badge tone="warning">Waiting for review by our team</Badge>
        ) : reply.status === 'published' ? (
          <Badge tone="success">Published</Badge>
        ) : (
          <Badge tone="danger">Not published</Badge>
        )}
      </div>
      <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{reply.body}</p>
      <p className="mt-1 text-xs text-slate-600">
        Sent <DateTime iso={reply.createdAt} />
        {reply.status === 'published' && reply.moderatedAt ? (
          <>
            {' · '}shown on your page since <DateTime iso={reply.moderatedAt} />
          </>
        ) : null}
      </p>
      {reply.status === 'rejected' ? (
        <div className="mt-2">
          <p className="text-sm text-red-900">
            Our team did not publish this reply. The reason: {reply.rejectReason ?? 'not given'}
          </p>
          {writing ? (
            form(reply.body)
          ) : (
            <button
              ref={opener}
              type="button"
              className={`${buttonClass} mt-2`}
              onClick={() => setWriting(true)}
              aria-label={`Write a new reply to ${label}`}
            >
              Write a new reply
            </button>
          )}
        </div>
      ) : null}
    </div>
  );
}

function ReviewItem({ company, review }: { company: ReviewsScreenCompany; review: ProReview }) {
  const titleId = `pro-review-${review.id}`;
  return (
    <li className={cardClass}>
      <article aria-labelledby={titleId}>
        <Stars rating={review.rating} />
        <h3 id={titleId} className="mt-1 font-semibold text-slate-900">
          {review.title}
        </h3>
        <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{review.body}</p>
        <p className="mt-1 text-xs text-slate-600">
          {review.authorFirstName} · <time dateTime={review.date}>{formatDay(review.date)}</time>
        </p>
        <ReplyState company={company} review={review} />
        <ReviewReportState companyId={company.id} review={review} />
      </article>
    </li>
  );
}

export function ReviewsScreen({ company }: { company: ReviewsScreenCompany }) {
  const filters = useFilters();
  const params: Record<string, string> = { page: String(filters.page), sort: filters.sort };
  if (filters.rating) params.rating = filters.rating;
  if (filters.needsReply) params.needsReply = 'true';
  const reviews = useQuery<ProReviewPage>({
    queryKey: [proReviewsPath(company.id), params],
    placeholderData: keepPreviousData,
  });
  const filtered = Boolean(filters.rating) || filters.needsReply;
  const data = reviews.data;
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      {reviews.isError && !data ? (
        <LoadFailure
          what="your reviews"
          error={reviews.error}
          onRetry={() => void reviews.refetch()}
          retrying={reviews.isFetching}
        />
      ) : !data ? (
        <Skeleton label="Loading your reviews…" blocks={3} />
      ) : (
        <>
          <RatingSummary summary={data.summary} />
          <section aria-labelledby="reviews-list" className="space-y-3">
            <h2 id="reviews-list" className="text-lg font-semibold text-slate-900">
              Reviews
            </h2>
            <p className="text-sm text-slate-700">
              Reply publicly to thank a customer or explain what happened. You can reply once to
              each review; our team reads every reply before it is shown on your page.
            </p>
            <Filters filters={filters} />
            <p aria-live="polite" className="text-sm text-slate-700">
              {filtered
                ? `${plural(data.total, 'review matches', 'reviews match')} these filters.`
                : `${plural(data.total, 'review', 'reviews')}.`}
            </p>
            {reviews.isError ? (
              <p role="alert" className="text-sm text-red-700">
                Could not refresh the list; showing the last one loaded.
              </p>
            ) : null}
            {data.items.length === 0 ? (
              <EmptyState
                action={
                  filtered ? (
                    <button
                      type="button"
                      className={buttonClass}
                      onClick={() => filters.update({ rating: null, needsReply: null, page: null })}
                    >
                      Show all reviews
                    </button>
                  ) : undefined
                }
              >
                {filtered
                  ? 'No reviews match these filters.'
                  : 'No published reviews yet. When customers review you, they show here.'}
              </EmptyState>
            ) : (
              <>
                <ul className="space-y-3" aria-label="Reviews">
                  {data.items.map((review) => (
                    <ReviewItem key={review.id} company={company} review={review} />
                  ))}
                </ul>
                <PageButtons
                  label="Review pages"
                  page={data.page}
                  pages={data.pageCount}
                  onPageChange={(next) => filters.update({ page: next > 1 ? String(next) : null })}
                />
              </>
            )}
          </section>
        </>
      )}
    </div>
  );
}
