/** A labelled text input whose error is announced and tied to it (aria-invalid + aria-describedby). */
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

export const inputClass =
  'block w-full min-h-11 rounded-ma border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-400 focus:border-brand focus:outline-2 focus:outline-offset-1 focus:outline-brand aria-invalid:border-red-600';

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

export function TextField({
  label,
  error,
  hint,
  inputRef,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        {...input}
        id={id}
        ref={inputRef}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
