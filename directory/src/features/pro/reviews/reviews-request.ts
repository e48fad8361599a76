/**
 * The Reviews screen's one write: a public reply to a review, sent with the mover session's CSRF token.
 */
import {
  CSRF_HEADER,
  proCsrfTokenFromCookies,
  type ProReviewReplyResult,
} from '@moveratlas/contracts';
import { apiRequest } from '../../../lib/api-client';

export function sendReviewReply(path: string, body: string): Promise<ProReviewReplyResult> {
  const headers = new Headers();
  const token = proCsrfTokenFromCookies(document.cookie);
  if (token) headers.set(CSRF_HEADER, token);
  return apiRequest<ProReviewReplyResult>(path, {
    method: 'POST',
    headers,
    body: JSON.stringify({ body }),
  });
}
