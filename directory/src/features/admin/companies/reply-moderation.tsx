/**
 * Movers' public replies to reviews (issue 17), for staff: each with the review it answers, filtered by
 * status (waiting ones first). Publishing shows the reply under its review on the company's page; rejecting
 * asks for a reason, which the company reads, and lets it send a new reply. Either way the mover who wrote it
 * gets an e-mail.
 */
import { useId, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import {
  companyProfilePath,
  REVIEW_REPLY_REASON_MAX_LENGTH,
  REVIEW_REPLY_STATUS_LABELS,
  REVIEW_REPLY_STATUSES,
  type AdminReviewReply,
  type AdminReviewReplyPage,
  type ReviewReplyModeration,
  type ReviewReplyStatus,
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
import { REVIEW_REPLIES_PATH } from './api-paths';

const TONES: Record<ReviewReplyStatus, BadgeTone> = {
  pending: 'warning',
  published: 'success',
  rejected: 'danger',
};

function useReplyModeration(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      reply,
      decision,
    }: {
      reply: AdminReviewReply;
      decision: ReviewReplyModeration;
    }) => adminWrite<AdminReviewReply>('PATCH', `${REVIEW_REPLIES_PATH}/${reply.id}`, decision),
    onSuccess: async (reply) => {
      await queryClient.invalidateQueries({
        predicate: (query) =>
          typeof query.queryKey[0] === 'string' &&
          query.queryKey[0].startsWith(REVIEW_REPLIES_PATH),
      });
      toast({
        title: reply.status === 'published' ? 'Reply published' : 'Reply rejected',
        description:
          reply.status === 'published'
            ? `It shows under the review on ${reply.company.name}'s page, and its author gets an e-mail.`
            : `${reply.company.name} can read why and send a new reply; its author gets an e-mail.`,
      });
      onDone();
    },
    onError: (error) =>
      toast({
        title: 'Could not change the reply',
        description: failureText(error),
        variant: 'destructive',
      }),
  });
}

function ReplyItem({
  reply,
  busy,
  onPublish,
  onReject,
}: {
  reply: AdminReviewReply;
  busy: boolean;
  onPublish: () => void;
  onReject: () => void;
}) {
  const what = `the reply of ${reply.company.name} to "${reply.review.title}"`;
  return (
    <li className={cardClass}>
      <article aria-label={`Reply of ${reply.company.name} to the review "${reply.review.title}"`}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <p className="text-sm text-slate-700">
            <Link to={`/admin/companies/${reply.company.id}`} className={linkClass}>
              {reply.company.name}
            </Link>
            {' · '}
            <a
              href={`${companyProfilePath(reply.company.slug)}#review-${reply.review.id}`}
              className={linkClass}
            >
              the review on its page
            </a>
          </p>
          <Badge tone={TONES[reply.status]}>{REVIEW_REPLY_STATUS_LABELS[reply.status]}</Badge>
        </div>
        <blockquote className="mt-2 border-l-4 border-slate-200 pl-3 text-sm text-slate-700">
          <p className="font-semibold text-slate-900">
            <span aria-hidden="true">{'★'.repeat(reply.review.rating)}</span>
            <span className="sr-only">{reply.review.rating} stars: </span> {reply.review.title}
          </p>
          <p className="mt-1 whitespace-pre-line">{reply.review.body}</p>
          <p className="mt-1 text-xs text-slate-600">
            {reply.review.authorFirstName} · {reply.review.date}
          </p>
        </blockquote>
        <h3 className="mt-3 text-sm font-semibold text-slate-900">Reply</h3>
        <p className="mt-1 text-sm whitespace-pre-line text-slate-800">{reply.body}</p>
        <p className="mt-1 text-xs text-slate-600">
          Sent by{' '}
          {reply.author ? `${reply.author.name} (${reply.author.email})` : 'a removed account'},{' '}
          <DateTime iso={reply.createdAt} />
        </p>
        {reply.status === 'rejected' && reply.rejectReason ? (
          <p className="mt-1 text-sm text-red-900">Rejected: {reply.rejectReason}</p>
        ) : null}
        {reply.moderatedBy && reply.moderatedAt ? (
          <p className="mt-1 text-xs text-slate-600">
            Last changed by {reply.moderatedBy}, <DateTime iso={reply.moderatedAt} />
          </p>
        ) : null}
        <div className="mt-3 flex flex-wrap gap-2">
          {reply.status !== 'published' ? (
            <button
              type="button"
              className={buttonClass}
              disabled={busy}
              onClick={onPublish}
              aria-label={`Publish ${what}`}
            >
              {reply.status === 'pending' ? 'Approve' : 'Publish'}
            </button>
          ) : null}
          {reply.status !== 'rejected' ? (
            <button
              type="button"
              className={buttonClass}
              disabled={busy}
              onClick={onReject}
              aria-label={`Reject ${what}`}
            >
              Reject
            </button>
          ) : null}
        </div>
      </article>
    </li>
  );
}

