/**
 * The /pro area's guard: a spinner while the session check is pending, the area when the server says the
 * mover is signed in, and /pro/login?next=… otherwise; a failed check counts as not signed in. The server
 * renders only the spinner (it never has a mover's data), so nothing private is in the HTML. Any call to
 * the movers' API answered 401 (the session ended meanwhile) sends the mover to sign in too, saying why.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router-dom';
import { ApiError } from '../../lib/api-client';
import type { ProAuthStatus } from '@moveratlas/contracts';
import { PRO_AUTH_STATUS_KEY, proLoginPath } from './pro-paths';
import { useProAuthStatus } from './pro-session';
import { SessionSpinner } from '../../components/dashboard/session-spinner';

export const ProSpinner = SessionSpinner;

const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

export function ProGuard({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const status = useProAuthStatus();
  const location = useLocation();
  const [expired, setExpired] = useState(false);

  useEffect(() => {
    const signedOut = () => {
      setExpired(true);
      const ended: ProAuthStatus = { isAuthenticated: false };
      queryClient.setQueryData(PRO_AUTH_STATUS_KEY, ended);
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

  const signedIn = status.data?.isAuthenticated === true;
  // A "signed out" answer kept from an earlier visit is asked again before it sends anyone away (the mover
  // may have signed in since, on /pro/login or by a reset link).
  if (status.isPending || (status.isFetching && !signedIn && !expired)) return <ProSpinner />;
  if (!signedIn)
    return (
      <Navigate to={proLoginPath(`${location.pathname}${location.search}`, expired)} replace />
    );
  return children;
}
