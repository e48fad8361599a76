/** The 404 page (spec 2.4): shown for every unknown path, with status 404 and kept out of search results. */
import { Link, useNavigate } from 'react-router-dom';
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

export function NotFoundPage() {
  const navigate = useNavigate();
  const goBack = () => {
    // A visitor who landed here directly has nowhere to go back to in this tab.
    if (window.history.length > 1) void navigate(-1);
    else void navigate('/');
  };

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
        <button
          type="button"
          onClick={goBack}
          className={`${buttonBase} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
        >
          <ArrowLeftIcon className="h-4 w-4" />
          Go Back
        </button>
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
