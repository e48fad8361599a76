/**
 * Under each review at /pro (issue 19): how the company's report of it to our team stands (waiting, or kept
 * with staff's reason — an upheld report hides the review, so it leaves this list), and "Report to our team":
 * a short form with the reason and optional details, sent with the session's CSRF token.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  proReviewReportPath,
  proReviewsPath,
  ProReviewReportRequestSchema,
  REVIEW_REPORT_DETAILS_MAX,
  REVIEW_REPORT_REASON_LABELS,
  REVIEW_REPORT_REASONS,
  fieldMessages,
  type ProReview,
  type ProReviewReport,
} from '@moveratlas/contracts';
import { Badge } from '../../../components/dashboard/badge';
import { buttonClass, inputClass } from '../../../components/dashboard/classes';
import { DateTime } from '../../../components/dashboard/date-time';
import { SendOrCancel } from '../../../components/dashboard/fields';
import { failureText } from '../../../components/dashboard/failure-text';
import { toast } from '../../../components/toast/toast-store';
import { proWrite } from '../pro-request';

function ReportForm({
  companyId,
  review,
  onCancel,
  onSent,
}: {
  companyId: number;
  review: ProReview;
  onCancel: () => void;
  onSent: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; details?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const group = useRef<HTMLFieldSetElement>(null);
  // Opened by a button: the keyboard goes on to the first choice.
  useEffect(() => group.current?.querySelector('input')?.focus(), []);
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: (body: { reason: string; details: string }) =>
      proWrite<{ report: ProReviewReport }>(
        'POST',
        proReviewReportPath(companyId, review.id),
        body,
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [proReviewsPath(companyId)] });
      toast({
        title: 'Review reported',
        description: 'Our team will read it again and you will see the outcome here.',
      });
      onSent();
    },
    onError: (error) => setFailure(failureText(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ProReviewReportRequestSchema.safeParse({ reason, details });
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.error));
      return;
    }
    setErrors({});
    setFailure(null);
    send.mutate(parsed.data);
  };
  return (
    <form onSubmit={submit} noValidate className="mt-3 space-y-3 rounded-lg bg-slate-50 p-3">
      {failure ? (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      ) : null}
      <fieldset
        ref={group}
        aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
        aria-invalid={errors.reason ? true : undefined}
      >
        <legend className="text-sm font-medium text-slate-800">
          Why should our team look at this review?
        </legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {REVIEW_REPORT_REASONS.map((value) => (
            <label
              key={value}
              className="flex min-h-10 cursor-pointer items-center gap-2 text-sm text-slate-800"
            >
              <input
                type="radio"
                name={`${id}-reason`}
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
                className="h-5 w-5 shrink-0"
              />
              {REVIEW_REPORT_REASON_LABELS[value]}
            </label>
          ))}
        </div>
        {errors.reason ? (
          <p id={`${id}-reason-error`} className="mt-1 text-sm text-red-700">
            {errors.reason}
          </p>
        ) : null}
      </fieldset>
      <div>
        <label htmlFor={`${id}-details`} className="block text-sm font-medium text-slate-800">
          What is wrong with it? {reason === 'other' ? '' : '(optional)'}
        </label>
        <textarea
          id={`${id}-details`}
          value={details}
          onChange={(event) => setDetails(event.target.value)}
          rows={3}
          maxLength={REVIEW_REPORT_DETAILS_MAX + 100}
          aria-invalid={errors.details ? true : undefined}
          aria-describedby={errors.details ? `${id}-details-error` : `${id}-details-hint`}
          className={inputClass}
        />
        {errors.details ? (
          <p id={`${id}-details-error`} className="mt-1 text-sm text-red-700">
            {errors.details}
          </p>
        ) : (
          <p id={`${id}-details-hint`} className="mt-1 text-xs text-slate-600">
            Only our team reads it. The reviewer is not told who reported the review.
          </p>
        )}
      </div>
      <SendOrCancel label="Send report" pending={send.isPending} onCancel={onCancel} />
    </form>
  );
}

export function ReviewReportState({ companyId, review }: { companyId: number; review: ProReview }) {
  const [writing, setWriting] = useState(false);
  // Set when the form closes: the keyboard goes back to the button (cancelled), or to the report's new state
  // once the list shows it (sent).
  const focusAfterClose = useRef<'opener' | 'state' | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const state = useRef<HTMLParagraphElement>(null);
  const { report } = review;
  useEffect(() => {
    if (writing || !focusAfterClose.current) return;
    const target = focusAfterClose.current === 'opener' ? opener.current : state.current;
    if (!target) return;
    target.focus();
    focusAfterClose.current = null;
  }, [writing, report?.status]);
  const label = `review "${review.title}"`;
  const closeForm = (next: 'opener' | 'state') => {
    focusAfterClose.current = next;
    setWriting(false);
  };
  return (
    <div className="mt-3">
      {report ? (
        // One element whatever the status, so the keyboard stays on it when a new report replaces the last.
        <p
          ref={state}
          tabIndex={-1}
          className="flex flex-wrap items-center gap-2 text-sm text-slate-700 focus:outline-none"
        >
          {report.status === 'dismissed' ? (
            <>
              <Badge tone="neutral">Report dismissed</Badge>
              <span>
                Our team kept this review after your report. The reason:{' '}
                {report.staffReason ?? 'not given'}
              </span>
            </>
          ) : (
            <>
              <Badge tone={report.status === 'open' ? 'warning' : 'danger'}>
                {report.status === 'open' ? 'Reported: waiting for our team' : 'Report upheld'}
              </Badge>
              <span>
                {REVIEW_REPORT_REASON_LABELS[report.reason]}, <DateTime iso={report.createdAt} />
              </span>
            </>
          )}
        </p>
      ) : null}
      {report?.status === 'open' ? null : writing ? (
        <ReportForm
          companyId={companyId}
          review={review}
          onCancel={() => closeForm('opener')}
          onSent={() => closeForm('state')}
        />
      ) : (
        <button
          ref={opener}
          type="button"
          className={`${buttonClass} mt-2`}
          onClick={() => setWriting(true)}
          aria-label={`${report ? 'Report again' : 'Report to our team'}: ${label}`}
        >
          {report ? 'Report again' : 'Report to our team'}
        </button>
      )}
    </div>
  );
}
