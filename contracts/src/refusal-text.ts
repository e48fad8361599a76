/**
 * A server's refusal of what a visitor sent, as they read it (issue 15): shared by the widget and the
 * directory's forms. Apart from failure-text.ts, which pages that only read also load.
 */
import { CHECK_DETAILS_MESSAGE, SERVER_TROUBLE_MESSAGE } from './failure-text';
import { fieldLabel } from './text';

/**
 * A server's refusal as a visitor reads it: a leading wire field name ("first_name must be…") in their words
 * ("First name must be…"), a full stop, and what to do when the reason does not say.
 */
export function plainReason(reason: string): string {
  const text = reason.trim().replace(/^[a-z]+(?:_[a-z]+)+(?=:?\s)/, (name) => fieldLabel(name));
  if (text === '') return CHECK_DETAILS_MESSAGE;
  const sentence = /[.!?]$/.test(text) ? text : `${text}.`;
  return /\bplease\b/i.test(sentence) ? sentence : `${sentence} ${CHECK_DETAILS_MESSAGE}`;
}

/** What to tell a visitor about a response that was not OK, from its status and the server's reason. */
export function failureMessageFor(status: number, reason: string): string {
  // The server's refusals of what was sent (400, 409, 413, 415, 422) and its rate limits (429) are written
  // for people; a missing page or permission, and anything 5xx, is not the visitor's to fix.
  if (status >= 400 && status < 500 && ![401, 403, 404].includes(status))
    return plainReason(reason);
  return SERVER_TROUBLE_MESSAGE;
}
