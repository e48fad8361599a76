/** The 404 page (spec 2.4): shown for every unknown path, with status 404 and kept out of search results. */
import { useContext, useSyncExternalStore } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { CameFromContext } from '../../lib/came-from';
import { Breadcrumbs } from '../breadcrumbs';
import { ArrowLeftIcon, HomeIcon, SearchIcon } from '../icons';
import { Seo } from '../../lib/seo/seo';
import { ERROR_KEYWORDS } from './error-page';

export const NOT_FOUND_TITLE = 'Page Not Found';
export const NOT_FOUND_MESSAGE =
  "Sorry, we couldn't find the page you're looking for. It might have been moved, deleted, or never existed.";

/**
 * Home, then this page: a visible way back. Not handed to search engines as a BreadcrumbList, which would
 * list this error address as a page of the site (issue 15).
 */
const CRUMBS = [{ label: 'Home', to: '/' }, { label: NOT_FOUND_TITLE }];

const buttonBase =
  'inline-flex items-center justify-center gap-2 rounded-lg px-5 py-3 text-sm font-semibold shadow-sm';

/** Nothing to subscribe to: useSyncExternalStore only tells the server's render from the browser's. */
const noSubscription = () => () => undefined;

/**
 * Go Back only where there is a page of this site to go back to (issue 15: with no history it went nowhere,
 * and history.length counted other sites' pages too): a page this tab reached by the site's own navigation
 * (React Router numbers its history entries; idx 0 is the tab's first), or the page whose link led here,
 * which the server read from the Referer and makes a plain link, so it works without scripts as well.
 */
function GoBack({ className }: { className: string }) {
  const navigate = useNavigate();
  const cameFrom = useContext(CameFromContext);
  // Re-read at every navigation (the location changes the page's render).
  useLocation();
  const earlierPageHere = useSyncExternalStore(
    noSubscription,
    () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0,
    () => false,
  );
  const content = (
    <>
      <ArrowLeftIcon className="h-4 w-4" />
      Go Back
    </>
  );
  if (earlierPageHere) {
    return (
      <button type="button" onClick={() => void navigate(-1)} className={className}>
        {content}
      </button>
    );
  }
  return cameFrom ? (
    <Link to={cameFrom} className={className}>
      {content}
    </Link>
  ) : null;
}

export function NotFoundPage() {
  return (
    <section
      className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6 sm:py-24"
      aria-labelledby="not-found-heading"
    >
      <Seo
        title={NOT_FOUND_TITLE}
        description={NOT_FOUND_MESSAGE}
        keywords={ERROR_KEYWORDS}
        noindex
      />
      <div className="mb-8 flex justify-center">
        <Breadcrumbs crumbs={CRUMBS} />
      </div>
      <p
        className="text-6xl font-extrabold tracking-tight text-blue-700 sm:text-7xl"
        aria-hidden="true"
      >
        404
      </p>
      <h1
        id="not-found-heading"
        className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
      >
        {NOT_FOUND_TITLE}
      </h1>
      <p className="mt-4 text-lg text-slate-600">{NOT_FOUND_MESSAGE}</p>
      <div className="mt-10 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:flex-wrap sm:items-center">
        <Link to="/" className={`${buttonBase} bg-blue-700 text-white hover:bg-blue-800`}>
          <HomeIcon className="h-4 w-4" />
          Back to Home
        </Link>
        <Link
          to="/search"
          className={`${buttonBase} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
        >
          <SearchIcon className="h-4 w-4" />
          Search Moving Companies
        </Link>
        <GoBack
          className={`${buttonBase} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
        />
      </div>
      <p className="mt-8 text-sm text-slate-600">
        Still can't find what you need?{' '}
        <Link to="/contact" className="font-semibold text-blue-800 underline underline-offset-2">
          Contact us
        </Link>
      </p>
    </section>
  );
}
