/**
 * The /pro area's writes as this screen uses them: JSON with the session's CSRF header, and the header alone
 * for an upload sent through XMLHttpRequest.
 */
import { CSRF_HEADER, proCsrfTokenFromCookies } from '@moveratlas/contracts';
import { apiRequest } from '../../../lib/api-client';

/** The CSRF header of the signed-in mover's session, for a request this module does not send. */
export function proCsrfHeaders(): Record<string, string> {
  const token = proCsrfTokenFromCookies(document.cookie);
  return token ? { [CSRF_HEADER]: token } : {};
}

/** A write (POST, PUT, PATCH, DELETE) to the pro API, JSON in and out. */
export function proWrite<T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  return apiRequest<T>(path, {
    method,
    headers: proCsrfHeaders(),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}
