/**
 * Home section 8, the featured companies (spec 4.2). The server renders the featured list from the loader;
 * the browser then loads progressively: GET /api/companies/featured plus four pages of /api/companies,
 * merged (featured first, each id once, incomplete companies dropped), with a progress bar until done.
 * The progressive loading (TanStack Query, featured-companies-live.tsx) is its own chunk, out of the first
 * page load: a hydrating page shows the same view from the server's list and fetches the chunk once the
 * section comes near the viewport. The home loader loads it first, so the server (and a client-side
 * navigation) renders it at once: nothing suspends on the server, which would make React stream an inline
 * script the CSP refuses.
 */
import { memo, startTransition, useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Company } from '@moveratlas/contracts';
import { CompanyGrid } from '../../../components/company-card';
import { RefreshIcon } from '../../../components/icons';
import { mergeCompanies } from '../../../lib/companies';
import type FeaturedCompaniesLive from './featured-companies-live';

/** The progress bar's assumed total (spec 9). */
export const PROGRESS_TOTAL = 50;
/** The four parallel pages (limit, offset) of spec 7.2. */
export const PROGRESSIVE_PAGES = [
  { limit: 6, offset: 0 },
  { limit: 12, offset: 0 },
  { limit: 24, offset: 0 },
  { limit: 50, offset: 0 },
] as const;

export const FEATURED_QUERY = {
  queryKey: ['/api/companies/featured'] as const,
  retry: 2,
  staleTime: 5 * 60_000,
  gcTime: 30 * 60_000,
};

export type FeaturedState =
  | { status: 'loading' }
  | { status: 'error'; message?: string }
  | { status: 'empty' }
  | { status: 'list'; companies: Company[]; progress?: { loaded: number } };

const FEATURED_HEADING_ID = 'featured-heading';

/** The grid re-renders only when the list itself changed, not when the progress bar moves or goes. */
const StableCompanyGrid = memo(CompanyGrid);

const browseClass =
  'inline-flex items-center justify-center rounded-lg bg-blue-700 px-5 py-3 text-sm font-semibold text-white hover:bg-blue-800';

function SkeletonCards() {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Loading companies">
      {[0, 1, 2].map((n) => (
        <li
          key={n}
          data-testid="company-skeleton"
          className="h-56 animate-pulse rounded-xl border border-slate-200 bg-slate-100 motion-reduce:animate-none"
        />
      ))}
    </ul>
  );
}

/** What the section shows for each state of the loading; the states are its props, for tests. */
export function FeaturedCompaniesView({
  state,
  onRetry = () => window.location.reload(),
}: {
  state: FeaturedState;
  onRetry?: () => void;
}) {
  return (
    <section
      aria-labelledby={FEATURED_HEADING_ID}
      className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8"
      aria-busy={state.status === 'loading'}
    >
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2
            id={FEATURED_HEADING_ID}
            className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
          >
            Featured Moving Companies
          </h2>
          {state.status === 'list' ? (
            <p className="mt-2 text-slate-600">{`${state.companies.length} Companies Available`}</p>
          ) : null}
        </div>
        <Link to="/moving-companies" className="text-sm font-semibold text-blue-800 underline">
          Browse Full Directory
        </Link>
      </div>

      {state.status === 'list' && state.progress ? (
        <div className="mt-4 max-w-md">
          <progress
            className="h-2 w-full overflow-hidden rounded-full accent-blue-700"
            max={PROGRESS_TOTAL}
            value={state.progress.loaded}
            aria-label="Companies loaded"
          />
          <p className="mt-1 text-sm text-slate-600">
            {`${state.progress.loaded} of ~${PROGRESS_TOTAL} loaded (${Math.round((state.progress.loaded / PROGRESS_TOTAL) * 100)}%)`}
          </p>
        </div>
      ) : null}

      <div className="mt-8">
        {state.status === 'loading' ? <SkeletonCards /> : null}
        {state.status === 'error' ? (
          <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-900">
            <h3 className="text-lg font-semibold">Unable to Load Companies</h3>
            <p className="mt-2">
              We encountered an error while loading featured companies.{' '}
              {state.message || 'Please try again later.'}
            </p>
            <button
              type="button"
              onClick={onRetry}
              className="mt-4 inline-flex items-center gap-2 rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
            >
              <RefreshIcon className="h-4 w-4" />
              Try Again
            </button>
          </div>
        ) : null}
        {state.status === 'empty' ? (
          <div className="rounded-xl border border-slate-200 bg-slate-50 p-6 text-center">
            <h3 className="text-lg font-semibold text-slate-900">No Companies Found</h3>
            <p className="mt-2 text-slate-600">No featured companies are available at this time.</p>
            <p className="mt-1 text-slate-600">Please check back later or browse our directory.</p>
            <Link to="/moving-companies" className={`${browseClass} mt-4`}>
              Browse Directory
            </Link>
          </div>
        ) : null}
        {state.status === 'list' ? <StableCompanyGrid companies={state.companies} /> : null}
      </div>
    </section>
  );
}

