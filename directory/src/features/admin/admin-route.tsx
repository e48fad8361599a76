/**
 * The /admin layout route and what it draws around the screens (admin-screens.tsx): the head (never
 * indexed), the session guard, the layout; the error and not-found views shown inside the layout.
 * One lazy chunk: public pages never load any of it.
 */
import { useEffect } from 'react';
import {
  data,
  isRouteErrorResponse,
  Link,
  Outlet,
  useLocation,
  useRouteError,
  type RouteObject,
} from 'react-router-dom';
import { pageTitle } from '@moveratlas/contracts';
import { WithQueryClient } from '../../lib/query-provider';
import { useSite } from '../../lib/site';
import { AdminGuard } from './admin-guard';
import { failureText } from '../../components/dashboard/failure-text';
import { AdminLayout } from './admin-layout';
import { ADMIN_HOME, adminTitle } from './admin-nav';

function AdminHead() {
  const site = useSite();
  const { pathname } = useLocation();
  return (
    <>
      <title>{pageTitle(adminTitle(pathname), `${site.siteName} Admin`)}</title>
      <meta name="robots" content="noindex, nofollow" />
    </>
  );
}

export function AdminRoute() {
  return (
    <WithQueryClient>
      <AdminHead />
      <AdminGuard>
        <AdminLayout>
          <Outlet />
        </AdminLayout>
      </AdminGuard>
    </WithQueryClient>
  );
}

function AdminNotFound() {
  const { pathname } = useLocation();
  return (
    <section aria-labelledby="admin-not-found" className="mx-auto max-w-xl py-12 text-center">
      <h2 id="admin-not-found" className="text-2xl font-bold text-slate-900">
        No such admin screen
      </h2>
      <p className="mt-3 text-slate-600">
        There is no admin screen at <code className="break-all">{pathname}</code> yet.
      </p>
      <Link
        to={ADMIN_HOME}
        className="mt-6 inline-block rounded-lg bg-blue-700 px-5 py-3 text-sm font-semibold text-white hover:bg-blue-800"
      >
        Back to Dashboard
      </Link>
    </section>
  );
}

/** /admin/* without a screen: answers 404 and says so inside the layout. */
export const adminNotFoundRoute: Pick<RouteObject, 'loader' | 'Component'> = {
  loader: () => data(null, { status: 404 }),
  Component: AdminNotFound,
};

/** A screen that failed: the message inside the layout, so the menu stays usable. */
export function AdminErrorBoundary() {
  const error = useRouteError();
  const isResponse = isRouteErrorResponse(error);
  useEffect(() => {
    if (!isResponse) console.error(error);
  }, [error, isResponse]);
  if (isResponse && error.status === 404) return <AdminNotFound />;
  // A thrown error in plain words (a screen's file that did not load, issue 15); the error is in the console.
  const message = isResponse ? `${error.status} ${error.statusText}`.trim() : failureText(error);
  return (
    <section role="alert" className="mx-auto max-w-xl py-12 text-center">
      <h2 className="text-2xl font-bold text-slate-900">This screen failed to load</h2>
      <p className="mt-3 break-words text-slate-600">{message}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-6 rounded-lg bg-blue-700 px-5 py-3 text-sm font-semibold text-white hover:bg-blue-800"
      >
        Reload
      </button>
    </section>
  );
}
