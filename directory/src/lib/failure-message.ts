/** What a form tells a visitor about a failed submission (issue 15). */
import { failureMessageFor } from '@moveratlas/contracts';
import { ApiError, loadFailureMessage } from './api-client';

/**
 * What a page tells a visitor about a failed call, in plain words with what to do: the server's refusal of
 * what was sent (its reason, written for people), else that the connection or the server failed — never
 * "Failed to fetch", a status line or "Invalid JSON response from server".
 */
export function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500)
    return failureMessageFor(error.status, error.reason);
  return loadFailureMessage(error);
}
