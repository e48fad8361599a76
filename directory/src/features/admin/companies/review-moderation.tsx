/**
 * Reviews with their moderation actions, for one company (on its page) or across companies (the Reviews
 * screen): publish (show or approve), hide, reject a pending one — rejecting asks for a reason, which the
 * writer of a review from a request reads in their e-mail. A review from a request's link shows as its writer
 * typed it, with what the public sees when a check masked something, and why the checks held it (issue 19).
 * The company's rating is recomputed by the server from its published reviews; the answer says what it is now.
 * The sample data's generated reviews are marked "Sample", so nobody takes them for a customer's.
 */
import { useEffect, useId, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import {
  HIRED_ANSWER_LABELS,
  REVIEW_MODERATION_REASON_MAX_LENGTH,
  REVIEW_STATUSES,
  type AdminReview,
  type AdminReviewPage,
  type ReviewModerationResult,
  type ReviewStatus,
} from '@moveratlas/contracts';
import { toast } from '../../../components/toast/toast-store';
import { formatCount } from '../../../lib/numbers';
import { adminWrite } from '../admin-request';
import { Badge, type BadgeTone } from '../../../components/dashboard/badge';
import { buttonClass, cardClass, linkClass } from '../../../components/dashboard/classes';
import { DateTime } from '../../../components/dashboard/date-time';
import { RejectDialog } from '../../../components/dashboard/reject-dialog';
import { failureText } from '../../../components/dashboard/failure-text';
import { EmptyState, LoadFailure, Skeleton } from '../../../components/dashboard/load-states';
import { PageButtons } from '../../../components/dashboard/pager';
import {
  BulkBar,
  BulkConfirm,
  BulkResultNotice,
  RowCheckbox,
  SelectPageCheckbox,
  useBulkAction,
  useRowSelection,
  type BulkActionChoice,
  type RowSelection,
} from '../ui/bulk-actions';
import { COMPANIES_PATH, REVIEWS_PATH } from './api-paths';
import { StaffReviewPhotos } from './review-photo-moderation';

export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  published: 'Published',
  hidden: 'Hidden',
  pending: 'Awaiting approval',
  rejected: 'Rejected',
};

const STATUS_TONES: Record<ReviewStatus, BadgeTone> = {
  published: 'success',
  hidden: 'neutral',
  pending: 'warning',
  rejected: 'danger',
};

/** The actions a review in a status offers: [new status, button label]. */
const ACTIONS: Record<ReviewStatus, Array<['published' | 'hidden' | 'rejected', string]>> = {
  published: [['hidden', 'Hide']],
  hidden: [['published', 'Show']],
  pending: [
    ['published', 'Approve'],
    ['rejected', 'Reject'],
  ],
  rejected: [['published', 'Publish']],
};

/**
 * Every query a review's moderation makes stale: the review lists, the companies list and each company's
 * own detail (its header shows the rating), whose keys are longer paths starting with the companies path.
 */
const moderationStale = (queryKey: readonly unknown[]) =>
  typeof queryKey[0] === 'string' &&
  (queryKey[0].startsWith(REVIEWS_PATH) || queryKey[0].startsWith(COMPANIES_PATH));

const NOUN = { one: 'review', many: 'reviews' };

const BULK_ACTIONS: BulkActionChoice[] = [
  {
    id: 'publish',
    label: 'Publish',
    verb: 'Publish',
    explain:
      'They are shown on their companies’ pages and count toward the rating, which is recomputed at once.',
    tone: 'primary',
  },
  {
    id: 'hide',
    label: 'Hide',
    verb: 'Hide',
    explain:
      'They disappear from the directory and no longer count toward the rating, which is recomputed at once.',
    tone: 'primary',
  },
];

