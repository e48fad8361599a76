/**
 * The mover's session as the /pro area knows it: GET /api/pro/auth/status, kept in TanStack Query under one
 * key so that the guard, the layout, the screens and sign-out agree; and the company a screen under
 * /pro/companies/:companyId works on. The server checks the session and the company on every call
 * regardless; this only decides what to draw.
 *
 * A company screen reads its company with `useProCompany()` ({ id, slug, name, role }). The status is asked
 * once per visit to the area: a screen that changes the mover's companies (a claim, leaving a company)
 * invalidates PRO_AUTH_STATUS_KEY so the switcher and the menu follow.
 */
import { createContext, useContext } from 'react';
import { useQuery } from '@tanstack/react-query';
import { proAuthStatusSchema, type ProAuthStatus, type ProCompany } from '@moveratlas/contracts';
import { PRO_AUTH_STATUS_KEY } from './pro-paths';
import { proRequest } from './pro-request';

export async function fetchProAuthStatus({
  signal,
}: { signal?: AbortSignal } = {}): Promise<ProAuthStatus> {
  return proAuthStatusSchema.parse(await proRequest<unknown>(PRO_AUTH_STATUS_KEY[0], { signal }));
}

export function useProAuthStatus() {
  return useQuery({
    queryKey: PRO_AUTH_STATUS_KEY,
    queryFn: fetchProAuthStatus,
    // Asked again on every visit to the area; a failure is an answer (not signed in), not retried.
    staleTime: 0,
    retry: false,
  });
}

/** The signed-in mover and its companies (inside the guard, where the status is known to be signed in). */
export function useProSession() {
  const status = useProAuthStatus().data;
  return status?.isAuthenticated
    ? { user: status.user, companies: status.companies }
    : { user: undefined, companies: [] as ProCompany[] };
}

/** Query keys of the movers' API, dropped at sign-out so the next person at this browser never sees them. */
export const isProDataKey = (queryKey: readonly unknown[]): boolean =>
  typeof queryKey[0] === 'string' && queryKey[0].startsWith('/api/pro');

export const ProCompanyContext = createContext<ProCompany | null>(null);

/** The company of the screen being drawn (a route under /pro/companies/:companyId). */
export function useProCompany(): ProCompany {
  const company = useContext(ProCompanyContext);
  if (!company) throw new Error('useProCompany is for the screens under /pro/companies/:companyId');
  return company;
}
