/**
 * The inbox's one write (a lead's status): same-origin JSON with the mover session's CSRF token (from its
 * readable cookie) in the X-CSRF-Token header, as every write behind the /api/pro gate needs. The /pro
 * shell's pro-request.ts (proWrite) does the same for every screen; this goes once that is on main.
 */
import { CSRF_HEADER, proCsrfTokenFromCookies } from '@moveratlas/contracts';
import { apiRequest } from '../../../lib/api-client';

export function proPatch<T>(path: string, body: unknown): Promise<T> {
  const headers = new Headers();
  const token = proCsrfTokenFromCookies(document.cookie);
  if (token) headers.set(CSRF_HEADER, token);
  return apiRequest<T>(path, { method: 'PATCH', headers, body: JSON.stringify(body) });
}
