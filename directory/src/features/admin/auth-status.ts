/**
 * The admin session as the client knows it: GET /api/auth/status (spec 7.2), kept in TanStack Query under
 * one key so that the login page, the guard and logout agree. The server checks the session on every
 * /api/admin/* call regardless; this only decides what to draw.
 */
import { authStatusSchema, type AuthStatus } from '@moveratlas/contracts';
import { apiRequest } from '../../lib/api-client';
import { AUTH_STATUS_KEY } from '../../lib/auth-status-key';

export { AUTH_STATUS_KEY };

export async function fetchAuthStatus({
  signal,
}: { signal?: AbortSignal } = {}): Promise<AuthStatus> {
  return authStatusSchema.parse(await apiRequest<unknown>(AUTH_STATUS_KEY[0], { signal }));
}

/** Query keys of the admin API's data, dropped at logout so the next admin never sees them. */
export const isAdminDataKey = (queryKey: readonly unknown[]): boolean =>
  typeof queryKey[0] === 'string' && queryKey[0].startsWith('/api/admin');
