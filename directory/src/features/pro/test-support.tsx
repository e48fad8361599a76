/**
 * Test support for the /pro area and the movers' sign-in pages: routes rendered under the site's root route
 * (its facts, the toast region) in a memory router with a fresh query client, the fetches answered by a
 * function of the request, and a signed-in mover's status.
 */
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router-dom';
import { AppProviders } from '../../app/providers';
import { Toaster } from '../../components/toast/toaster';
import { createQueryClient } from '../../lib/query-client';
import { ROOT_ROUTE_ID } from '../../lib/site';
import { TEST_SITE } from '../../test/fixtures';
import type { ProAuthStatus, ProCompany } from '@moveratlas/contracts';

/** A JSON answer; 204 has no body. */
export const json = (status: number, body?: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/** Answers a fetch: the path as the page asked for it, and the request's init. */
export type Api = (url: string, init: RequestInit) => Promise<Response> | Response;

export const ACME: ProCompany = { id: 7, slug: 'acme-movers', name: 'Acme Movers', role: 'owner' };
export const BRAVO: ProCompany = {
  id: 12,
  slug: 'bravo-moving',
  name: 'Bravo Moving',
  role: 'staff',
};

export const signedInStatus = (companies: ProCompany[] = [ACME]): ProAuthStatus => ({
  isAuthenticated: true,
  user: { id: 3, email: 'dana@acme.example', name: 'Dana Reyes' },
  companies,
});

export function renderRoutes(routes: RouteObject[], path: string, api?: Api) {
  const queryClient = createQueryClient();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (!api) throw new Error(`unexpected fetch of ${String(input)}`);
    return api(String(input), init);
  });
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(
    [
      {
        id: ROOT_ROUTE_ID,
        path: '/',
        loader: () => TEST_SITE,
        Component: () => (
          <>
            <Outlet />
            <Toaster />
          </>
        ),
        children: routes,
      },
    ],
    { initialEntries: [path], hydrationData: { loaderData: { [ROOT_ROUTE_ID]: TEST_SITE } } },
  );
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, fetchMock, queryClient };
}

/** The requests made to one path, with their init. */
export function callsTo(fetchMock: ReturnType<typeof vi.fn>, path: string) {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: String(input), init: (init ?? {}) as RequestInit }))
    .filter((call) => call.url === path);
}
