/**
 * Reports of reviews (issue 19), for staff: the Reviews screen's Reports tab. Each report with the review as
 * the public reads it, the reason, the reporter's words and who reported it (a visitor, with an e-mail address
 * when they gave one, or the company's person). Dismiss keeps the review; Uphold hides it as hiding it by hand
 * does (its company's rating recomputed at once) and closes the review's other open reports. Both ask for the
 * reason, which the audit log keeps: the company reads it in its change history, and beside the review when it
 * reported it itself.
 */
import { useId, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import {
  ADMIN_API,
  ADMIN_REVIEW_REPORTS_PATH,
  adminReviewReportDecisionPath,
  companyProfilePath,
  REVIEW_REPORT_DECISION_REASON_MAX,
  REVIEW_REPORT_REASON_LABELS,
  REVIEW_REPORT_STATUSES,
  type AdminReviewReport,
  type AdminReviewReportPage,
  type ReviewReportDecision,
  type ReviewReportDecisionKind,
  type ReviewReportDecisionResult,
  type ReviewReportStatus,
} from '@moveratlas/contracts';
import { toast } from '../../../components/toast/toast-store';
import { formatCount } from '../../../lib/numbers';
import { adminWrite } from '../admin-request';
import { useMay } from '../use-admin-role';
import { Badge, type BadgeTone } from '../../../components/dashboard/badge';
import {
  buttonClass,
  cardClass,
  inputClass,
  linkClass,
} from '../../../components/dashboard/classes';
import { DateTime } from '../../../components/dashboard/date-time';
import { ConfirmDialog } from '../../../components/dashboard/dialog';
import { Field } from '../../../components/dashboard/fields';
import { failureText } from '../../../components/dashboard/failure-text';
import { EmptyState, LoadFailure, Skeleton } from '../../../components/dashboard/load-states';
import { PageButtons } from '../../../components/dashboard/pager';
import { REVIEWS_PATH } from './api-paths';

export type ReportFilter = ReviewReportStatus | 'all';

/** Staff's words for each status of a report. */
const STATUS_LABELS: Record<ReviewReportStatus, string> = {
  open: 'Open',
  dismissed: 'Dismissed',
  upheld: 'Upheld',
};

const TONES: Record<ReviewReportStatus, BadgeTone> = {
  open: 'warning',
  dismissed: 'neutral',
  upheld: 'danger',
};

const DECISION_WORDS: Record<
  ReviewReportDecisionKind,
  { title: string; confirm: string; pending: string; done: string; explain: string }
> = {
  dismiss: {
    title: 'Dismiss this report?',
    confirm: 'Dismiss report',
    pending: 'Dismissing…',
    done: 'Report dismissed',
    explain: 'The review stays on the company’s page.',
  },
  uphold: {
    title: 'Uphold this report and hide the review?',
    confirm: 'Hide the review',
    pending: 'Hiding…',
    done: 'Report upheld',
    explain:
      'The review is hidden from the company’s page and its rating is recomputed. Other open reports of it are closed too. A writer who came through a request’s e-mail is told, with your reason.',
  },
};

interface Deciding {
  report: AdminReviewReport;
  decision: ReviewReportDecisionKind;
}

function useDecision(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ report, decision, reason }: Deciding & { reason: string }) =>
      adminWrite<ReviewReportDecisionResult>('POST', adminReviewReportDecisionPath(report.id), {
        decision,
        reason,
      } satisfies ReviewReportDecision),
    onSuccess: async ({ report }, { decision }) => {
      // The queue, the reviews list (an upheld report hid one) and the sidebar's count.
      void queryClient.invalidateQueries({ queryKey: [ADMIN_API.waiting] });
      await queryClient.invalidateQueries({
        predicate: (query) =>
          typeof query.queryKey[0] === 'string' &&
          (query.queryKey[0].startsWith(ADMIN_REVIEW_REPORTS_PATH) ||
            query.queryKey[0].startsWith(REVIEWS_PATH)),
      });
      toast({
        title: DECISION_WORDS[decision].done,
        description:
          decision === 'dismiss'
            ? `The review stays on ${report.company.name}'s page.`
            : `The review is hidden from ${report.company.name}'s page and its rating recomputed.`,
      });
      onDone();
    },
    onError: (error) =>
      toast({
        title: 'Could not decide on the report',
        description: failureText(error),
        variant: 'destructive',
      }),
  });
}

