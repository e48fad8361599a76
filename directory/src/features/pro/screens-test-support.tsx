/**
 * Test support for the team, notification, change-history and invitation screens: a screen rendered under
 * the site's root route (its facts, the toast region) in a memory router with a fresh query client, its
 * fetches answered by a function of the request, and the calls made to one path.
 */
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router-dom';
import type { ProCompany } from '@moveratlas/contracts';
import { AppProviders } from '../../app/providers';
import { Toaster } from '../../components/toast/toaster';
import { createQueryClient } from '../../lib/query-client';
import { ROOT_ROUTE_ID } from '../../lib/site';
import { TEST_SITE } from '../../test/fixtures';

export const json = (status: number, body?: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

export type Api = (url: string, init: RequestInit) => Promise<Response> | Response;

export const OWNED: ProCompany = { id: 7, slug: 'acme-movers', name: 'Acme Movers', role: 'owner' };
export const STAFFED: ProCompany = { ...OWNED, role: 'staff' };

export function renderScreen(routes: RouteObject[], path: string, api: Api) {
  const queryClient = createQueryClient();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) =>
    api(String(input), init),
  );
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
  return { router, fetchMock };
}

/** The requests made to one path (with its query), with their init. */
export function callsTo(fetchMock: ReturnType<typeof vi.fn>, path: string) {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: String(input), init: (init ?? {}) as RequestInit }))
    .filter((call) => call.url === path);
}

export const bodyOf = (init: RequestInit): unknown => JSON.parse(String(init.body));
