/** /moving-companies: every listed company, filtered by state and service, sorted, one canonical URL per page. */
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { findState, statePath } from '@moveratlas/contracts';
import { directoryData } from '../../app/router-context';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { CompanyList } from '../../components/company-list';
import { RouteErrorBoundary } from '../../components/errors/route-error-boundary';
import { notFound } from '../../lib/http';
import {
  LIST_PAGE_SIZE,
  isListVariant,
  listQueryString,
  readListParams,
  totalPagesOf,
} from '../../lib/listing';
import { formatCount } from '../../lib/numbers';
import { Seo } from '../../lib/seo/seo';
import { companyItemListJsonLd } from '../../lib/seo/structured-data';
import { useSite } from '../../lib/site';

export const DIRECTORY_PATH = '/moving-companies';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = readListParams(new URL(request.url).searchParams);
  if (!params) notFound();
  const state = params.state === undefined ? undefined : findState(params.state);
  if (params.state !== undefined && !state) notFound();
  const canonical = { ...params, state: state?.slug };
  const data = directoryData(context);
  const [states, page] = await Promise.all([
    data.listStates(),
    data.listCompanies({
      state: state?.slug,
      service: canonical.service,
      featured: canonical.featured,
      licensed: canonical.licensed,
      sort: canonical.sort,
      limit: LIST_PAGE_SIZE,
      offset: (canonical.page - 1) * LIST_PAGE_SIZE,
    }),
  ]);
  if (canonical.page > totalPagesOf(page.total)) notFound();
  return { states, page, params: canonical, stateName: state?.name };
}

export type DirectoryPageData = Awaited<ReturnType<typeof loader>>;

const CRUMBS = [
  { label: 'Home', to: '/' },
  { label: 'Moving Companies', to: DIRECTORY_PATH },
];

export function DirectoryView({ states, page, params, stateName }: DirectoryPageData) {
  const site = useSite();
  const where = stateName ? ` in ${stateName}` : '';
  const pageSuffix = params.page > 1 ? ` – Page ${params.page}` : '';
  const total = states.reduce((sum, state) => sum + state.companyCount, 0);
  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 pb-16 sm:px-6 lg:px-8">
      <Seo
        title={`Moving Companies Directory${where}${pageSuffix}`}
        description={`Browse ${formatCount(stateName ? page.total : total)} moving companies${where}. Filter by state and service, sort by rating or reviews, and get free quotes from trusted movers.`}
        keywords={[
          'moving companies directory',
          'movers near me',
          'moving companies',
          'local movers',
          'long distance movers',
          ...(stateName ? [`${stateName} movers`] : []),
        ]}
        canonicalPath={`${DIRECTORY_PATH}${listQueryString(params)}`}
        noindex={isListVariant(params)}
        followLinks
        breadcrumbs={CRUMBS}
        jsonLd={[companyItemListJsonLd(site, `Moving companies${where}`, page.companies)]}
      />
      <Breadcrumbs crumbs={CRUMBS} />
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
        Moving Companies Directory
      </h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-600">
        {formatCount(total)} movers in all 50 states and DC. Narrow the list by state and service,
        or browse{' '}
        <Link to="/states" className="font-medium text-blue-800 underline">
          movers by state
        </Link>
        .
      </p>
      <CompanyList
        path={DIRECTORY_PATH}
        params={params}
        companies={page.companies}
        total={page.total}
        states={states}
        headingId="companies-heading"
        heading={
          params.featured ? `Featured Movers${where}` : stateName ? `Movers${where}` : 'All Movers'
        }
      />
      {stateName && params.state ? (
        <p className="mt-6 text-sm">
          <Link to={statePath(params.state)} className="font-medium text-blue-800 underline">
            See {stateName} statistics, cities and prices
          </Link>
        </p>
      ) : null}
    </div>
  );
}

export function Component() {
  return <DirectoryView {...useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteErrorBoundary;
