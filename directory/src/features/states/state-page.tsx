/**
 * A state page (/states/{state}, also answered at /moving-companies/{state} with /states/… as canonical):
 * its movers (filtered, sorted, paginated), statistics and charts, its cities and moving resources.
 */
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { fittingTitle, cityPath, statePath } from '@moveratlas/contracts';
import { directoryData } from '../../app/router-context';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { MovingResources } from '../../components/place/moving-resources';
import { PlaceMovers } from '../../components/place/place-movers';
import { RouteErrorBoundary } from '../../components/errors/route-error-boundary';
import { canonicalPlace, notFound } from '../../lib/http';
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

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { state } = canonicalPlace(request, params.state);
  const listParams = readListParams(new URL(request.url).searchParams);
  if (!listParams || listParams.state !== undefined) notFound();
  const data = directoryData(context);
  const [detail, page, destinations] = await Promise.all([
    data.stateDetail(state.slug),
    data.listCompanies({
      state: state.slug,
      service: listParams.service,
      featured: listParams.featured,
      licensed: listParams.licensed,
      sort: listParams.sort,
      limit: LIST_PAGE_SIZE,
      offset: (listParams.page - 1) * LIST_PAGE_SIZE,
    }),
    data.moveDestinations(state.slug),
  ]);
  if (!detail) notFound();
  if (listParams.page > totalPagesOf(page.total)) notFound();
  return { state: detail, page, params: listParams, destinations: destinations ?? [] };
}

export type StatePageData = Awaited<ReturnType<typeof loader>>;

export function StateView({ state, page, params, destinations }: StatePageData) {
  const site = useSite();
  const path = statePath(state.slug);
  const crumbs = [
    { label: 'Home', to: '/' },
    { label: 'States', to: '/states' },
    { label: state.name, to: path },
  ];
  const pageSuffix = params.page > 1 ? ` – Page ${params.page}` : '';
  const { statistics } = state;
  const rating =
    statistics.averageRating === null
      ? ''
      : ` rated ${statistics.averageRating.toFixed(1)}/5 on average`;
  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 pb-16 sm:px-6 lg:px-8">
      <Seo
        title={fittingTitle(
          [
            `Moving Companies in ${state.name}${pageSuffix}`,
            `Movers in ${state.name}${pageSuffix}`,
          ],
          site.siteName,
        )}
        description={`Compare ${formatCount(state.companyCount)} moving companies in ${state.name}${rating}. Browse movers in ${formatCount(state.cities.length)} ${state.name} cities, read reviews and get free moving quotes.`}
        keywords={[
          `${state.name} moving companies`,
          `${state.name} movers`,
          `movers in ${state.abbreviation}`,
          ...state.cities.slice(0, 5).map((city) => `${city.name} movers`),
          ...statistics.serviceMix.slice(0, 4).map((service) => service.name),
        ]}
        canonicalPath={`${path}${listQueryString(params)}`}
        noindex={isListVariant(params)}
        followLinks
        breadcrumbs={crumbs}
        geo={{ region: `US-${state.abbreviation}`, placename: state.name }}
        jsonLd={[companyItemListJsonLd(site, `Moving companies in ${state.name}`, page.companies)]}
      />
      <Breadcrumbs crumbs={crumbs} />
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
        Moving Companies in {state.name}
      </h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-600">
        {formatCount(state.companyCount)} movers serve {state.name} ({state.abbreviation}) across{' '}
        {formatCount(state.cities.length)} cities. Compare ratings, services and typical prices,
        then request free quotes from the ones that fit your move.
      </p>
      <PlaceMovers
        placeName={state.name}
        path={path}
        params={params}
        page={page}
        statistics={statistics}
        destinations={destinations}
      />

      {state.cities.length > 0 ? (
        <section aria-labelledby="cities-heading" className="mt-12">
          <h2 id="cities-heading" className="text-2xl font-bold tracking-tight text-slate-900">
            Cities in {state.name} with Movers
          </h2>
          <CityLinks stateSlug={state.slug} cities={largestCities(state.cities)} />
          {state.cities.length > LARGEST_CITIES ? (
            // Every city stays one link away for visitors and crawlers, folded: a state's 400+ city links
            // made its page 13,700 px and 540 tab stops on a phone (issue 15).
            <details className="mt-4">
              <summary className="cursor-pointer text-sm font-semibold text-blue-800 hover:underline">
                All {formatCount(state.cities.length)} cities in {state.name}, A to Z
              </summary>
              <CityLinks stateSlug={state.slug} cities={state.cities} />
            </details>
          ) : null}
        </section>
      ) : null}

      <MovingResources placeName={state.name} />
    </div>
  );
}

type StateCity = StatePageData['state']['cities'][number];

/** How many cities the state page lists before the fold: the ones with the most movers. */
const LARGEST_CITIES = 12;

function largestCities(cities: readonly StateCity[]): StateCity[] {
  if (cities.length <= LARGEST_CITIES) return [...cities];
  return [...cities]
    .sort((a, b) => b.companyCount - a.companyCount || a.name.localeCompare(b.name))
    .slice(0, LARGEST_CITIES);
}

function CityLinks({ stateSlug, cities }: { stateSlug: string; cities: readonly StateCity[] }) {
  return (
    <ul className="mt-4 columns-2 gap-6 text-sm sm:columns-3 lg:columns-4">
      {cities.map((city) => (
        <li key={city.slug} className="break-inside-avoid py-1">
          <Link to={cityPath(stateSlug, city.slug)} className="text-blue-800 hover:underline">
            {city.name}
          </Link>{' '}
          <span className="text-slate-600">({formatCount(city.companyCount)})</span>
        </li>
      ))}
    </ul>
  );
}

export function Component() {
  return <StateView {...useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteErrorBoundary;
