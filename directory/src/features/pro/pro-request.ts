/**
 * The /pro area's calls to /api/pro/*: same-origin JSON, and on every write the mover session's CSRF token
 * (from its readable cookie) in the X-CSRF-Token header. A failure is an ApiError carrying the server's
 * reason in words; a 401 (the session ended) is noticed by the guard, which sends the mover to sign in.
 *
 * Reads in a screen: `useQuery({ queryKey: [path] })` works as in the admin (the app's default query
 * function calls the path), or `queryFn: ({ signal }) => proRequest(path, { signal })`.
 */
import { CSRF_HEADER, proCsrfTokenFromCookies } from '@moveratlas/contracts';
import { apiRequest } from '../../lib/api-client';

/** The mover session's CSRF token, `__Host-ma_pro_csrf` over HTTPS, `ma_pro_csrf` on plain http. */
export function proCsrfToken(cookies: string = document.cookie): string | undefined {
  return proCsrfTokenFromCookies(cookies);
}

/** A read (GET unless `init` says otherwise) of the movers' API, JSON out. */
export function proRequest<T>(path: string, init: RequestInit = {}): Promise<T> {
  return apiRequest<T>(path, init);
}

/** A write (POST, PUT, PATCH, DELETE) to the movers' API, JSON in and out, with the CSRF header. */
export function proWrite<T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  init: RequestInit = {},
): Promise<T> {
  const headers = new Headers(init.headers);
  const token = proCsrfToken();
  if (token) headers.set(CSRF_HEADER, token);
  return apiRequest<T>(path, {
    ...init,
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}
