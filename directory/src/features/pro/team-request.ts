/**
 * Writes of the team, notification and change-history screens to the movers' API, with the session's CSRF
 * token in X-CSRF-Token. TEMPORARY: the /pro shell's pro-request.ts (proWrite) replaces this once it lands.
 */
import { CSRF_HEADER, proCsrfTokenFromCookies } from '@moveratlas/contracts';
import { apiRequest } from '../../lib/api-client';

export function teamWrite<T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const headers = new Headers();
  const token = proCsrfTokenFromCookies(document.cookie);
  if (token) headers.set(CSRF_HEADER, token);
  return apiRequest<T>(path, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}
