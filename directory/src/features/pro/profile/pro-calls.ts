/**
 * The /pro area's writes as this screen uses them: JSON with the session's CSRF header, and the header alone
 * for an upload sent through XMLHttpRequest.
 */
import { CSRF_HEADER } from '@moveratlas/contracts';

// TEMPORARY until the foundation's contracts/src/pro-auth.ts lands on main.
function proCsrfTokenFromCookies(cookies: string): string | undefined {
  for (const part of cookies.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === '__Host-ma_pro_csrf' || name === 'ma_pro_csrf')
      return decodeURIComponent(value.join('='));
  }
  return undefined;
}
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
