/**
 * Why a plain (no-script) form post was refused, as the address it is sent back to says it:
 * `?error=<code>`, and `&field=<name>` for the field at fault. The page shows its own words for a known code and
 * ignores anything else, so a link can never make our page print text of its choosing (issue 12).
 */

export const FORM_ERROR_MESSAGES = {
  invalid:
    'Some of the details could not be accepted. Please check the marked field and send again.',
  'rate-limited':
    'Too many forms were sent from your connection. Please wait a few minutes and try again.',
} as const;

export type FormErrorCode = keyof typeof FORM_ERROR_MESSAGES;

/** Shown beside the field a refused plain form post names. */
export const FORM_FIELD_ERROR_MESSAGE = 'Please check this entry.';

const isFormErrorCode = (code: string): code is FormErrorCode =>
  Object.prototype.hasOwnProperty.call(FORM_ERROR_MESSAGES, code);

/** A form field's name as the pages write them; nothing else is carried in, or read back from, the address. */
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

/** The query string a refused form post is redirected with (`field` only when it is a plain field name). */
export function formErrorQuery(code: FormErrorCode, field?: string): string {
  const params = new URLSearchParams({ error: code });
  if (field !== undefined && FIELD_NAME.test(field)) params.set('field', field);
  return params.toString();
}

export interface FormError {
  message: string;
  /**
   * The field at fault, when the address names one; a page marks it only if it has a field of that name, with
   * FORM_FIELD_ERROR_MESSAGE, so the name itself is never shown.
   */
  field: string | null;
}

/** Reads `?error=` (and `&field=`) back: our message for a known code, else nothing. */
export function readFormError(params: URLSearchParams): FormError | null {
  const code = params.get('error');
  if (code === null || !isFormErrorCode(code)) return null;
  const field = params.get('field');
  return {
    message: FORM_ERROR_MESSAGES[code],
    field: field !== null && FIELD_NAME.test(field) ? field : null,
  };
}
