/**
 * What the contact and company-application forms share. Without scripts the form posts to the API, which
 * redirects back with ?sent=1 or ?error=<code>&field=<name> (contracts/form-errors: the page shows its own
 * words for a known code, never text from the address); with scripts it is validated here with the same
 * contracts schema (messages beside their fields) and sent as JSON, and the confirmation replaces the form.
 */
import { useState, useSyncExternalStore, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import {
  fieldMessages,
  FORM_FIELD_ERROR_MESSAGE,
  FORM_HONEYPOT_FIELD,
  readFormError,
  type FormReceipt,
} from '@moveratlas/contracts';
import { apiRequest } from '../../lib/api-client';
import { failureMessage } from '../../lib/failure-message';

export interface FormOutcome {
  /** ?sent=1: the plain form was accepted. */
  sent: boolean;
  /** ?error=<code>: the plain form was refused; our message for that code. */
  error: string | null;
  /** &field=<name>: the field the refusal was about, marked beside it. */
  errorField?: string | null;
}

export function formOutcome(request: Request): FormOutcome {
  const params = new URL(request.url).searchParams;
  const refused = readFormError(params);
  return {
    sent: params.get('sent') === '1',
    error: refused?.message ?? null,
    errorField: refused?.field ?? null,
  };
}

export type FormStatus =
  | { state: 'editing'; errors: Record<string, string>; failure: string | null }
  | { state: 'sending' }
  | { state: 'sent'; message: string };

/** The form's values as the schema reads them; repeated names (checkbox groups) become arrays. */
function valuesOf(form: HTMLFormElement, arrays: readonly string[]): Record<string, unknown> {
  const data = new FormData(form);
  const values: Record<string, unknown> = {};
  for (const key of new Set(data.keys())) {
    const all = data.getAll(key).map(String);
    values[key] = arrays.includes(key) ? all : all[0];
  }
  for (const key of arrays) values[key] ??= [];
  return values;
}

const noSubscription = () => () => undefined;

export interface PublicFormOptions {
  /** Field names read as lists (checkbox groups). */
  arrays?: readonly string[];
  /** The outcome of a plain (no-JS) form post, from the page's loader. */
  outcome: FormOutcome;
  /** Shown after a plain form post was accepted (?sent=1). */
  sentMessage: string;
}

/**
 * The form's schema, loaded on demand (see form-schemas.ts): zod stays out of the page's first download and
 * arrives when the visitor starts on the form.
 */
export type SchemaLoader = () => Promise<z.ZodType>;

export function usePublicForm(
  loadSchema: SchemaLoader,
  endpoint: string,
  { arrays = [], outcome, sentMessage }: PublicFormOptions,
) {
  const [status, setStatus] = useState<FormStatus>({
    state: 'editing',
    // A plain form post refused for one field: marked beside it (only a field the form has shows it).
    errors:
      outcome.errorField && !outcome.sent ? { [outcome.errorField]: FORM_FIELD_ERROR_MESSAGE } : {},
    failure: null,
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = valuesOf(event.currentTarget, arrays);
    // Without the schema (its chunk failed to load) the server's own validation answers instead.
    const schema = await loadSchema().catch(() => undefined);
    const parsed = schema?.safeParse(values);
    if (parsed && !parsed.success) {
      setStatus({ state: 'editing', errors: fieldMessages(parsed.error), failure: null });
      return;
    }
    setStatus({ state: 'sending' });
    try {
      const receipt = await apiRequest<FormReceipt>(endpoint, {
        method: 'POST',
        body: JSON.stringify(values),
      });
      setStatus({ state: 'sent', message: receipt.message });
    } catch (error) {
      console.error('Sending the form failed', error);
      setStatus({ state: 'editing', errors: {}, failure: failureMessage(error) });
    }
  };

  const errors = status.state === 'editing' ? status.errors : {};
  // The browser's own checks guard the plain form; once scripts run, the schema's messages take over.
  const enhanced = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const confirmation = status.state === 'sent' ? status.message : outcome.sent ? sentMessage : null;
  const failure =
    status.state === 'editing' ? (status.failure ?? (outcome.sent ? null : outcome.error)) : null;
  return {
    status,
    errors,
    /** The confirmation that replaces the form, once it was sent (with or without scripts). */
    confirmation,
    /** Why the last attempt was refused, shown above the form. */
    failure,
    sending: status.state === 'sending',
    noValidate: enhanced,
    onSubmit: (event: FormEvent<HTMLFormElement>) => void onSubmit(event),
    /** Starts loading the schema as soon as the visitor is in the form, so that sending does not wait for it. */
    onFocus: () => void loadSchema().catch(() => undefined),
  };
}

/** Off-screen, out of the tab order and hidden from assistive technology: only bots fill it. */
export function HoneypotField() {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Fax number (leave empty)
        <input
          type="text"
          name={FORM_HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </label>
    </div>
  );
}

export const inputClass =
  'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 shadow-sm focus:border-blue-600 focus:ring-2 focus:ring-blue-600/30 focus:outline-none aria-[invalid=true]:border-red-600';

/** A labelled field with its validation message, linked for screen readers. */
export function Field({
  name,
  label,
  error,
  hint,
  children,
}: {
  name: string;
  label: string;
  error?: string;
  hint?: string;
  children: (props: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby'?: string;
  }) => ReactNode;
}) {
  const id = `field-${name}`;
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': Boolean(error),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {hint && !error ? (
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

export function FormBanner({ tone, children }: { tone: 'success' | 'error'; children: ReactNode }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-lg p-4 ${tone === 'error' ? 'bg-red-50 text-red-900' : 'bg-green-50 text-green-900'}`}
    >
      {children}
    </div>
  );
}
