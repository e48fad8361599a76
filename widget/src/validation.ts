/** Step-by-step validation with the contracts' shared rules (spec 5), as messages a visitor reads. */
import {
  DEFAULT_VALIDATION,
  quoteStepSchemas,
  type QuoteFormState,
  type QuoteStepNumber,
  type ValidationToggles,
} from '@moveratlas/contracts';

/** Field → message, in the form state's field names; `consent` for the consent box. */
export type StepErrors = Partial<Record<keyof QuoteFormState | 'consent', string>>;

export const FIELD_LABELS: Partial<Record<keyof QuoteFormState, string>> = {
  moveSize: 'Move size',
  movingDate: 'Moving date',
  movingFrom: 'Moving from',
  movingTo: 'Moving to',
  fromLocationZip: 'From ZIP code',
  toLocationZip: 'To ZIP code',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  autoYear: 'Vehicle year',
  autoMake: 'Vehicle make',
  autoModel: 'Vehicle model',
  autoCondition: 'Vehicle condition',
};

export const CONSENT_REQUIRED =
  'Please tick the box to send your request to the movers you chose and agree to be contacted.';

const schemaCache = new Map<string, ReturnType<typeof quoteStepSchemas>>();
function schemasFor(toggles: ValidationToggles) {
  const key = `${toggles.zip}${toggles.email}${toggles.phone}`;
  let schemas = schemaCache.get(key);
  if (!schemas) {
    schemas = quoteStepSchemas(toggles);
    schemaCache.set(key, schemas);
  }
  return schemas;
}

/** A field's rule message ("firstName must be at least 2 characters") in the visitor's words. */
function readable(field: keyof QuoteFormState, message: string): string {
  const label = FIELD_LABELS[field] ?? field;
  const text = message.startsWith(field) ? label + message.slice(field.length) : message;
  return text.endsWith('.') ? text : `${text}.`;
}

export interface StepCheck {
  ok: boolean;
  errors: StepErrors;
}

/**
 * Validates one step. Step 6, where the request is sent, also needs the consent box ticked for the exact
 * consent text shown (`consentAgreed`): it names the movers chosen on step 5, so it is asked once, there.
 */
export function validateStep(
  step: QuoteStepNumber,
  form: QuoteFormState,
  options: { toggles?: ValidationToggles; consentAgreed?: boolean } = {},
): StepCheck {
  if (step === 7) return { ok: true, errors: {} };
  const schema = schemasFor(options.toggles ?? DEFAULT_VALIDATION)[step];
  const result = schema.safeParse(form);
  const errors: StepErrors = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = (issue.path[0] ?? '') as keyof QuoteFormState;
      if (field && errors[field] === undefined) errors[field] = readable(field, issue.message);
    }
  }
  if (step === 6 && options.consentAgreed === false) errors.consent = CONSENT_REQUIRED;
  return { ok: Object.keys(errors).length === 0, errors };
}
