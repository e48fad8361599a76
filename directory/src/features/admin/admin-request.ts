/**
 * The admin screens' calls to /api/admin/*: the same-origin request of spec 7.1, plus the session's CSRF
 * token (read from its cookie) on every write. Reads go through TanStack Query's default query function.
 */
import { CSRF_COOKIE, CSRF_HEADER } from '@moveratlas/contracts';
import { apiRequest } from '../../lib/api-client';

export function csrfToken(cookies: string = document.cookie): string | undefined {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === CSRF_COOKIE)
      return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
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
