/**
 * What a visitor is told when something fails (issue 15): plain words and what to do, never the technical
 * reason ("Failed to fetch", "API Error: 502 Bad Gateway", a field's code name). The technical detail goes to
 * the console for the partner's developers.
 */
import { fieldLabel } from '@moveratlas/contracts';

export const OFFLINE_MESSAGE =
  'We could not reach MoverAtlas. Check your internet connection, then try again.';
export const SERVER_TROUBLE_MESSAGE =
  'Our server is having trouble right now. Nothing was lost: please try again in a minute.';
export const STEP_NOT_LOADED_MESSAGE =
  'This part of the form did not load. Check your internet connection, then try again.';
export const RELOAD_KEEPS_PROGRESS =
  'If it still does not load, reload the page: what you entered is kept.';
export const CHECK_DETAILS_MESSAGE = 'Please check your details and try again.';

/** A call that failed: `visitorMessage` is for the visitor, `message` the technical detail. */
export class RequestFailure extends Error {
  constructor(
    readonly visitorMessage: string,
    detail: string,
    readonly status: number | null = null,
  ) {
    super(detail);
    this.name = 'RequestFailure';
  }
}

/** A leading wire field name ("first_name must be…") in the visitor's words ("First name must be…"). */
function plainReason(reason: string): string {
  const text = reason
    .trim()
    .replace(/^([a-z]+(?:_[a-z]+)+)\b:?/, (name: string) => fieldLabel(name.replace(/:$/, '')));
  if (text === '') return CHECK_DETAILS_MESSAGE;
  const sentence = /[.!?]$/.test(text) ? text : `${text}.`;
  return /\bplease\b/i.test(sentence) ? sentence : `${sentence} ${CHECK_DETAILS_MESSAGE}`;
}

/** What to tell the visitor about a response that was not OK, from its status and the server's reason. */
export function visitorMessageFor(status: number, reason: string): string {
  // The server's refusals of what was sent (400, 413, 415) and its rate limit (429) are written for people.
  if (status >= 400 && status < 500 && status !== 401 && status !== 403 && status !== 404)
    return plainReason(reason);
  return SERVER_TROUBLE_MESSAGE;
}

/**
 * The visitor's words for any failure: a request's own; a TypeError is how a browser reports a file or call
 * that could not be fetched (a chunk of the form, offline); anything else is ours to fix.
 */
export function visitorMessage(error: unknown): string {
  if (error instanceof RequestFailure) return error.visitorMessage;
  if (error instanceof TypeError) return OFFLINE_MESSAGE;
  return SERVER_TROUBLE_MESSAGE;
}
