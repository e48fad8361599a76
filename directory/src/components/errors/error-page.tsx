/** The error page (spec 2.4): the /error screen and the content every route error boundary shows. */
import { Link } from 'react-router-dom';
import { Breadcrumbs } from '../breadcrumbs';
import { HomeIcon, MailIcon, RefreshIcon } from '../icons';
import { SUPPORT_EMAIL } from '../../config/site';
import { Seo } from '../../lib/seo/seo';

export const DEFAULT_ERROR_STATUS = 500;
export const DEFAULT_ERROR_MESSAGE = "We're experiencing some technical difficulties";
export const TEAM_NOTIFIED = 'Our team has been notified and is working to fix the issue.';

/** What the visitor is told for a status; never the internal error text. */
export function errorMessageFor(status: number): string {
  if (status === 503)
    return 'The service is temporarily unavailable; please try again in a few moments';
  if (status >= 400 && status < 500) return 'The request could not be completed';
  return DEFAULT_ERROR_MESSAGE;
}

/** Spec 1: every page carries keywords, this one too (it is noindex, so they only describe the site). */
export const ERROR_KEYWORDS = ['moving companies', 'movers', 'moving quotes'];

/**
 * Home, then this page: a visible way back. Not handed to search engines as a BreadcrumbList, which would
 * list this error address as a page of the site (issue 15).
 */
const CRUMBS = [{ label: 'Home', to: '/' }, { label: 'Something Went Wrong' }];

const buttonBase =
  'inline-flex items-center justify-center gap-2 rounded-lg px-5 py-3 text-sm font-semibold shadow-sm';

export function ErrorPage({
  status = DEFAULT_ERROR_STATUS,
  message = DEFAULT_ERROR_MESSAGE,
}: {
  status?: number;
  message?: string;
}) {
  const sentence = /[.!?]$/.test(message) ? message : `${message}.`;
  return (
    <section
      className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6 sm:py-24"
      aria-labelledby="error-heading"
    >
      <Seo
        title="Something Went Wrong"
        description={`${sentence} ${TEAM_NOTIFIED}`}
        keywords={ERROR_KEYWORDS}
        noindex
      />
      <div className="mb-8 flex justify-center">
        <Breadcrumbs crumbs={CRUMBS} />
      </div>
      <p className="text-base font-semibold tracking-wide text-red-700 uppercase">Error {status}</p>
      <h1
        id="error-heading"
        className="mt-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
      >
        Something Went Wrong
      </h1>
      <p className="mt-4 text-lg text-slate-600">
        {sentence} {TEAM_NOTIFIED}
      </p>
      <div className="mt-10 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:flex-wrap sm:items-center">
        <Link to="/" className={`${buttonBase} bg-blue-700 text-white hover:bg-blue-800`}>
          <HomeIcon className="h-4 w-4" />
          Back to Home
        </Link>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className={`${buttonBase} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
        >
          <RefreshIcon className="h-4 w-4" />
          Refresh Page
        </button>
        <Link
          to="/contact"
          className={`${buttonBase} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
        >
          Contact Support
        </Link>
      </div>
      <p className="mt-8 flex items-center justify-center gap-2 text-sm text-slate-600">
        <MailIcon className="h-4 w-4" />
        <span>
          Support:{' '}
          <a
            href={`mailto:${SUPPORT_EMAIL}`}
            className="font-semibold text-blue-800 underline underline-offset-2"
          >
            {SUPPORT_EMAIL}
          </a>
        </span>
      </p>
    </section>
  );
}
