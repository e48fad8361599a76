/**
 * The widget's failures in the visitor's words (issue 15; the shared words are contracts' failure-text): a
 * failed call carries them beside its technical reason, which goes to the console for partners' developers.
 */
import { OFFLINE_MESSAGE, SERVER_TROUBLE_MESSAGE, isNetworkFailure } from '@moveratlas/contracts';

export {
  CHECK_DETAILS_MESSAGE,
  OFFLINE_MESSAGE,
  SERVER_TROUBLE_MESSAGE,
  failureMessageFor,
} from '@moveratlas/contracts';

export const STEP_NOT_LOADED_MESSAGE =
  'This part of the form did not load. Check your internet connection, then try again.';
export const RELOAD_KEEPS_PROGRESS =
  'If it still does not load, reload the page: what you entered is kept.';

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

/**
 * The visitor's words for any failure: a request's own; the connection when a file or call could not be
 * fetched (a chunk of the form, offline); anything else is ours to fix.
 */
export function visitorMessage(error: unknown): string {
  if (error instanceof RequestFailure) return error.visitorMessage;
  if (isNetworkFailure(error)) return OFFLINE_MESSAGE;
  return SERVER_TROUBLE_MESSAGE;
}
