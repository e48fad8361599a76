/**
 * The "Change status" form of a record's screen (a lead for staff or for a mover, a contact message): the
 * status select, optionally a note that goes into the record's history, and a submit that stays disabled
 * until something would change. The caller's mutation says what happened (its toasts); a saved note clears.
 */
import { useState, type FormEvent } from 'react';
import { inputClass, primaryButtonClass } from './classes';
import { Field, StatusSelectField } from './fields';

export function StatusForm<S extends string>({
  statuses,
  labels,
  current,
  note,
  submitLabel = 'Update status',
  pending,
  save,
}: {
  statuses: readonly S[];
  labels: Readonly<Record<S, string>>;
  current: S;
  /** A note field (for the history), with its hint and height; none when left out. */
  note?: { hint?: string; rows: number };
  submitLabel?: string;
  pending: boolean;
  /** Sends the change; resolves once saved (the note then clears), rejects when it was not. */
  save: (body: { status: S; note?: string }) => Promise<unknown>;
}) {
  const [status, setStatus] = useState<S>(current);
  const [text, setText] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    save({ status, ...(trimmed ? { note: trimmed } : {}) }).then(
      () => setText(''),
      // The caller's mutation has said why (a toast); the form keeps what was typed.
      () => undefined,
    );
  };
  const unchanged = status === current && text.trim() === '';
  return (
    <form onSubmit={onSubmit} aria-label="Change status" className="space-y-3">
      <StatusSelectField statuses={statuses} labels={labels} value={status} onChange={setStatus} />
      {note ? (
        <Field label="Note (optional)" hint={note.hint}>
          {(control) => (
            <textarea
              {...control}
              value={text}
              maxLength={500}
              rows={note.rows}
              onChange={(event) => setText(event.target.value)}
              className={inputClass}
            />
          )}
        </Field>
      ) : null}
      <button type="submit" disabled={pending || unchanged} className={primaryButtonClass}>
        {pending ? 'Saving…' : submitLabel}
      </button>
    </form>
  );
}
