/**
 * Test support for the admin screens and the login page: renders routes under the site's root route (its
 * facts, the toast region) in a memory router with a fresh query client, and answers the screens' fetches
 * from a function of the request.
 */
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router-dom';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppProviders } from '../../app/providers';
import { Toaster } from '../../components/toast/toaster';
import { createQueryClient } from '../../lib/query-client';
import { ROOT_ROUTE_ID } from '../../lib/site';
import { TEST_SITE } from '../../test/fixtures';

/** A JSON answer; 204 has no body. */
export const json = (status: number, body?: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/** Answers a fetch: the URL as the screen asked for it (a path with its query), and the request's init. */
export type Api = (url: string, init: RequestInit) => Promise<Response> | Response;

/** The same with the URL parsed, for tests that read its path and parameters. */
export type UrlApi = (url: URL, init: RequestInit) => Promise<Response> | Response;

export const parsedUrl =
  (api: UrlApi): Api =>
  (url, init) =>
    api(new URL(url, 'http://admin.test'), init);

export function renderRoutes(
  routes: RouteObject[],
  path: string,
  { api, queryClient = createQueryClient() }: { api?: Api; queryClient?: QueryClient } = {},
) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (!api) throw new Error(`unexpected fetch of ${String(input)}`);
    return api(String(input), init);
  });
  if (api) vi.stubGlobal('fetch', fetchMock);
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

/** Admin screens at their paths under /admin. */
export const renderAdminScreens = (path: string, screens: RouteObject[], api: Api) =>
  renderRoutes([{ path: 'admin', children: screens }], path, { api });

/** The requests made to one path, as URLs with their init. */
export function callsTo(fetchMock: ReturnType<typeof vi.fn>, pathname: string) {
  return fetchMock.mock.calls
    .map(([input, init]) => ({
      url: new URL(String(input), 'http://admin.test'),
      init: (init ?? {}) as RequestInit,
    }))
    .filter((call) => call.url.pathname === pathname);
}

/** A screen that needs no router, with a fresh query client that does not retry: a failure shows at once. */
export function renderWithQueries(ui: ReactNode) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}
