/**
 * Test support for the /pro screens of the leads inbox and the overview: renders screens at their paths under
 * /pro/companies/:companyId, below the site's root route (its facts, the toast region), in a memory router
 * with a fresh query client, and answers their fetches from a function of the parsed URL.
 */
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router-dom';
import type { LeadQuality, LeadReturn } from '@moveratlas/contracts';
import { AppProviders } from '../../../app/providers';
import { Toaster } from '../../../components/toast/toaster';
import { createQueryClient } from '../../../lib/query-client';
import { ROOT_ROUTE_ID } from '../../../lib/site';
import { TEST_SITE } from '../../../test/fixtures';

export const json = (status: number, body?: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

export type ProApi = (url: URL, init: RequestInit) => Promise<Response> | Response;

export function renderProScreens(path: string, screens: RouteObject[], api: ProApi) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) =>
    api(new URL(String(input), 'http://pro.test'), init),
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
        children: [{ path: 'pro/companies/:companyId', children: screens }],
      },
    ],
    { initialEntries: [path], hydrationData: { loaderData: { [ROOT_ROUTE_ID]: TEST_SITE } } },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, fetchMock };
}

/** The URLs fetched at one path. */
export const callsTo = (fetchMock: ReturnType<typeof vi.fn>, pathname: string) =>
  fetchMock.mock.calls
    .map(([input, init]) => ({
      url: new URL(String(input), 'http://pro.test'),
      init: (init ?? {}) as RequestInit,
    }))
    .filter((call) => call.url.pathname === pathname);

/** A lead the checks found nothing wrong with: the server still says so in a sentence. */
export const cleanQuality = (): LeadQuality => ({
  flags: [],
  notes: ['Nothing unusual was found about this request.'],
  repeatOf: null,
});

/** This company's return of the lead, waiting for staff unless told otherwise. */
export const leadReturn = (overrides: Partial<LeadReturn> = {}): LeadReturn => ({
  id: 3,
  status: 'requested',
  reason: 'wrong-phone',
  note: null,
  requestedBy: 'Olivia Owner',
  requestedAt: '2026-11-25T15:00:00.000Z',
  decidedAt: null,
  decisionNote: null,
  ...overrides,
});
