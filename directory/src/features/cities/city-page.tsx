/**
 * A city page (/states/{state}/{city}, also answered at /moving-companies/{state}/{city} with /states/… as
 * canonical): its movers (filtered, sorted, paginated), statistics and charts, ZIP codes and nearby cities.
 */
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
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
import { formatCount, plural } from '../../lib/numbers';
import { Seo } from '../../lib/seo/seo';
import { companyItemListJsonLd } from '../../lib/seo/structured-data';
import { useSite } from '../../lib/site';
import { fittingTitle, cityPath, statePath } from '@moveratlas/contracts';

/** ZIP codes listed before the rest are folded away. */
const ZIP_PREVIEW = 24;

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { state, citySlug } = canonicalPlace(request, params.state, params.city ?? '');
  const listParams = readListParams(new URL(request.url).searchParams);
  if (!listParams || listParams.state !== undefined || citySlug === undefined) notFound();
  const data = directoryData(context);
  const city = await data.cityDetail(state.slug, citySlug);
  if (!city) notFound();
  const [page, destinations] = await Promise.all([
    data.listCompanies({
      state: state.slug,
      city: citySlug,
      service: listParams.service,
      featured: listParams.featured,
      licensed: listParams.licensed,
      sort: listParams.sort,
      limit: LIST_PAGE_SIZE,
      offset: (listParams.page - 1) * LIST_PAGE_SIZE,
    }),
    data.moveDestinations(state.slug, city.slug),
  ]);
  if (listParams.page > totalPagesOf(page.total)) notFound();
  return { city, page, params: listParams, destinations: destinations ?? [] };
}

export type CityPageData = Awaited<ReturnType<typeof loader>>;

export function CityView({ city, page, params, destinations }: CityPageData) {
  const site = useSite();
  const { state, statistics } = city;
  const path = cityPath(state.slug, city.slug);
  const place = `${city.name}, ${state.abbreviation}`;
  const crumbs = [
    { label: 'Home', to: '/' },
    { label: 'States', to: '/states' },
    { label: state.name, to: statePath(state.slug) },
    { label: city.name, to: path },
  ];
  const pageSuffix = params.page > 1 ? ` – Page ${params.page}` : '';
  // Long place names ("Hot Springs National Park, AR") would push the title past what results show.
  const title = fittingTitle(
    [`Moving Companies in ${place}${pageSuffix}`, `Movers in ${place}${pageSuffix}`],
    site.siteName,
  );
  const rating =
    statistics.averageRating === null
      ? ''
      : `, rated ${statistics.averageRating.toFixed(1)}/5 on average`;
  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 pb-16 sm:px-6 lg:px-8">
      <Seo
        title={title}
        description={`Compare ${plural(statistics.companyCount, 'moving company', 'moving companies')} in ${city.name}, ${state.name}${rating}. Read reviews, see typical prices and get free quotes from local movers.`}
        keywords={[
          `${city.name} movers`,
          `moving companies in ${city.name}`,
          `${city.name} ${state.abbreviation} moving company`,
          `${state.name} movers`,
          ...statistics.serviceMix.slice(0, 4).map((service) => `${city.name} ${service.name}`),
        ]}
        canonicalPath={`${path}${listQueryString(params)}`}
        // A city without a listed mover is not in the sitemap (cities with listed companies only): out of the
        // index too, its links followed (issue 15: 28,000 such pages were indexable, none in the sitemap).
        noindex={isListVariant(params) || statistics.companyCount === 0}
        followLinks
        breadcrumbs={crumbs}
        geo={{
          region: `US-${state.abbreviation}`,
          placename: place,
          ...(city.lat !== null && city.lng !== null
            ? { position: { lat: city.lat, lng: city.lng } }
            : {}),
        }}
        jsonLd={[companyItemListJsonLd(site, `Moving companies in ${place}`, page.companies)]}
      />
      <Breadcrumbs crumbs={crumbs} />
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
        Moving Companies in {place}
      </h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-600">
        {statistics.companyCount === 0
          ? `No movers are listed in ${city.name} yet; movers from nearby cities serve the area.`
          : statistics.companyCount === 1
            ? `1 mover is based in ${city.name}, ${state.name}. Compare its rating, services and typical prices, then request a free quote.`
            : `${formatCount(statistics.companyCount)} movers are based in ${city.name}, ${state.name}. Compare their ratings, services and typical prices, then request free quotes.`}
      </p>
      <PlaceMovers
        placeName={city.name}
        path={path}
        params={params}
        page={page}
        statistics={statistics}
        destinations={destinations}
      />

      <div className="mt-12 grid gap-8 lg:grid-cols-2">
        {city.nearbyCities.length > 0 ? (
          <section aria-labelledby="nearby-heading">
            <h2 id="nearby-heading" className="text-2xl font-bold tracking-tight text-slate-900">
              Movers in Nearby Cities
            </h2>
            <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
              {city.nearbyCities.map((nearby) => (
                <li
                  key={`${nearby.state.slug}/${nearby.slug}`}
                  className="flex justify-between gap-4 px-4 py-2 text-sm"
                >
                  <Link
                    to={cityPath(nearby.state.slug, nearby.slug)}
                    className="font-medium text-blue-800 hover:underline"
                  >
                    {nearby.name}, {nearby.state.abbreviation}
                  </Link>
                  <span className="text-slate-600">
                    {formatCount(nearby.companyCount)} movers · {nearby.distanceMiles} mi
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {city.zipCodes.length > 0 ? (
          <section aria-labelledby="zips-heading">
            <h2 id="zips-heading" className="text-2xl font-bold tracking-tight text-slate-900">
              {city.name} ZIP Codes
            </h2>
            <ul className="mt-4 flex flex-wrap gap-2 text-sm">
              {city.zipCodes.slice(0, ZIP_PREVIEW).map((zip) => (
                <li
                  key={zip}
                  className="rounded bg-slate-100 px-2 py-1 text-slate-800 tabular-nums"
                >
                  {zip}
                </li>
              ))}
            </ul>
            {city.zipCodes.length > ZIP_PREVIEW ? (
              <details className="mt-2 text-sm">
                <summary className="cursor-pointer text-blue-800">
                  Show all {formatCount(city.zipCodes.length)} ZIP codes
                </summary>
                <p className="mt-2 text-slate-700 tabular-nums">
                  {city.zipCodes.slice(ZIP_PREVIEW).join(', ')}
                </p>
              </details>
            ) : null}
          </section>
        ) : null}
      </div>

      <MovingResources placeName={city.name} />
    </div>
  );
}

export function Component() {
  return <CityView {...useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteErrorBoundary;