export function ReplyModeration({
  status,
  page,
  onStatusChange,
  onPageChange,
}: {
  status: ReviewReplyStatus | '';
  page: number;
  onStatusChange: (status: ReviewReplyStatus | '') => void;
  onPageChange: (page: number) => void;
}) {
  const filterId = useId();
  const [rejecting, setRejecting] = useState<AdminReviewReply | null>(null);
  const params: Record<string, string> = { page: String(page), limit: '20' };
  if (status) params.status = status;
  const replies = useQuery<AdminReviewReplyPage>({
    queryKey: [REVIEW_REPLIES_PATH, params],
    placeholderData: keepPreviousData,
  });
  const moderate = useReplyModeration(() => setRejecting(null));
  const pages = replies.data ? Math.max(1, Math.ceil(replies.data.total / replies.data.limit)) : 1;
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
            onChange={(event) => onStatusChange(event.target.value as ReviewReplyStatus | '')}
            className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
          >
            <option value="">All replies</option>
            {REVIEW_REPLY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {REVIEW_REPLY_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <p aria-live="polite" className="pb-2 text-sm text-slate-700">
          {replies.data
            ? `${formatCount(replies.data.total)} ${replies.data.total === 1 ? 'reply' : 'replies'}`
            : ''}
        </p>
      </div>
      {replies.isError && !replies.data ? (
        <LoadFailure
          what="the replies"
          error={replies.error}
          onRetry={() => void replies.refetch()}
          retrying={replies.isFetching}
        />
      ) : !replies.data ? (
        <Skeleton label="Loading replies…" blocks={2} />
      ) : replies.data.items.length === 0 ? (
        <EmptyState>
          {status === 'pending'
            ? 'No replies are waiting for review.'
            : status
              ? `No ${REVIEW_REPLY_STATUS_LABELS[status].toLowerCase()} replies.`
              : 'No company has replied to a review yet.'}
        </EmptyState>
      ) : (
        <>
          <ul className="space-y-3" aria-label="Replies to reviews">
            {replies.data.items.map((reply) => (
              <ReplyItem
                key={reply.id}
                reply={reply}
                busy={moderate.isPending && moderate.variables?.reply.id === reply.id}
                onPublish={() => moderate.mutate({ reply, decision: { status: 'published' } })}
                onReject={() => setRejecting(reply)}
              />
            ))}
          </ul>
          <PageButtons label="Reply pages" page={page} pages={pages} onPageChange={onPageChange} />
        </>
      )}
      <RejectDialog
        subject={rejecting}
        onClose={() => setRejecting(null)}
        title="Reject this reply?"
        description={(reply) =>
          `${reply.company.name} reads the reason and can send a new reply. It is not shown on its page.`
        }
        confirmLabel="Reject reply"
        reasonLabel="Reason (the company reads it)"
        missingReason="Say why the reply is rejected: the company reads it."
        maxLength={REVIEW_REPLY_REASON_MAX_LENGTH}
        pending={moderate.isPending}
        onReject={(reply, reason) =>
          moderate.mutate({ reply, decision: { status: 'rejected', reason } })
        }
      />
    </div>
  );
}
