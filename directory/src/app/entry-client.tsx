/** The browser entry: reads the server's hydration data, loads the current page's lazy route, hydrates the document. */
// Must come first: sets up React Fast Refresh in development without an inline script; empty in production.
import '@vitejs/plugin-react/preamble';
import '../styles.css';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import {
  createBrowserRouter,
  matchRoutes,
  RouterProvider,
  type RouteObject,
} from 'react-router-dom';
import { CameFromContext } from '../lib/came-from';
import { Document } from './document';
import { readBootstrap, rehydrateRouterState } from './hydration';
import { createLazyDirectoryData } from './lazy-directory-data';
import { AppProviders } from './providers';
import { routes } from './router';
import { createRouterContext } from './router-context';

/** Lazy routes matched by the server-rendered URL must be in place before hydration, or the first render differs. */
async function loadMatchedLazyRoutes(routeTable: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routeTable, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const definition = await route.lazy();
      Object.assign(route, { ...definition, lazy: undefined });
    }),
  );
}

/**
 * Lets the browser paint and handle input between the start-up steps: each is then a task of its own instead
 * of one long task, which on a slow phone blocks the page as long as they take together.
 */
const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function hydrate(): Promise<void> {
  await yieldToMain();
  const { bootstrap, raw } = readBootstrap(document);
  const data = createLazyDirectoryData(bootstrap.site);
  await loadMatchedLazyRoutes(routes);
  await yieldToMain();
  const router = createBrowserRouter(routes, {
    hydrationData: rehydrateRouterState(bootstrap.router),
    getContext: () => createRouterContext(data),
  });
  // Hydrating in a transition lets React yield to the browser every few milliseconds instead of holding the
  // main thread for the whole page (hundreds of milliseconds on a slow phone); the server's HTML is already
  // on screen and its links work meanwhile, and an early click makes React finish hydrating at once.
  await yieldToMain();
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <AppProviders>
          <Document assets={bootstrap.assets} bootstrapJson={raw}>
            <CameFromContext value={bootstrap.cameFrom ?? null}>
              <RouterProvider router={router} />
            </CameFromContext>
          </Document>
        </AppProviders>
      </StrictMode>,
    );
  });
}

hydrate().catch((error: unknown) => {
  // The server-rendered page stays usable as plain HTML.
  console.error('Hydration failed', error);
});
