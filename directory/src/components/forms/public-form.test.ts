// @vitest-environment node
import { FORM_ERROR_MESSAGES } from '@moveratlas/contracts';
import { describe, expect, it } from 'vitest';
import { formOutcome } from './public-form';

const outcomeOf = (query: string) =>
  formOutcome(new Request(`https://movers.test/contact${query}`));

describe('formOutcome (issue 12: a link must not choose the words the page prints)', () => {
  it('shows our message for a known code, with the field at fault', () => {
    expect(outcomeOf('?error=invalid&field=email')).toEqual({
      sent: false,
      error: FORM_ERROR_MESSAGES.invalid,
      errorField: 'email',
    });
    expect(outcomeOf('?error=rate-limited')).toEqual({
      sent: false,
      error: FORM_ERROR_MESSAGES['rate-limited'],
      errorField: null,
    });
  });

  it.each([
    '?error=Your%20account%20is%20locked%3A%20call%20555-0199',
    '?error=email%20must%20be%20a%20valid%20e-mail%20address',
    '?error=toString',
    '?error=__proto__',
    '?error=',
  ])('shows nothing for %s', (query) => {
    expect(outcomeOf(query)).toEqual({ sent: false, error: null, errorField: null });
  });

  it('names no field that is not a plain field name', () => {
    expect(outcomeOf('?error=invalid&field=%3Cscript%3E').errorField).toBeNull();
    expect(outcomeOf('?error=invalid&field=a%20b').errorField).toBeNull();
  });

  it('reads a sent form', () => {
    expect(outcomeOf('?sent=1')).toEqual({ sent: true, error: null, errorField: null });
  });
});
