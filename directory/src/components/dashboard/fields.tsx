/**
 * Labelled form fields for the admin forms: the label, the control, a hint and the field's message, the
 * last two linked to the control for screen readers (aria-describedby) and the control marked invalid while
 * it has a message.
 */
import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import { fieldMessages } from '@moveratlas/contracts';
import type { z } from 'zod';
import { buttonClass, errorBoxClass, inputClass, primaryButtonClass } from './classes';

/** What a field hands its control: the id its label points at and the ARIA that ties the messages to it. */
export interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

interface FieldProps {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** A field whose control is given by the caller (a select, a checkbox group, a custom input). */
export function Field({
  label,
  error,
  hint,
  className,
  name,
  children,
}: FieldProps & {
  className?: string;
  /** Set as data-field, for focusing the first field with a message. */
  name?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className} data-field={name}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({
        id,
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextInput({
  label,
  error,
  hint,
  ...input
}: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(control) => <input {...control} className={inputClass} {...input} />}
    </Field>
  );
}

export function TextArea({
  label,
  error,
  hint,
  ...textarea
}: FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'>) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(control) => <textarea {...control} className={`${inputClass} font-mono`} {...textarea} />}
    </Field>
  );
}

/** The first message for each top-level field of a failed parse; a message about the whole form is "form". */
/** A labelled select of a record's statuses (a lead's, a message's), each shown by its label. */
export function StatusSelectField<S extends string>({
  statuses,
  labels,
  value,
  onChange,
}: {
  statuses: readonly S[];
  labels: Readonly<Record<S, string>>;
  value: S;
  onChange: (status: S) => void;
}) {
  return (
    <Field label="Status">
      {(control) => (
        <select
          {...control}
          value={value}
          onChange={(event) => onChange(event.target.value as S)}
          className={inputClass}
        >
          {statuses.map((s) => (
            <option key={s} value={s}>
              {labels[s]}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function fieldErrors(error: z.ZodError): Record<string, string> {
  const { '': form, ...fields } = fieldMessages(error);
  return form === undefined ? fields : { ...fields, form };
}

/** Why a form was not accepted (the server's refusal, a failed request), in a red box; nothing without one. */
export function FormFailure({
  message,
  className = '',
}: {
  message: ReactNode;
  className?: string;
}) {
  if (message === null || message === undefined || message === false || message === '') return null;
  return (
    <p role="alert" className={`${errorBoxClass} ${className}`}>
      {message}
    </p>
  );
}

/** A form's send and cancel buttons: the send says it is working, and neither can be pressed meanwhile. */
export function SendOrCancel({
  label,
  pending,
  onCancel,
}: {
  label: string;
  pending: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <button type="submit" className={primaryButtonClass} disabled={pending}>
        {pending ? 'Sending…' : label}
      </button>
      <button type="button" className={buttonClass} onClick={onCancel} disabled={pending}>
        Cancel
      </button>
    </div>
  );
}
