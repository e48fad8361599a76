/**
 * Home section 8, the featured companies (spec 4.2; issue 15): today's share of a rotation through every
 * featured company (GET /api/companies/featured?rotation=day), best ranked first, and a link to all of them.
 * The server renders the list from the loader; when that failed, the browser loads it (TanStack Query,
 * featured-companies-live.tsx, its own chunk, out of the first page load) once the section comes near the
 * viewport. The home loader loads the chunk first, so the server (and a client-side navigation) renders at
 * once: nothing suspends on the server, which would make React stream an inline script the CSP refuses.
 */
import { memo, startTransition, useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Company } from '@moveratlas/contracts';
import { CompanyGrid } from '../../../components/company-card';
import { RefreshIcon } from '../../../components/icons';
import { ALL_FEATURED_PATH, featuredTodayQueryKey, mergeCompanies } from '../../../lib/companies';
import { formatCount } from '../../../lib/numbers';
import type FeaturedCompaniesLive from './featured-companies-live';

/**
 * How many featured companies the home page shows a day: two rows of the grid. The rest are a click away
 * (ALL_FEATURED_PATH), and each comes round on the home page in turn.
 */
export const FEATURED_TODAY_COUNT = 6;

export const FEATURED_QUERY = {
  queryKey: featuredTodayQueryKey(FEATURED_TODAY_COUNT),
  retry: 2,
  staleTime: 5 * 60_000,
  gcTime: 30 * 60_000,
};

export type FeaturedState =
  | { status: 'loading' }
  | { status: 'error'; message?: string }
  | { status: 'empty' }
  | { status: 'list'; companies: Company[] };

const FEATURED_HEADING_ID = 'featured-heading';

/** The grid re-renders only when the list itself changed. */
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
  featuredTotal = null,
  onRetry = () => window.location.reload(),
}: {
  state: FeaturedState;
  /** How many featured companies there are in all, when known (the national statistics). */
  featuredTotal?: number | null;
  onRetry?: () => void;
}) {
  const allFeatured =
    featuredTotal === null
      ? 'See all featured movers'
      : `See all ${formatCount(featuredTotal)} featured movers`;
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
            <p className="mt-2 text-slate-600">
              Today’s selection of our featured movers: a different one every day.
            </p>
          ) : null}
        </div>
        {/* With none featured, the empty box offers the directory instead. */}
        {state.status === 'empty' ? null : (
          <Link to={ALL_FEATURED_PATH} className="text-sm font-semibold text-blue-800 underline">
            {allFeatured}
          </Link>
        )}
      </div>

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

/** Loads the live loading's chunk (once); the home loader awaits it. */
export async function loadLiveFeatured(): Promise<void> {
  liveFeatured ??= (await import('./featured-companies-live')).default;
}

/**
 * What the section shows before the live loading answers: the server's list, its empty answer as empty, and
 * the skeleton only when the server had none to give (its query failed).
 */
export function initialFeaturedState(initialFeatured: Company[] | undefined): FeaturedState {
  if (initialFeatured === undefined) return { status: 'loading' };
  const companies = mergeCompanies(initialFeatured);
  return companies.length === 0 ? { status: 'empty' } : { status: 'list', companies };
}

/** The list before the answer of the live loading, kept where the answer changes nothing. */
export function keepUnchanged(current: FeaturedState, next: FeaturedState): FeaturedState {
  if (current.status !== 'list' || next.status !== 'list') {
    return JSON.stringify(current) === JSON.stringify(next) ? current : next;
  }
  return JSON.stringify(current.companies) === JSON.stringify(next.companies) ? current : next;
}

export function FeaturedCompanies({
  initialFeatured,
  featuredTotal = null,
}: {
  initialFeatured?: Company[];
  featuredTotal?: number | null;
}) {
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
    // Query, a request, a re-render of the cards) starts as the visitor scrolls towards it, not with the
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
  // An answer re-renders the cards: in a transition, which React renders a slice at a time so that the
  // page stays responsive, and not at all when nothing changed.
  const onState = useCallback((next: FeaturedState) => {
    startTransition(() => setState((current) => keepUnchanged(current, next)));
  }, []);
  // The view stays in place (the same DOM from the server's HTML on) while the loading starts beside it.
  return (
    <>
      {Live ? <Live initialFeatured={initialFeatured} onState={onState} /> : null}
      <FeaturedCompaniesView state={state} featuredTotal={featuredTotal} />
    </>
  );
}
