/**
 * "Report this review" (issue 19): why (one of a fixed set of reasons), optional details and an optional
 * e-mail address for our team, checked with the server's own schema and sent to POST
 * /api/reviews/:id/report; then the thanks, or the refusal in words with the form kept. Loaded on first use
 * (review-report-button.tsx), so neither this nor zod is in the profile's first download.
 *
 * Radix's Dialog, non-modal in Radix's terms and made modal here, as the admin's menu drawer is: Radix's modal
 * mode locks scrolling with an injected <style> element, which the site's Content-Security-Policy (style-src
 * 'self') refuses. So focus is trapped with Radix's FocusScope, the page behind is covered and marked inert to
 * assistive technology by aria-modal, and scrolling is locked with a class.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { FocusScope } from '@radix-ui/react-focus-scope';
import { useMutation } from '@tanstack/react-query';
import {
  fieldMessages,
  REVIEW_REPORT_DETAILS_MAX,
  REVIEW_REPORT_EMAIL_MAX,
  REVIEW_REPORT_REASON_LABELS,
  REVIEW_REPORT_REASONS,
  ReviewReportRequestSchema,
  reviewReportPath,
  type ReviewReportReceipt,
} from '@moveratlas/contracts';
import { apiRequest } from '../../lib/api-client';
import { failureMessage } from '../../lib/failure-message';
import { inputClass } from '../../components/forms/public-form';

export interface ReportedReview {
  id: number;
  title: string;
}

type Field = 'reason' | 'details' | 'email';

const primaryButton =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800 disabled:opacity-60';
const secondaryButton =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50';

export function ReviewReportDialog({
  review,
  open,
  onOpenChange,
  onReported,
  returnFocusTo,
}: {
  review: ReportedReview;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Told once the report is in, so the button can say so. */
  onReported: () => void;
  /** Where the keyboard goes back to when the dialog closes: the button that opened it. */
  returnFocusTo: () => HTMLElement | null;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [details, setDetails] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const form = useRef<HTMLFormElement>(null);
  const thanks = useRef<HTMLParagraphElement>(null);

  const send = useMutation({
    mutationFn: (body: unknown) =>
      apiRequest<ReviewReportReceipt>(reviewReportPath(review.id), {
        method: 'POST',
        body: JSON.stringify(body),
      }),
    onSuccess: () => onReported(),
  });

  useEffect(() => {
    if (!open) return;
    document.body.classList.add('overflow-hidden');
    return () => document.body.classList.remove('overflow-hidden');
  }, [open]);

  // The thanks replaces the form: the keyboard (and a screen reader) goes to it.
  useEffect(() => {
    if (send.isSuccess) thanks.current?.focus();
  }, [send.isSuccess]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ReviewReportRequestSchema.safeParse({ reason, details, email });
    if (!parsed.success) {
      const found = fieldMessages(parsed.error) as Partial<Record<Field, string>>;
      setErrors(found);
      // The first field to fix takes the keyboard.
      const first = (['reason', 'details', 'email'] as const).find((field) => found[field]);
      form.current
        ?.querySelector<HTMLElement>(
          first === 'reason' ? 'input[name="reason"]' : `[name="${first}"]`,
        )
        ?.focus();
      return;
    }
    setErrors({});
    send.mutate(parsed.data);
  };

  const described = (field: Field, hint?: string) =>
    [errors[field] ? `${id}-${field}-error` : null, hint ?? null].filter(Boolean).join(' ') ||
    undefined;

  return (
    <Dialog.Root modal={false} open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <div aria-hidden="true" className="fixed inset-0 z-40 bg-slate-900/50" />
        <FocusScope asChild trapped loop>
          <Dialog.Content
            aria-modal="true"
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              returnFocusTo()?.focus();
            }}
            className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-5 shadow-xl focus:outline-none sm:p-6"
          >
            <Dialog.Title className="text-lg font-semibold text-slate-900">
              Report this review
            </Dialog.Title>
            <Dialog.Description className="mt-1 text-sm text-slate-700">
              “{review.title}”. Our team reads every report and removes a review that breaks our
              rules. The company is not told who reported it.
            </Dialog.Description>
            {send.isSuccess ? (
              <div className="mt-4">
                <p
                  ref={thanks}
                  tabIndex={-1}
                  role="status"
                  className="rounded-lg bg-green-50 p-4 text-green-900 focus:outline-none"
                >
                  {send.data.message}
                </p>
                <div className="mt-4 flex justify-end">
                  <Dialog.Close className={primaryButton}>Close</Dialog.Close>
                </div>
              </div>
            ) : (
              <form ref={form} onSubmit={submit} noValidate className="mt-4 space-y-4">
                {send.isError ? (
                  <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900">
                    {failureMessage(send.error)}
                  </p>
                ) : null}
                <fieldset
                  aria-describedby={described('reason')}
                  aria-invalid={errors.reason ? true : undefined}
                >
                  <legend className="text-sm font-medium text-slate-800">
                    Why are you reporting it?
                  </legend>
                  <div className="mt-2 space-y-2">
                    {REVIEW_REPORT_REASONS.map((value) => (
                      <label
                        key={value}
                        className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-800 has-[:checked]:border-blue-700 has-[:checked]:bg-blue-50"
                      >
                        <input
                          type="radio"
                          name="reason"
                          value={value}
                          checked={reason === value}
                          onChange={() => setReason(value)}
                          className="h-5 w-5 shrink-0 text-blue-700"
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
                  <label
                    htmlFor={`${id}-details`}
                    className="block text-sm font-medium text-slate-800"
                  >
                    What is wrong with it? {reason === 'other' ? '' : '(optional)'}
                  </label>
                  <textarea
                    id={`${id}-details`}
                    name="details"
                    value={details}
                    onChange={(event) => setDetails(event.target.value)}
                    rows={3}
                    maxLength={REVIEW_REPORT_DETAILS_MAX + 100}
                    aria-invalid={Boolean(errors.details)}
                    aria-describedby={described('details')}
                    className={inputClass}
                  />
                  {errors.details ? (
                    <p id={`${id}-details-error`} className="mt-1 text-sm text-red-700">
                      {errors.details}
                    </p>
                  ) : null}
                </div>
                <div>
                  <label
                    htmlFor={`${id}-email`}
                    className="block text-sm font-medium text-slate-800"
                  >
                    Your e-mail address (optional)
                  </label>
                  <input
                    id={`${id}-email`}
                    name="email"
                    type="email"
                    autoComplete="email"
                    value={email}
                    onChange={(event) => setEmail(event.target.value)}
                    maxLength={REVIEW_REPORT_EMAIL_MAX}
                    aria-invalid={Boolean(errors.email)}
                    aria-describedby={described('email', `${id}-email-hint`)}
                    className={inputClass}
                  />
                  <p id={`${id}-email-hint`} className="mt-1 text-xs text-slate-600">
                    Only our team sees it, to ask you about the report if we need to.
                  </p>
                  {errors.email ? (
                    <p id={`${id}-email-error`} className="mt-1 text-sm text-red-700">
                      {errors.email}
                    </p>
                  ) : null}
                </div>
                <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                  <Dialog.Close type="button" className={secondaryButton}>
                    Cancel
                  </Dialog.Close>
                  <button type="submit" className={primaryButton} disabled={send.isPending}>
                    {send.isPending ? 'Sending…' : 'Send report'}
                  </button>
                </div>
              </form>
            )}
          </Dialog.Content>
        </FocusScope>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
