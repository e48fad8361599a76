/** The consent text the lead records, and whether the visitor ticked the box for exactly that text. */
import { consentText, type QuoteFormState } from '@moveratlas/contracts';

export function currentConsentText(form: QuoteFormState): string {
  return consentText(form.selectedCompanies.map((c) => c.name));
}

/** Step 6 needs the box ticked for exactly the text the lead will record. */
export function consentIsCurrent(state: {
  form: QuoteFormState;
  consentAgreedText: string;
}): boolean {
  return (
    state.consentAgreedText !== '' && state.consentAgreedText === currentConsentText(state.form)
  );
}
