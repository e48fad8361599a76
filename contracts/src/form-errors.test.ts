import { describe, expect, it } from 'vitest';
import { FORM_ERROR_MESSAGES, formErrorQuery, readFormError } from './form-errors';

describe('form error codes', () => {
  it('round-trip a code and a field name through the address', () => {
    const query = formErrorQuery('invalid', 'email');
    expect(query).toBe('error=invalid&field=email');
    expect(readFormError(new URLSearchParams(query))).toEqual({
      message: FORM_ERROR_MESSAGES.invalid,
      field: 'email',
    });
  });

  it('carry no field name that is not one', () => {
    expect(formErrorQuery('invalid', 'a&b=c')).toBe('error=invalid');
    expect(formErrorQuery('rate-limited')).toBe('error=rate-limited');
  });

  it('read nothing but known codes', () => {
    for (const code of ['hacked', 'constructor', 'hasOwnProperty', 'Invalid', ''])
      expect(readFormError(new URLSearchParams({ error: code }))).toBeNull();
    expect(readFormError(new URLSearchParams())).toBeNull();
  });
});
