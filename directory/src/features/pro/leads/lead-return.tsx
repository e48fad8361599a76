/**
 * The mover's return of a lead it cannot use: a button that opens the form (why, and details), then the
 * return as sent, with staff's answer once they have decided. One return per lead and company.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  LEAD_RETURN_NOTE_MAX,
  LEAD_RETURN_REASON_LABELS,
  LEAD_RETURN_REASONS,
  LeadReturnRequestSchema,
  proLeadReturnPath,
  type LeadReturn,
  type LeadReturnReason,
  type LeadReturnRequest,
  type ProLeadDetail,
} from '@moveratlas/contracts';
import { buttonClass, inputClass } from '../../../components/dashboard/classes';
import { DateTime } from '../../../components/dashboard/date-time';
import { Facts } from '../../../components/dashboard/facts';
import { failureText } from '../../../components/dashboard/failure-text';
import {
  Field,
  fieldErrors,
  FormFailure,
  SendOrCancel,
} from '../../../components/dashboard/fields';
import { LeadReturnStatusBadge } from '../../../components/dashboard/lead-return-status';
import { Panel } from '../../../components/dashboard/section-card';
import { toast } from '../../../components/toast/toast-store';
import { formatCount } from '../../../lib/numbers';
import { proWrite } from '../pro-request';
import { leadsApi } from './lead-format';

function ReturnForm({
  detail,
  companyId,
  onCancel,
  onSent,
}: {
  detail: ProLeadDetail;
  companyId: number;
  onCancel: () => void;
  onSent: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState<LeadReturnReason | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const firstReason = useRef<HTMLInputElement>(null);
  const details = useRef<HTMLTextAreaElement>(null);
  // Opened by a button: the keyboard goes on to the first choice.
  useEffect(() => firstReason.current?.focus(), []);
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: (body: LeadReturnRequest) =>
      proWrite<ProLeadDetail>('POST', proLeadReturnPath(companyId, detail.lead.id), body),
    onSuccess: (updated) => {
      queryClient.setQueryData([leadsApi(companyId, `/${detail.lead.id}`)], updated);
      toast({ title: 'Return sent', description: 'Our staff will answer by e-mail.' });
      onSent();
    },
    onError: (error) => setProblem(failureText(error)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const parsed = LeadReturnRequestSchema.safeParse({
      reason: reason ?? undefined,
      note: note.trim(),
    });
    if (!parsed.success) {
      const messages = fieldErrors(parsed.error);
      setErrors(messages);
      (messages.reason ? firstReason.current : details.current)?.focus();
      return;
    }
    setErrors({});
    setProblem(null);
    send.mutate(parsed.data);
  };

  const reasonError = errors.reason ?? errors.form;
  const needed =
    reason === 'other' ? `Needed for “${LEAD_RETURN_REASON_LABELS.other}”` : 'Optional';
  return (
    <form onSubmit={submit} noValidate aria-label="Return this lead" className="space-y-4">
      <fieldset aria-describedby={reasonError ? `${id}-reason-error` : undefined}>
        <legend className="text-sm font-medium text-slate-800">
          Why are you returning this lead?
        </legend>
        <ul className="mt-2 space-y-2">
          {LEAD_RETURN_REASONS.map((value, i) => (
            <li key={value} className="flex items-start gap-2">
              <input
                ref={i === 0 ? firstReason : undefined}
                id={`${id}-${value}`}
                type="radio"
                name={`${id}-reason`}
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
                className="mt-0.5 h-5 w-5 shrink-0"
              />
              <label htmlFor={`${id}-${value}`} className="min-w-0 text-sm text-slate-800">
                {LEAD_RETURN_REASON_LABELS[value]}
              </label>
            </li>
          ))}
        </ul>
        {reasonError ? (
          <p id={`${id}-reason-error`} className="mt-1 text-sm text-red-700">
            {reasonError}
          </p>
        ) : null}
      </fieldset>
      <Field
        label="Details"
        error={errors.note}
        hint={`${needed}. ${formatCount(note.trim().length)} of ${formatCount(LEAD_RETURN_NOTE_MAX)} characters. Our staff read them; the customer never does.`}
      >
        {(control) => (
          <textarea
            {...control}
            ref={details}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            required={reason === 'other'}
            rows={3}
            // Room past the limit, so that a longer text is said to be too long rather than cut.
            maxLength={LEAD_RETURN_NOTE_MAX + 200}
            className={inputClass}
          />
        )}
      </Field>
      <FormFailure message={problem} />
      <SendOrCancel label="Send the return" pending={send.isPending} onCancel={onCancel} />
    </form>
  );
}

function ReturnSent({ sent }: { sent: LeadReturn }) {
  const facts: Array<[string, ReactNode]> = [['Reason', LEAD_RETURN_REASON_LABELS[sent.reason]]];
  if (sent.note)
    facts.push(['Your details', <span className="whitespace-pre-line">{sent.note}</span>]);
  facts.push([
    'Sent',
    <>
      {sent.requestedBy ? `by ${sent.requestedBy}, ` : ''}
      <DateTime iso={sent.requestedAt} />
    </>,
  ]);
  if (sent.decidedAt) facts.push(['Answered', <DateTime iso={sent.decidedAt} />]);
  return (
    <div className="space-y-3">
      <LeadReturnStatusBadge status={sent.status} reader="mover" />
      <Facts items={facts} />
      {sent.status === 'requested' ? (
        <p className="text-sm text-slate-600">Our staff will answer by e-mail.</p>
      ) : sent.decisionNote ? (
        <p className="text-sm whitespace-pre-line text-slate-800">
          <span className="font-medium">Our staff&apos;s answer:</span> {sent.decisionNote}
        </p>
      ) : null}
    </div>
  );
}

export function LeadReturnPanel({
  detail,
  companyId,
}: {
  detail: ProLeadDetail;
  companyId: number;
}) {
  const [writing, setWriting] = useState(false);
  // Where the keyboard goes when the form closes: back to its button, or to the return just sent.
  const [focusNext, setFocusNext] = useState<'opener' | 'sent' | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const sentBox = useRef<HTMLDivElement>(null);
  const sent = detail.return;
  useEffect(() => {
    if (writing || !focusNext) return;
    const target = focusNext === 'sent' ? sentBox.current : opener.current;
    if (!target) return;
    target.focus();
    setFocusNext(null);
  }, [writing, focusNext, sent]);

  if (sent)
    return (
      <Panel title="Your return of this lead">
        <div
          ref={sentBox}
          tabIndex={-1}
          className="focus-visible:outline-2 focus-visible:outline-blue-700"
        >
          <ReturnSent sent={sent} />
        </div>
      </Panel>
    );
  return (
    <Panel title="Return this lead">
      {writing ? (
        <ReturnForm
          detail={detail}
          companyId={companyId}
          onCancel={() => {
            setWriting(false);
            setFocusNext('opener');
          }}
          onSent={() => {
            setWriting(false);
            setFocusNext('sent');
          }}
        />
      ) : (
        <>
          <p className="text-sm text-slate-600">
            A wrong number, or someone who never asked for quotes? Tell our staff why you cannot use
            this lead; they check every return and answer by e-mail.
          </p>
          <button
            ref={opener}
            type="button"
            className={`${buttonClass} mt-3`}
            onClick={() => setWriting(true)}
          >
            Return this lead
          </button>
        </>
      )}
    </Panel>
  );
}
