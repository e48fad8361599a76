/**
 * "Reject …?" with the reason the author reads (staff rejecting a review or a company's reply): a reason of a
 * few words is required, said beside the field. The dialog is open while `subject` is set; each opening
 * starts with an empty reason.
 */
import { useState } from 'react';
import { inputClass } from './classes';
import { ConfirmDialog } from './dialog';
import { Field } from './fields';

export function RejectDialog<T>({
  subject,
  onClose,
  title,
  description,
  confirmLabel,
  reasonLabel,
  missingReason,
  maxLength,
  pending,
  onReject,
}: {
  subject: T | null;
  onClose: () => void;
  title: string;
  description: (subject: T) => string;
  confirmLabel: string;
  /** Who reads the reason, e.g. "Reason (the reviewer reads it)". */
  reasonLabel: string;
  /** Said beside the field when the reason is missing or a word or two short. */
  missingReason: string;
  maxLength: number;
  pending: boolean;
  onReject: (subject: T, reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [shown, setShown] = useState<T | null>(null);
  if (subject !== shown) {
    // A new opening (or a close): start from an empty reason, as React's "adjusting state" pattern does.
    setShown(subject);
    setReason('');
    setReasonError(undefined);
  }
  const confirm = () => {
    const text = reason.trim();
    if (text.length < 3) {
      setReasonError(missingReason);
      return;
    }
    if (subject !== null) onReject(subject, text);
  };
  return (
    <ConfirmDialog
      open={subject !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      description={subject === null ? '' : description(subject)}
      confirmLabel={confirmLabel}
      pendingLabel="Rejecting…"
      pending={pending}
      onConfirm={confirm}
    >
      <Field label={reasonLabel} error={reasonError}>
        {(control) => (
          <textarea
            {...control}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            rows={3}
            maxLength={maxLength}
            className={inputClass}
          />
        )}
      </Field>
    </ConfirmDialog>
  );
}
