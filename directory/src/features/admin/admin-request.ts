/**
 * The admin screens' calls to /api/admin/*: the same-origin request of spec 7.1, plus the session's CSRF
 * token (read from its cookie) on every write. Reads go through TanStack Query's default query function.
 */
import { CSRF_HEADER, csrfTokenFromCookies } from '@moveratlas/contracts';
import { apiRequest } from '../../lib/api-client';

/** The session's CSRF token: `__Host-ma_csrf` over HTTPS, `ma_csrf` on plain http (local development). */
export function csrfToken(cookies: string = document.cookie): string | undefined {
  return csrfTokenFromCookies(cookies);
}

/** A write (POST, PUT, PATCH, DELETE) to the admin API, JSON in and out. */
export function adminWrite<T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  init: RequestInit = {},
): Promise<T> {
  const headers = new Headers(init.headers);
  const token = csrfToken();
  if (token) headers.set(CSRF_HEADER, token);
  return apiRequest<T>(path, {
    ...init,
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}
