/** The browser entry: reads the server's hydration data, loads the current page's lazy route, hydrates the document. */
// Must come first: sets up React Fast Refresh in development without an inline script; empty in production.
import '@vitejs/plugin-react/preamble';
import '../styles.css';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import {
  createBrowserRouter,
  matchRoutes,
  RouterProvider,
  type RouteObject,
} from 'react-router-dom';
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

async function hydrate(): Promise<void> {
  const { bootstrap, raw } = readBootstrap(document);
  const data = createLazyDirectoryData(bootstrap.site);
  await loadMatchedLazyRoutes(routes);
  const router = createBrowserRouter(routes, {
    hydrationData: rehydrateRouterState(bootstrap.router),
    getContext: () => createRouterContext(data),
  });
  hydrateRoot(
    document,
    <StrictMode>
      <AppProviders>
        <Document assets={bootstrap.assets} bootstrapJson={raw}>
          <RouterProvider router={router} />
        </Document>
      </AppProviders>
    </StrictMode>,
  );
}

hydrate().catch((error: unknown) => {
  // The server-rendered page stays usable as plain HTML.
  console.error('Hydration failed', error);
});
