/**
 * Every route of the directory, registered once and shared by the server and client entries. Pages load
 * lazily (one chunk each); a page module exports `Component` and, when it needs data, `loader`.
 */
import {
  Outlet,
  ScrollRestoration,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router-dom';
import { PublicLayout } from '../components/layout/public-layout';
import { ErrorPage } from '../features/errors/error-page';
import { RouteErrorBoundary } from '../features/errors/route-error-boundary';
import { ROOT_ROUTE_ID } from '../lib/site';
import type { SiteInfo } from './data-context';
import { directoryData } from './router-context';

/** What a page module may export for its route; anything else it exports stays its own. */
interface PageModule {
  Component: NonNullable<RouteObject['Component']>;
  loader?: RouteObject['loader'];
  ErrorBoundary?: RouteObject['ErrorBoundary'];
}

const page = (load: () => Promise<PageModule>) => async (): Promise<PageModule> => {
  const { Component, loader, ErrorBoundary } = await load();
  return { Component, ...(loader ? { loader } : {}), ...(ErrorBoundary ? { ErrorBoundary } : {}) };
};

function Root() {
  return (
    <PublicLayout>
      <Outlet />
      {/* Top of the page on navigation, the old position on Back; renders no script outside framework mode. */}
      <ScrollRestoration />
    </PublicLayout>
  );
}

export const routes: RouteObject[] = [
  {
    id: ROOT_ROUTE_ID,
    path: '/',
    Component: Root,
    loader: ({ context }: LoaderFunctionArgs): SiteInfo => directoryData(context).site(),
    // The site facts never change while a page is open.
    shouldRevalidate: () => false,
    // Only if the layout itself fails: the page errors below keep the header and footer.
    ErrorBoundary: () => <ErrorPage />,
    children: [
      {
        ErrorBoundary: RouteErrorBoundary,
        children: [
          { index: true, lazy: page(() => import('../features/home/home-page')) },
          { path: 'states', lazy: page(() => import('../features/states/states-page')) },
          { path: 'error', lazy: page(() => import('../features/errors/error-route')) },
          { path: '*', lazy: page(() => import('../features/errors/not-found-route')) },
        ],
      },
    ],
  },
];
