/** Renders an element to HTML as the server would, then hydrates it, collecting every hydration error. */
import type { ReactNode } from 'react';
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../lib/query-client';
import { ROOT_ROUTE_ID } from '../lib/site';
import { TEST_SITE } from './fixtures';

function tree(element: ReactNode, path: string) {
  const router = createMemoryRouter(
    [
      {
        id: ROOT_ROUTE_ID,
        path: '/',
        loader: () => TEST_SITE,
        Component: Outlet,
        children: [
          { index: true, element },
          { path: '*', element },
        ],
      },
    ],
    { initialEntries: [path], hydrationData: { loaderData: { [ROOT_ROUTE_ID]: TEST_SITE } } },
  );
  return (
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}

// React's act() flushes scheduled work only where the environment says it is a test (testing-library's
// render sets this; hydrating by hand does not).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export async function hydrationErrors(element: ReactNode, path = '/'): Promise<unknown[]> {
  const container = document.createElement('div');
  container.innerHTML = renderToString(tree(element, path));
  document.body.appendChild(container);
  const errors: unknown[] = [];
  const root = await act(async () =>
    hydrateRoot(container, tree(element, path), {
      onRecoverableError: (error) => errors.push(error),
    }),
  );
  // Unmounted before the test ends: no work of this root may run after jsdom is torn down.
  act(() => root.unmount());
  container.remove();
  return errors;
}
