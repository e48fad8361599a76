/**
 * The admin area's route guard (spec 4.3): a spinner while the session check is pending, the page when the
 * server says the session is live, and /login otherwise; a failed check counts as not signed in. The server
 * renders the spinner (it never has an admin's data), so nothing private is in the HTML. Any admin call the
 * server answers 401 (the session ended meanwhile) sends the admin back to /login too, saying the session
 * expired. Either way the sign-in returns to this page (`?next=`), where a form's draft is restored
 * (docs/decisions/028).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router-dom';
import type { AuthStatus } from '@moveratlas/contracts';
import { ApiError } from '../../lib/api-client';
import { AUTH_STATUS_KEY, fetchAuthStatus } from './auth-status';
import { SessionSpinner } from '../../components/dashboard/session-spinner';

export const AdminSpinner = SessionSpinner;

const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

export function useAuthStatus() {
  return useQuery({
    queryKey: AUTH_STATUS_KEY,
    queryFn: fetchAuthStatus,
    // Asked again on every visit to the area; a failure is an answer (not signed in), not retried.
    staleTime: 0,
    retry: false,
  });
}

/**
 * /login, then back to `returnTo`; `expired` when a session ended under the admin's hands (the login page
 * says so, and that typed changes are kept: docs/decisions/028).
 */
export function loginPath(returnTo: string, expired: boolean): string {
  const query = new URLSearchParams({ next: returnTo });
  if (expired) query.set('reason', 'expired');
  return `/login?${query.toString()}`;
}

export function AdminGuard({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const status = useAuthStatus();
  const location = useLocation();
  const [expired, setExpired] = useState(false);

  useEffect(() => {
    const signedOut = () => {
      setExpired(true);
      const ended: AuthStatus = { isAuthenticated: false };
      queryClient.setQueryData(AUTH_STATUS_KEY, ended);
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && isUnauthorized(event.query.state.error)) signedOut();
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && isUnauthorized(event.mutation?.state.error)) signedOut();
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient]);

  if (status.isPending) return <AdminSpinner />;
  if (status.isError || !status.data.isAuthenticated)
    return <Navigate to={loginPath(`${location.pathname}${location.search}`, expired)} replace />;
  return children;
}
