/**
 * Every route of the directory, registered once and shared by the server and client entries. Pages load
 * lazily (one chunk each); a page module exports `Component` and, when it needs data, `loader`.
 */
// First: before any schema is used in the browser (see no-eval.ts).
import './no-eval';
import {
  Outlet,
  ScrollRestoration,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router-dom';
import { PublicLayout } from '../components/layout/public-layout';
import { Toaster } from '../components/toast/toaster';
import { adminScreens } from '../features/admin/admin-screens';
import { proArea, proScreens } from '../features/pro/pro-screens';
import { ErrorPage } from '../components/errors/error-page';
import { RouteErrorBoundary } from '../components/errors/route-error-boundary';
import { ROOT_ROUTE_ID } from '../lib/site';
import type { SiteInfo } from '@moveratlas/contracts';
import { PRIVATE_PAGE } from './page-privacy';
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

/** Every page: the public site and the admin area each draw their own frame below this. */
function Root() {
  return (
    <>
      <Outlet />
      {/* Top of the page on navigation, the old position on Back; renders no script outside framework mode. */}
      <ScrollRestoration />
      {/* Outside both frames, so a notification outlives a move between them (logout → home). */}
      <Toaster />
    </>
  );
}

function PublicFrame() {
  return (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  );
}

/** The admin area's own modules, loaded only when an /admin page is opened. */
const adminArea = () => import('../features/admin/admin-route');

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
        // The public site: header, footer, and page errors drawn inside them.
        Component: PublicFrame,
        children: [
          {
            ErrorBoundary: RouteErrorBoundary,
            children: [
              { index: true, lazy: page(() => import('../features/home/home-page')) },
              { path: 'states', lazy: page(() => import('../features/states/states-page')) },
              // State and city pages answer under both prefixes; /states/… is canonical (decision 008).
              { path: 'states/:state', lazy: page(() => import('../features/states/state-page')) },
              {
                path: 'states/:state/:city',
                lazy: page(() => import('../features/cities/city-page')),
              },
              {
                path: 'moving-companies',
                lazy: page(() => import('../features/companies/directory-page')),
              },
              {
                path: 'moving-companies/:state',
                lazy: page(() => import('../features/states/state-page')),
              },
              {
                path: 'moving-companies/:state/:city',
                lazy: page(() => import('../features/cities/city-page')),
              },
              {
                path: 'company/:slug',
                lazy: page(() => import('../features/companies/company-page')),
              },
              { path: 'search', lazy: page(() => import('../features/search/search-page')) },
              { path: 'get-quotes', lazy: page(() => import('../features/quote/get-quotes-page')) },
              { path: 'sitemap', lazy: page(() => import('../features/sitemap/sitemap-page')) },
              // Editorial content: Markdown rendered on the server (features/content).
              { path: 'blog', lazy: page(() => import('../features/blog/blog-list-page')) },
              {
                path: 'blog/:postSlug',
                lazy: page(() => import('../features/blog/blog-post-page')),
              },
              { path: 'faq', lazy: page(() => import('../features/content/faq-page')) },
              { path: 'about', lazy: page(() => import('../features/content/static-page')) },
              { path: 'about-us', lazy: page(() => import('../features/content/static-page')) },
              {
                path: 'privacy-policy',
                lazy: page(() => import('../features/content/static-page')),
              },
              {
                path: 'terms-of-service',
                lazy: page(() => import('../features/content/static-page')),
              },
              { path: 'guides', lazy: page(() => import('../features/guides/guides-page')) },
              {
                path: 'guides/:guideSlug',
                lazy: page(() => import('../features/guides/guide-page')),
              },
              {
                path: 'resources',
                lazy: page(() => import('../features/resources/resources-page')),
              },
              {
                path: 'resources/:resourceSlug',
                lazy: page(() => import('../features/resources/resource-page')),
              },
              {
                path: 'services/:serviceSlug',
                lazy: page(() => import('../features/services/service-page')),
              },
              {
                path: 'calculator',
                lazy: page(() => import('../features/calculator/calculator-page')),
              },
              // FMCSA's files for any mover (issue 20): a GET form that works without scripts.
              {
                path: 'check-a-mover',
                lazy: page(() => import('../features/check-a-mover/check-a-mover-page')),
              },
              { path: 'contact', lazy: page(() => import('../features/contact/contact-page')) },
              // An e-mailed invitation to a company's team at /pro (issue 17): public, never indexed.
              {
                path: 'pro/invitation',
                handle: PRIVATE_PAGE,
                lazy: page(() => import('../features/pro/invitation/pro-invitation-page')),
              },
              // The visitor's own request, from the confirmation e-mail (issue 18): never indexed or cached.
              {
                path: 'my-request',
                handle: PRIVATE_PAGE,
                lazy: page(() => import('../features/my-request/my-request-page')),
              },
              // A review from the link of the e-mail asking how the move went (issue 19): never indexed or cached.
              {
                path: 'write-review',
                handle: PRIVATE_PAGE,
                lazy: page(() => import('../features/write-review/write-review-page')),
              },
              {
                path: 'list-your-company',
                lazy: page(() => import('../features/list-your-company/list-your-company-page')),
              },
              {
                // Claiming a listing (issue 17): never indexed, never cached.
                path: 'claim/:slug',
                handle: PRIVATE_PAGE,
                lazy: page(() => import('../features/claims/claim-page')),
              },
              {
                path: 'login',
                handle: PRIVATE_PAGE,
                lazy: page(() => import('../features/login/login-page')),
              },
              // The movers' sign-in pages (issue 17): public, never cached, never indexed.
              {
                path: 'pro/login',
                handle: PRIVATE_PAGE,
                lazy: page(() => import('../features/pro/pro-login-page')),
              },
              {
                path: 'pro/forgot-password',
                handle: PRIVATE_PAGE,
                lazy: page(() => import('../features/pro/pro-forgot-password-page')),
              },
              {
                path: 'pro/reset-password',
                handle: PRIVATE_PAGE,
                lazy: page(() => import('../features/pro/pro-reset-password-page')),
              },
              { path: 'error', lazy: page(() => import('../features/errors/error-route')) },
              { path: '*', lazy: page(() => import('../features/errors/not-found-route')) },
            ],
          },
        ],
      },
      {
        // The admin area (spec 2.6, 4.3): its own layout behind the session guard, never the public frame.
        path: 'admin',
        handle: PRIVATE_PAGE,
        lazy: async () => ({ Component: (await adminArea()).AdminRoute }),
        children: [
          {
            // A screen's failure is drawn inside the admin layout.
            lazy: async () => ({ ErrorBoundary: (await adminArea()).AdminErrorBoundary }),
            children: [
              ...adminScreens,
              // An /admin/* path without a screen says so inside the layout, answering 404.
              { path: '*', lazy: async () => (await adminArea()).adminNotFoundRoute },
            ],
          },
        ],
      },
      {
        // The movers' dashboard (issue 17): like the admin area, its own layout behind its session guard.
        path: 'pro',
        handle: PRIVATE_PAGE,
        lazy: async () => ({ Component: (await proArea()).ProRoute }),
        children: [
          {
            lazy: async () => ({ ErrorBoundary: (await proArea()).ProErrorBoundary }),
            children: [
              ...proScreens,
              { path: '*', lazy: async () => (await proArea()).proNotFoundRoute },
            ],
          },
        ],
      },
    ],
  },
];
