/**
 * What a visitor is told when a call fails (issue 15), shared by the widget and the directory: plain words and
 * what to do, never the technical reason ("Failed to fetch", "API Error: 502 Bad Gateway", a field's code name).
 * The technical reason is for the console.
 */
import { fieldLabel } from './text';

export const OFFLINE_MESSAGE =
  'We could not reach MoverAtlas. Check your internet connection, then try again.';
export const SERVER_TROUBLE_MESSAGE =
  'Our server is having trouble right now. Please try again in a minute.';
export const CHECK_DETAILS_MESSAGE = 'Please check your details and try again.';

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

/**
 * Whether an error is the browser saying nothing came back (offline, a dropped connection, a file of the page
 * that could not be fetched): a TypeError with Chrome's, Firefox's or Safari's words for it — not any TypeError,
 * which is also what a bug throws.
 */
export const isNetworkFailure = (error: unknown): boolean =>
  error instanceof TypeError &&
  /fetch|network|load failed|importing a module|dynamically imported/i.test(error.message);

/** What to tell a visitor about a response that was not OK, from its status and the server's reason. */
export function failureMessageFor(status: number, reason: string): string {
  // The server's refusals of what was sent (400, 409, 413, 415, 422) and its rate limits (429) are written
  // for people; a missing page or permission, and anything 5xx, is not the visitor's to fix.
  if (status >= 400 && status < 500 && ![401, 403, 404].includes(status))
    return plainReason(reason);
  return SERVER_TROUBLE_MESSAGE;
}
