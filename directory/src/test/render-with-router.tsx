/** Renders a component inside a data router whose root route carries the site facts, as in the app. */
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../app/providers';
import type { SiteInfo } from '@moveratlas/contracts';
import { createQueryClient } from '../lib/query-client';
import { ROOT_ROUTE_ID } from '../lib/site';
import { TEST_SITE } from './fixtures';

export function renderWithRouter(
  element: ReactNode,
  { path = '/', site = TEST_SITE }: { path?: string; site?: SiteInfo } = {},
) {
  const router = createMemoryRouter(
    [
      {
        id: ROOT_ROUTE_ID,
        path: '/',
        loader: () => site,
        Component: Outlet,
        children: [
          { index: true, element },
          { path: '*', element },
        ],
      },
    ],
    { initialEntries: [path], hydrationData: { loaderData: { [ROOT_ROUTE_ID]: site } } },
  );
  const result = render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router };
}
