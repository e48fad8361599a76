/**
 * The /pro layout route and what it draws around the screens (pro-screens.tsx): the head (never indexed),
 * the session guard, the layout; /pro itself (the first company's home, or what to do without a company);
 * the company scope of /pro/companies/:companyId; the error and not-found views shown inside the layout.
 * One lazy chunk: public pages never load any of it.
 */
import { useEffect } from 'react';
import {
  data,
  isRouteErrorResponse,
  Link,
  Navigate,
  Outlet,
  useLocation,
  useParams,
  useRouteError,
  type RouteObject,
} from 'react-router-dom';
import { pageTitle } from '@moveratlas/contracts';
import { failureText } from '../../components/dashboard/failure-text';
import { WithQueryClient } from '../../lib/query-provider';
import { useSite } from '../../lib/site';
import { ProGuard } from './pro-guard';
import { ProLayout } from './pro-layout';
import { proCompanyHome, proTitle } from './pro-nav';
import { CLAIM_LISTING_PATH, LIST_YOUR_COMPANY_PATH, PRO_HOME } from './pro-paths';
import { ProCompanyContext, useProSession } from './pro-session';

const primaryLinkClass =
  'inline-block rounded-lg bg-blue-700 px-5 py-3 text-sm font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700';
const secondaryLinkClass =
  'inline-block rounded-lg border border-slate-300 bg-white px-5 py-3 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700';

function ProHead() {
  const site = useSite();
  const { pathname } = useLocation();
  return (
    <>
      <title>{pageTitle(proTitle(pathname), `${site.siteName} for Movers`)}</title>
      <meta name="robots" content="noindex, nofollow" />
    </>
  );
}

export function ProRoute() {
  return (
    <WithQueryClient>
      <ProHead />
      <ProGuard>
        <ProLayout>
          <Outlet />
        </ProLayout>
      </ProGuard>
    </WithQueryClient>
  );
}

/** /pro: the first company's home; without a company, how to get one. */
function ProIndex() {
  const { companies } = useProSession();
  const first = companies[0];
  if (first) return <Navigate to={proCompanyHome(first.id)} replace />;
  return (
    <section aria-labelledby="pro-no-company" className="max-w-2xl">
      <h2 id="pro-no-company" className="text-xl font-semibold text-slate-900">
        You have no company yet
      </h2>
      <p className="mt-3 text-slate-700">
        Your account is not linked to a moving company. If your company is already in the directory,
        find its page and choose “Claim this listing”: we confirm it is yours with a code sent to
        the e-mail address on the listing, or staff check your documents. If it is not listed yet,
        apply to be listed; once staff approve it, you can claim it.
      </p>
      <p className="mt-3 text-slate-700">
        If a colleague already manages your company here, ask them to invite you from the Team
        screen.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to={CLAIM_LISTING_PATH} className={primaryLinkClass}>
          Find your company to claim it
        </Link>
        <Link to={LIST_YOUR_COMPANY_PATH} className={secondaryLinkClass}>
          Apply to list your company
        </Link>
      </div>
    </section>
  );
}

export const proIndexRoute: Pick<RouteObject, 'Component'> = { Component: ProIndex };

function ProNotFound({ what = 'page' }: { what?: 'page' | 'company' }) {
  const { pathname } = useLocation();
  return (
    <section aria-labelledby="pro-not-found" className="mx-auto max-w-xl py-12 text-center">
      <h2 id="pro-not-found" className="text-2xl font-bold text-slate-900">
        {what === 'company' ? 'No such company' : 'No such page'}
      </h2>
      <p className="mt-3 text-slate-600">
        {what === 'company' ? (
          'This company is not one of yours, or its address is wrong.'
        ) : (
          <>
            There is no page at <code className="break-all">{pathname}</code>.
          </>
        )}
      </p>
      <Link to={PRO_HOME} className={`${primaryLinkClass} mt-6`}>
        Back to your dashboard
      </Link>
    </section>
  );
}

/** /pro/* without a screen: answers 404 and says so inside the layout. */
export const proNotFoundRoute: Pick<RouteObject, 'loader' | 'Component'> = {
  loader: () => data(null, { status: 404 }),
  Component: () => <ProNotFound />,
};

/**
 * /pro/companies/:companyId: its screens see the company through useProCompany(); a company that is not
 * the mover's says so (the server would answer its calls 404 anyway).
 */
function ProCompanyScope() {
  const { companyId } = useParams();
  const { companies } = useProSession();
  const company = companies.find((entry) => String(entry.id) === companyId);
  if (!company) return <ProNotFound what="company" />;
  return (
    <ProCompanyContext.Provider value={company}>
      <Outlet />
    </ProCompanyContext.Provider>
  );
}

export const proCompanyScopeRoute: Pick<RouteObject, 'Component'> = { Component: ProCompanyScope };

/** /pro/companies/:companyId itself: the company's home screen. */
function ProCompanyIndex() {
  const { companyId } = useParams();
  return <Navigate to={proCompanyHome(Number(companyId))} replace />;
}

export const proCompanyIndexRoute: Pick<RouteObject, 'Component'> = { Component: ProCompanyIndex };

/** A screen that failed: the message inside the layout, so the menu stays usable. */
export function ProErrorBoundary() {
  const error = useRouteError();
  const isResponse = isRouteErrorResponse(error);
  useEffect(() => {
    if (!isResponse) console.error(error);
  }, [error, isResponse]);
  if (isResponse && error.status === 404) return <ProNotFound />;
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
