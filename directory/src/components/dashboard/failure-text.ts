/**
 * An API failure as staff read it: the server's own reason (without spec 8's "API Error: " prefix), which
 * names what went wrong on our side too; a failure with no answer (offline, a screen's file that did not
 * load) in plain words, never "Failed to fetch" (issue 15).
 */
import { ApiError } from '../../lib/api-client';
import { failureMessage } from '../../lib/failure-message';

export const failureText = (error: unknown): string =>
  error instanceof ApiError && error.reason !== '' ? error.reason : failureMessage(error);
