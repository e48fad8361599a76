import { describe, expect, it } from 'vitest';
import { CHECK_DETAILS_MESSAGE, SERVER_TROUBLE_MESSAGE, isNetworkFailure } from './failure-text';
import { failureMessageFor, plainReason } from './refusal-text';

describe('failure texts (issue 15)', () => {
  it('puts a leading wire field name in the visitor’s words and says what to do', () => {
    expect(plainReason('first_name must be at least 2 characters')).toBe(
      `First name must be at least 2 characters. ${CHECK_DETAILS_MESSAGE}`,
    );
    expect(plainReason('consent_checked: the visitor must tick the consent box')).toBe(
      `Consent checked: the visitor must tick the consent box. ${CHECK_DETAILS_MESSAGE}`,
    );
    expect(plainReason('That date has passed. Please choose another.')).toBe(
      'That date has passed. Please choose another.',
    );
    expect(plainReason('')).toBe(CHECK_DETAILS_MESSAGE);
  });

  it('gives the server’s refusals, never its failures or a missing page', () => {
    expect(failureMessageFor(400, 'The request body is too large')).toMatch(/^The request body/);
    expect(failureMessageFor(429, 'Too many requests; please wait')).toBe(
      'Too many requests; please wait.',
    );
    for (const status of [401, 404, 500, 502, 503])
      expect(failureMessageFor(status, 'Internal server error')).toBe(SERVER_TROUBLE_MESSAGE);
  });

  it('recognises the browsers’ words for "nothing came back", not any TypeError', () => {
    for (const message of [
      'Failed to fetch',
      'NetworkError when attempting to fetch resource.',
      'Load failed',
      'Failed to fetch dynamically imported module: https://x/a.js',
      'Importing a module script failed.',
    ])
      expect(isNetworkFailure(new TypeError(message))).toBe(true);
    expect(isNetworkFailure(new TypeError('x is not a function'))).toBe(false);
    expect(isNetworkFailure(new Error('Failed to fetch'))).toBe(false);
  });
});