type LiveFeatured = typeof FeaturedCompaniesLive;
let liveFeatured: LiveFeatured | undefined;

/** Loads the progressive loading's chunk (once); the home loader awaits it. */
export async function loadLiveFeatured(): Promise<void> {
  liveFeatured ??= (await import('./featured-companies-live')).default;
}

/** What the section shows before the progressive loading starts: the same as its first render. */
export function initialFeaturedState(initialFeatured: Company[] | undefined): FeaturedState {
  const companies = mergeCompanies(initialFeatured ?? []);
  if (companies.length === 0) return { status: 'loading' };
  return {
    status: 'list',
    companies,
    progress: { loaded: Math.min(companies.length, PROGRESS_TOTAL) },
  };
}

/** The list before the answer of the progressive loading, kept where the answer changes nothing. */
export function keepUnchanged(current: FeaturedState, next: FeaturedState): FeaturedState {
  if (current.status !== 'list' || next.status !== 'list') {
    return JSON.stringify(current) === JSON.stringify(next) ? current : next;
  }
  const companies =
    current.companies.length === next.companies.length &&
    JSON.stringify(current.companies) === JSON.stringify(next.companies)
      ? current.companies
      : next.companies;
  if (companies === current.companies && current.progress?.loaded === next.progress?.loaded) {
    return current;
  }
  return { ...next, companies };
}

export function FeaturedCompanies({ initialFeatured }: { initialFeatured?: Company[] }) {
  const [state, setState] = useState(() => initialFeaturedState(initialFeatured));
  const [Live, setLive] = useState(() => liveFeatured);
  useEffect(() => {
    if (Live) return;
    let current = true;
    const start = () =>
      loadLiveFeatured().then(
        () => {
          if (current) setLive(() => liveFeatured);
        },
        // Without the chunk the server's list stays, as without scripts.
        (error: unknown) => console.warn('Featured companies: live loading unavailable', error),
      );
    // The section is far down the page and arrives complete from the server: its live loading (TanStack
    // Query, five requests, a re-render of the cards) starts as the visitor scrolls towards it, not with the
    // first paint, so that a visitor who never gets there downloads none of it.
    const heading = document.getElementById(FEATURED_HEADING_ID);
    if (!heading || typeof IntersectionObserver === 'undefined') {
      void start();
      return () => {
        current = false;
      };
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void start();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(heading);
    return () => {
      current = false;
      observer.disconnect();
    };
  }, [Live]);
  // Each answer of the progressive loading may re-render up to 50 cards: in a transition, which React
  // renders a slice at a time so that the page stays responsive, and not at all when nothing changed.
  const onState = useCallback((next: FeaturedState) => {
    startTransition(() => setState((current) => keepUnchanged(current, next)));
  }, []);
  // The view stays in place (the same DOM from the server's HTML on) while the loading starts beside it.
  return (
    <>
      {Live ? <Live initialFeatured={initialFeatured} onState={onState} /> : null}
      <FeaturedCompaniesView state={state} />
    </>
  );
}