function reporterText(report: AdminReviewReport): string {
  if (report.source === 'company')
    return report.reporter
      ? `${report.company.name}: ${report.reporter.name} (${report.reporter.email})`
      : `${report.company.name} (an account since removed)`;
  return report.reporterEmail
    ? `A visitor (${report.reporterEmail})`
    : 'A visitor (no e-mail given)';
}

function ReportItem({
  report,
  busy,
  mayDecide,
  onDecide,
}: {
  report: AdminReviewReport;
  busy: boolean;
  mayDecide: boolean;
  onDecide: (decision: ReviewReportDecisionKind) => void;
}) {
  const about = `the report of "${report.review.title}"`;
  return (
    <li className={cardClass}>
      <article aria-label={`Report of the review "${report.review.title}"`}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <p className="text-sm text-slate-700">
            <Link to={`/admin/companies/${report.company.id}`} className={linkClass}>
              {report.company.name}
            </Link>
            {report.review.status === 'published' ? (
              <>
                {' · '}
                <a
                  href={`${companyProfilePath(report.company.slug)}#review-${report.review.id}`}
                  className={linkClass}
                >
                  the review on its page
                </a>
              </>
            ) : (
              ` · the review is ${report.review.status}`
            )}
          </p>
          <Badge tone={TONES[report.status]}>{STATUS_LABELS[report.status]}</Badge>
        </div>
        <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-medium text-slate-900">Reason</dt>
          <dd className="text-slate-800">{REVIEW_REPORT_REASON_LABELS[report.reason]}</dd>
          {report.details ? (
            <>
              <dt className="font-medium text-slate-900">Their words</dt>
              <dd className="whitespace-pre-line text-slate-800">{report.details}</dd>
            </>
          ) : null}
          <dt className="font-medium text-slate-900">Reported by</dt>
          <dd className="text-slate-800">
            {reporterText(report)}, <DateTime iso={report.createdAt} />
            {report.repeats > 0
              ? ` — and ${formatCount(report.repeats)} more ${report.repeats === 1 ? 'time' : 'times'} by visitors within a day`
              : ''}
          </dd>
        </dl>
        <blockquote className="mt-3 border-l-4 border-slate-200 pl-3 text-sm text-slate-700">
          <p className="font-semibold text-slate-900">
            <span aria-hidden="true">{'★'.repeat(report.review.rating)}</span>
            <span className="sr-only">{report.review.rating} stars: </span> {report.review.title}
          </p>
          <p className="mt-1 whitespace-pre-line">{report.review.body}</p>
          <p className="mt-1 text-xs text-slate-600">
            {report.review.authorFirstName} · {report.review.date}
          </p>
        </blockquote>
        {report.status !== 'open' ? (
          <p className="mt-2 text-sm text-slate-700">
            {STATUS_LABELS[report.status]} by {report.resolvedBy ?? 'staff'}
            {report.resolvedAt ? (
              <>
                , <DateTime iso={report.resolvedAt} />
              </>
            ) : null}
            : {report.staffReason}
          </p>
        ) : mayDecide ? (
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonClass}
              disabled={busy}
              onClick={() => onDecide('dismiss')}
              aria-label={`Dismiss ${about}`}
            >
              Dismiss
            </button>
            <button
              type="button"
              className={buttonClass}
              disabled={busy}
              onClick={() => onDecide('uphold')}
              aria-label={`Uphold ${about} and hide the review`}
            >
              Uphold and hide
            </button>
          </div>
        ) : null}
      </article>
    </li>
  );
}

