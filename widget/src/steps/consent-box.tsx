/**
 * The consent the lead records (contracts' consentText): the exact text, naming the movers chosen, and a box
 * ticked for that text. Before a mover is chosen there is no text to agree to, and no box.
 */
import { useId } from 'react';
import { currentConsentText } from '../consent';
import { useQuote, useQuoteActions } from '../store';
import { FieldError } from '../ui/field';

export function ConsentBox() {
  const text = useQuote((s) => currentConsentText(s.form));
  const agreed = useQuote((s) => s.consentAgreedText === text);
  const error = useQuote((s) => s.errors.consent);
  const { agreeToConsent } = useQuoteActions();
  const id = useId();
  if (text === '') return null;
  return (
    <div className="rounded-ma border border-slate-200 bg-slate-50 p-3">
      <div className="flex items-start gap-3">
        <input
          id={id}
          name="consent"
          type="checkbox"
          checked={agreed}
          onChange={(event) => agreeToConsent(event.currentTarget.checked ? text : null)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-1 size-5 shrink-0 accent-brand"
        />
        <label htmlFor={id} className="text-xs leading-relaxed text-slate-700">
          {text}
        </label>
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
