/**
 * /search?q=…: companies, cities, states and ZIP codes matching a query, grouped. `type` shows one group
 * alone with numbered pages (`page`); every state of the page is a plain URL, so it works without scripts.
 * A query that names a place goes to that place's page instead.
 */
import { Link, redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import {
  checkAMoverPath,
  SEARCH_QUERY_MAX,
  type SearchResults,
  type SearchType,
} from '@moveratlas/contracts';
import { directoryData } from '../../app/router-context';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { Pagination } from '../../components/pagination';
import { SearchCombobox } from '../../components/search-combobox';
import { RouteErrorBoundary } from '../../components/errors/route-error-boundary';
import { notFound } from '../../lib/http';
import { formatCount } from '../../lib/numbers';
import { suggestionsOf } from '../../lib/search-suggestions';
import { Seo } from '../../lib/seo/seo';

type Group = Exclude<SearchType, 'all'>;

const GROUPS: ReadonlyArray<{ type: Group; title: string }> = [
  { type: 'companies', title: 'Moving Companies' },
  { type: 'cities', title: 'Cities' },
  { type: 'states', title: 'States' },
  { type: 'zips', title: 'ZIP Codes' },
];

/** Results per group on the overview, and per page when one group is shown. */
const OVERVIEW_LIMIT = 8;
const GROUP_PAGE_SIZE = 20;

const isGroup = (value: string): value is Group => GROUPS.some((g) => g.type === value);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  const q = (search.get('q') ?? '').trim().slice(0, SEARCH_QUERY_MAX);
  const typeText = search.get('type') ?? 'all';
  const pageText = search.get('page') ?? '1';
  if (typeText !== 'all' && !isGroup(typeText)) notFound();
  if (!/^\d{1,4}$/.test(pageText) || Number(pageText) < 1) notFound();
  const type: SearchType = typeText;
  const page = type === 'all' ? 1 : Number(pageText);
  if (q === '') return { q, type, page, results: null };
  const limit = type === 'all' ? OVERVIEW_LIMIT : GROUP_PAGE_SIZE;
  const results = await directoryData(context).search({
    q,
    type,
    limit,
    offset: (page - 1) * limit,
  });
  // A query that names a place ("Houston, TX", "st louis movers", "Texas") lands on the place's page (issue
  // 15), unless it is also exactly a company's name: then the results show both.
  const place = results.place;
  const companyNamed = results.companies[0]?.name.toLowerCase() === q.toLowerCase();
  if (type === 'all' && place && !companyNamed) throw redirect(place.path, 302);
  return { q, type, page, results };
}

export type SearchPageData = Awaited<ReturnType<typeof loader>>;

const searchHref = (q: string, type: SearchType, page = 1) => {
  const params = new URLSearchParams({ q });
  if (type !== 'all') params.set('type', type);
  if (page > 1) params.set('page', String(page));
  return `/search?${params.toString()}`;
};

function GroupResults({ results, group }: { results: SearchResults; group: Group }) {
  const only: SearchResults = {
    ...results,
    companies: group === 'companies' ? results.companies : [],
    cities: group === 'cities' ? results.cities : [],
    states: group === 'states' ? results.states : [],
    zips: group === 'zips' ? results.zips : [],
  };
  return (
    <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {suggestionsOf(only).map((item) => (
        <li key={item.id} className="flex flex-wrap justify-between gap-2 px-4 py-3">
          <Link to={item.href} className="font-medium text-blue-800 hover:underline">
            {item.label}
          </Link>
          {item.detail ? <span className="text-sm text-slate-600">{item.detail}</span> : null}
        </li>
      ))}
    </ul>
  );
}

export function SearchView({ q, type, page, results }: SearchPageData) {
  const crumbs = [
    { label: 'Home', to: '/' },
    { label: 'Search', to: '/search' },
  ];
  const total = results
    ? results.totals.companies + results.totals.cities + results.totals.states + results.totals.zips
    : 0;
  const shown = type === 'all' ? GROUPS : GROUPS.filter((g) => g.type === type);
  return (
    <div className="mx-auto max-w-5xl px-4 pt-8 pb-16 sm:px-6 lg:px-8">
      <Seo
        title={q ? `Search results for “${q}”` : 'Search Moving Companies'}
        description={
          q
            ? `Moving companies, cities, states and ZIP codes matching “${q}”.`
            : 'Search moving companies by name, city, state or ZIP code.'
        }
        keywords={['search moving companies', 'find movers', ...(q ? [q] : [])]}
        canonicalPath={q ? searchHref(q, type, page) : '/search'}
        breadcrumbs={crumbs}
        // Result pages are endless variations of the directory's own pages, and the empty form has no
        // content of its own: neither belongs in the index, both lead to pages that do.
        noindex
        followLinks
      />
      <Breadcrumbs crumbs={crumbs} />
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900">
        {q ? `Results for “${q}”` : 'Search Moving Companies'}
      </h1>
      <div className="mt-6 rounded-xl bg-blue-900 p-4">
        <SearchCombobox
          key={q}
          label="City, state, ZIP code or company name"
          placeholder="e.g. Chicago, TX, 60601 or a company name"
          defaultValue={q}
        />
      </div>
      {results ? (
        <>
          <p className="mt-6 text-slate-700" aria-live="polite">
            {total === 0
              ? `Nothing matches “${q}”. Check the spelling, or try a city, a state or a ZIP code.`
              : `${formatCount(total)} results`}
          </p>
          {/* Any mover, listed with us or not, in FMCSA's public files (issue 20). */}
          <p className="mt-3 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm">
            <Link to={checkAMoverPath(q)} className="font-medium text-blue-800 underline">
              {`Check a mover’s license: search FMCSA’s files for “${q}”`}
            </Link>
          </p>
          {type !== 'all' ? (
            <p className="mt-2 text-sm">
              <Link to={searchHref(q, 'all')} className="font-medium text-blue-800 underline">
                All result types
              </Link>
            </p>
          ) : null}
          {shown.map((group) => {
            const count = results.totals[group.type];
            if (count === 0) return null;
            const headingId = `results-${group.type}`;
            return (
              <section key={group.type} aria-labelledby={headingId} className="mt-8">
                <h2 id={headingId} className="text-xl font-bold text-slate-900">
                  {group.title} <span className="text-slate-600">({formatCount(count)})</span>
                </h2>
                <GroupResults results={results} group={group.type} />
                {type === 'all' && count > OVERVIEW_LIMIT ? (
                  <p className="mt-2 text-sm">
                    <Link
                      to={searchHref(q, group.type)}
                      className="font-medium text-blue-800 underline"
                    >
                      See all {formatCount(count)} {group.title.toLowerCase()}
                    </Link>
                  </p>
                ) : null}
                {type !== 'all' ? (
                  <Pagination
                    page={page}
                    totalPages={Math.ceil(count / GROUP_PAGE_SIZE)}
                    hrefFor={(p) => searchHref(q, type, p)}
                    label={`${group.title} pages`}
                  />
                ) : null}
              </section>
            );
          })}
        </>
      ) : null}
    </div>
  );
}

export function Component() {
  return <SearchView {...useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteErrorBoundary;