/** Dismiss or uphold, with the reason required: a few words, said beside the field when missing. */
function DecisionDialog({
  deciding,
  pending,
  onClose,
  onConfirm,
}: {
  deciding: Deciding | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [shown, setShown] = useState<Deciding | null>(null);
  if (deciding !== shown) {
    // A new opening (or a close): start from an empty reason, as React's "adjusting state" pattern does.
    setShown(deciding);
    setReason('');
    setError(undefined);
  }
  const words = DECISION_WORDS[deciding?.decision ?? 'dismiss'];
  const confirm = () => {
    const text = reason.trim();
    if (text.length < 3) {
      setError('Say why you decide so: the audit log keeps it.');
      return;
    }
    onConfirm(text);
  };
  return (
    <ConfirmDialog
      open={deciding !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={words.title}
      description={
        deciding
          ? `“${deciding.report.review.title}” of ${deciding.report.company.name}. ${words.explain}`
          : ''
      }
      confirmLabel={words.confirm}
      pendingLabel={words.pending}
      tone={deciding?.decision === 'uphold' ? 'danger' : 'primary'}
      pending={pending}
      onConfirm={confirm}
    >
      <Field label="Reason (kept in the audit log; the company can read it)" error={error}>
        {(control) => (
          <textarea
            {...control}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            rows={3}
            maxLength={REVIEW_REPORT_DECISION_REASON_MAX}
            className={inputClass}
          />
        )}
      </Field>
    </ConfirmDialog>
  );
}

export function ReportModeration({
  status,
  page,
  onStatusChange,
  onPageChange,
}: {
  status: ReportFilter;
  page: number;
  onStatusChange: (status: ReportFilter) => void;
  onPageChange: (page: number) => void;
}) {
  const filterId = useId();
  const mayDecide = useMay('POST /review-reports/:id/decision');
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const params: Record<string, string> = { status, page: String(page), limit: '20' };
  const reports = useQuery<AdminReviewReportPage>({
    queryKey: [ADMIN_REVIEW_REPORTS_PATH, params],
    placeholderData: keepPreviousData,
  });
  const decide = useDecision(() => setDeciding(null));
  const data = reports.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;
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
            onChange={(event) => onStatusChange(event.target.value as ReportFilter)}
            className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
          >
            {REVIEW_REPORT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]} reports
              </option>
            ))}
            <option value="all">All reports</option>
          </select>
        </div>
        <p aria-live="polite" className="pb-2 text-sm text-slate-700">
          {data ? `${formatCount(data.total)} ${data.total === 1 ? 'report' : 'reports'}` : ''}
        </p>
      </div>
      {reports.isError && !data ? (
        <LoadFailure
          what="the reports"
          error={reports.error}
          onRetry={() => void reports.refetch()}
          retrying={reports.isFetching}
        />
      ) : !data ? (
        <Skeleton label="Loading reports…" blocks={2} />
      ) : data.items.length === 0 ? (
        <EmptyState>
          {status === 'open'
            ? 'No reports are waiting.'
            : status === 'all'
              ? 'Nobody has reported a review yet.'
              : `No ${STATUS_LABELS[status].toLowerCase()} reports.`}
        </EmptyState>
      ) : (
        <>
          <ul className="space-y-3" aria-label="Reports of reviews">
            {data.items.map((report) => (
              <ReportItem
                key={report.id}
                report={report}
                mayDecide={mayDecide}
                busy={decide.isPending && decide.variables?.report.id === report.id}
                onDecide={(decision) => setDeciding({ report, decision })}
              />
            ))}
          </ul>
          <PageButtons label="Report pages" page={page} pages={pages} onPageChange={onPageChange} />
        </>
      )}
      <DecisionDialog
        deciding={deciding}
        pending={decide.isPending}
        onClose={() => setDeciding(null)}
        onConfirm={(reason) => {
          if (deciding) decide.mutate({ ...deciding, reason });
        }}
      />
    </div>
  );
}