function ReviewItem({
  review,
  showCompany,
  moderate,
  selection,
  onReject,
}: {
  review: AdminReview;
  showCompany: boolean;
  moderate: ReturnType<typeof useModeration>;
  selection: RowSelection;
  onReject: (review: AdminReview) => void;
}) {
  const busy = moderate.isPending && moderate.variables?.review.id === review.id;
  return (
    <li className={cardClass}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 items-start gap-3">
          <RowCheckbox
            selection={selection}
            id={review.id}
            label={`Select review "${review.title}"`}
          />
          <div className="min-w-0">
            <p className="font-semibold text-slate-900">
              <span aria-hidden="true">{'★'.repeat(review.rating)}</span>
              <span className="sr-only">{review.rating} stars: </span> {review.title}
            </p>
            <p className="text-xs text-slate-600">
              {review.authorFirstName} · {review.reviewedOn}
              {showCompany ? (
                <>
                  {' · '}
                  <Link to={`/admin/companies/${review.companyId}`} className={linkClass}>
                    {review.companyName}
                  </Link>
                </>
              ) : null}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-1">
          {review.isSample ? (
            // The seed's invented reviews stay on the site; staff must not read them as a customer's.
            <Badge tone="violet">
              Sample<span className="sr-only"> review, generated, not written by a customer</span>
            </Badge>
          ) : null}
          <Badge tone={STATUS_TONES[review.status]}>{REVIEW_STATUS_LABELS[review.status]}</Badge>
        </div>
      </div>
      <p className="mt-2 text-sm whitespace-pre-line text-slate-700">{review.body}</p>
      <StaffReviewPhotos review={review} />
      {review.verifiedRequestOn ? (
        <p className="mt-2 text-xs text-slate-600">
          From a request of {review.verifiedRequestOn}
          {review.hired ? ` · Hired: ${HIRED_ANSWER_LABELS[review.hired]}` : ''}
        </p>
      ) : null}
      {review.heldReasons && review.heldReasons.length > 0 ? (
        <div className="mt-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-semibold">Held for you to read because:</p>
          <ul className="mt-1 list-disc pl-5">
            {review.heldReasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {review.shownTitle || review.shownBody ? (
        <details className="mt-2 text-sm text-slate-700">
          <summary className="cursor-pointer">What the public sees</summary>
          <p className="mt-1 font-semibold">{review.shownTitle ?? review.title}</p>
          <p className="mt-1 whitespace-pre-line">{review.shownBody ?? review.body}</p>
        </details>
      ) : null}
      {review.moderationReason ? (
        <p className="mt-2 text-sm text-slate-700">Reason given: {review.moderationReason}</p>
      ) : null}
      {review.moderatedBy && review.moderatedAt ? (
        <p className="mt-2 text-xs text-slate-600">
          Last changed by {review.moderatedBy}, <DateTime iso={review.moderatedAt} />
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {ACTIONS[review.status].map(([status, label]) => (
          <button
            key={status}
            type="button"
            disabled={busy}
            onClick={() =>
              status === 'rejected' ? onReject(review) : moderate.mutate({ review, status })
            }
            className={buttonClass}
            aria-label={`${label} review "${review.title}"`}
          >
            {busy && moderate.variables?.status === status ? 'Saving…' : label}
          </button>
        ))}
      </div>
    </li>
  );
}

function useModeration(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      review,
      status,
      reason,
    }: {
      review: AdminReview;
      status: 'published' | 'hidden' | 'rejected';
      reason?: string;
    }) =>
      adminWrite<ReviewModerationResult>('PATCH', `${REVIEWS_PATH}/${review.id}`, {
        status,
        ...(reason ? { reason } : {}),
      }),
    onSuccess: async ({ review, company }) => {
      onDone();
      await queryClient.invalidateQueries({
        predicate: (query) => moderationStale(query.queryKey),
      });
      toast({
        title: `Review ${REVIEW_STATUS_LABELS[review.status].toLowerCase()}`,
        description: `${review.companyName} now has ${
          company.rating === null
            ? 'no published reviews'
            : `a rating of ${company.rating.toFixed(2)} from ${company.reviewCount} ${company.reviewCount === 1 ? 'review' : 'reviews'}`
        }.`,
      });
    },
    onError: (error) =>
      toast({
        title: 'Could not change the review',
        description: failureText(error),
        variant: 'destructive',
      }),
  });
}

export function ReviewModeration({
  companyId,
  status,
  page,
  onStatusChange,
  onPageChange,
}: {
  companyId?: number;
  status: ReviewStatus | '';
  page: number;
  onStatusChange: (status: ReviewStatus | '') => void;
  onPageChange: (page: number) => void;
}) {
  const filterId = useId();
  const params: Record<string, string> = { page: String(page), limit: '20' };
  if (companyId) params.companyId = String(companyId);
  if (status) params.status = status;
  const reviews = useQuery<AdminReviewPage>({
    queryKey: [REVIEWS_PATH, params],
    placeholderData: keepPreviousData,
  });
  const [rejecting, setRejecting] = useState<AdminReview | null>(null);
  const moderate = useModeration(() => setRejecting(null));
  const pages = reviews.data ? Math.max(1, Math.ceil(reviews.data.total / reviews.data.limit)) : 1;
  const selection = useRowSelection(
    reviews.data?.items.map((r) => r.id) ?? [],
    JSON.stringify(params),
  );
  const queryClient = useQueryClient();
  const bulk = useBulkAction({
    path: `${REVIEWS_PATH}/bulk`,
    selection,
    body: (action, ids) => ({ ids, action: action.id }),
    invalidate: [],
  });
  // After a bulk action, the company headers and lists follow as after a single one.
  const summary = bulk.result?.summary;
  useEffect(() => {
    if (summary)
      void queryClient.invalidateQueries({ predicate: (query) => moderationStale(query.queryKey) });
  }, [summary, queryClient]);

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={filterId} className="block text-sm font-medium text-slate-800">
            Show
          </label>
          <select
            id={filterId}
            value={status}
            onChange={(event) => onStatusChange(event.target.value as ReviewStatus | '')}
            className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
          >
            <option value="">All reviews</option>
            {REVIEW_STATUSES.map((s) => (
              <option key={s} value={s}>
                {REVIEW_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        {reviews.data && reviews.data.items.length > 0 ? (
          <div className="flex items-center gap-2 pb-2 text-sm text-slate-800">
            <SelectPageCheckbox
              selection={selection}
              label={`Select all ${reviews.data.items.length} reviews on this page`}
            />
            <span aria-hidden="true">All on this page</span>
          </div>
        ) : null}
        <p aria-live="polite" className="pb-2 text-sm text-slate-700">
          {reviews.data
            ? `${formatCount(reviews.data.total)} ${reviews.data.total === 1 ? 'review' : 'reviews'}`
            : ''}
        </p>
      </div>
      <BulkResultNotice result={bulk.result} error={bulk.error} onDismiss={bulk.dismiss} />
      <BulkBar selection={selection} noun={NOUN} actions={BULK_ACTIONS} onAction={bulk.ask} />
      <BulkConfirm
        action={bulk.asking}
        count={selection.count}
        noun={NOUN}
        pending={bulk.pending}
        onCancel={bulk.cancel}
        onConfirm={bulk.confirm}
      />
      {reviews.isError && !reviews.data ? (
        <LoadFailure
          what="the reviews"
          error={reviews.error}
          onRetry={() => void reviews.refetch()}
          retrying={reviews.isFetching}
        />
      ) : !reviews.data ? (
        <Skeleton label="Loading reviews…" blocks={2} />
      ) : reviews.data.items.length === 0 ? (
        <EmptyState>
          No reviews{status ? ` ${REVIEW_STATUS_LABELS[status].toLowerCase()}` : ''}.
        </EmptyState>
      ) : (
        <>
          <ul className="space-y-3" aria-label="Reviews">
            {reviews.data.items.map((review) => (
              <ReviewItem
                key={review.id}
                review={review}
                showCompany={companyId === undefined}
                moderate={moderate}
                selection={selection}
                onReject={setRejecting}
              />
            ))}
          </ul>
          <PageButtons label="Review pages" page={page} pages={pages} onPageChange={onPageChange} />
        </>
      )}
      <RejectDialog
        subject={rejecting}
        onClose={() => setRejecting(null)}
        title="Reject this review?"
        description={(review) =>
          `It is not shown on ${review.companyName}'s page. A reviewer who wrote it from our e-mail's link is told why by e-mail.`
        }
        confirmLabel="Reject review"
        reasonLabel="Reason (the reviewer reads it)"
        missingReason="Say why the review is rejected: the reviewer reads it."
        maxLength={REVIEW_MODERATION_REASON_MAX_LENGTH}
        pending={moderate.isPending}
        onReject={(review, reason) => moderate.mutate({ review, status: 'rejected', reason })}
      />
    </div>
  );
}
