/** /company/{slug}: a company's full profile with reviews, rating distribution, contact, location and JSON-LD. */
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import {
  companyPageTitle,
  formatPhone,
  phoneDigits,
  type CompanyProfile,
  cityPath,
  statePath,
  companyProfilePath,
} from '@moveratlas/contracts';
import { directoryData } from '../../app/router-context';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { BarChart } from '../../components/charts/bar-chart';
import { CompanyLogo } from '../../components/company-logo';
import { CompanyPhotos } from '../../components/company-photos';
import { MailIcon, MapPinIcon, PhoneIcon } from '../../components/icons';
import { StarRating } from '../../components/star-rating';
import { RouteErrorBoundary } from '../../components/errors/route-error-boundary';
import { companyKeywords, companyPath, serviceBadges } from '../../lib/companies';
import { notFound } from '../../lib/http';
import { formatCount } from '../../lib/numbers';
import { Seo } from '../../lib/seo/seo';
import { movingCompanyJsonLd } from '../../lib/seo/structured-data';
import { useSite } from '../../lib/site';
import { loadMapGeometry, type StateLocator } from '../../components/map/map-types';
import { StateLocatorMap } from '../../components/map/state-locator-map';
import { CompanyQuoteButton } from './company-quote-button';

async function locatorFor(company: CompanyProfile): Promise<StateLocator | null> {
  try {
    const { computeStateLocator } = await loadMapGeometry();
    return computeStateLocator(company.state.name, company.lat, company.lng) ?? null;
  } catch (error) {
    // Spec 8: a map that cannot be drawn is logged and left out.
    console.warn('Company map unavailable', error);
    return null;
  }
}

/** How many other movers of the same city the profile offers for comparison. */
const OTHER_MOVERS = 4;

export async function loader({ params, context }: LoaderFunctionArgs) {
  const slug = params.slug ?? '';
  const data = directoryData(context);
  const company = await data.companyProfile(slug);
  if (!company) notFound();
  const [locator, sameCity] = await Promise.all([
    locatorFor(company),
    data.listCompanies({
      state: company.state.slug,
      city: company.city.slug,
      sort: 'rating',
      limit: OTHER_MOVERS + 1,
    }),
  ]);
  // Only what the list shows: the loader data travels in the page for hydration.
  const otherMovers = sameCity.companies
    .filter((c) => c.id !== company.id)
    .slice(0, OTHER_MOVERS)
    .map(({ id, name, slug, rating, reviewCount }) => ({ id, name, slug, rating, reviewCount }));
  return { company, locator, otherMovers };
}

export type CompanyPageData = Awaited<ReturnType<typeof loader>>;

const externalLink = 'font-medium text-blue-800 underline underline-offset-2 break-all';

export function CompanyView({ company, locator, otherMovers }: CompanyPageData) {
  const site = useSite();
  const path = companyProfilePath(company.slug);
  const place = `${company.city.name}, ${company.state.abbreviation}`;
  const crumbs = [
    { label: 'Home', to: '/' },
    { label: 'States', to: '/states' },
    { label: company.state.name, to: statePath(company.state.slug) },
    { label: company.city.name, to: cityPath(company.state.slug, company.city.slug) },
    { label: company.name, to: path },
  ];
  const description =
    company.description ??
    `${company.name} is a moving company in ${place} offering ${serviceBadges(company).join(', ').toLowerCase()}.`;
  const quoteHref = `/get-quotes?company=${encodeURIComponent(company.slug)}`;
  const facts = [
    company.yearsInBusiness !== null
      ? {
          label: 'Years in business',
          value: `${company.yearsInBusiness}${company.foundedYear ? ` (since ${company.foundedYear})` : ''}`,
        }
      : null,
    company.usdotNumber ? { label: 'USDOT number', value: company.usdotNumber } : null,
    company.mcNumber ? { label: 'MC number', value: company.mcNumber } : null,
    company.serviceArea ? { label: 'Service area', value: company.serviceArea } : null,
    company.serviceRadiusMiles !== null
      ? { label: 'Service radius', value: `${company.serviceRadiusMiles} miles` }
      : null,
  ].filter((fact): fact is { label: string; value: string } => fact !== null);

  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 pb-16 sm:px-6 lg:px-8">
      <Seo
        title={companyPageTitle(
          {
            name: company.name,
            city: company.city.name,
            stateAbbreviation: company.state.abbreviation,
          },
          site.siteName,
        )}
        description={`${description} Read ${formatCount(company.reviewCount)} reviews and get a free quote.`}
        keywords={companyKeywords(company)}
        breadcrumbs={crumbs}
        geo={{
          region: `US-${company.state.abbreviation}`,
          placename: place,
          ...(company.lat !== null && company.lng !== null
            ? { position: { lat: company.lat, lng: company.lng } }
            : {}),
        }}
        jsonLd={[movingCompanyJsonLd(site, company)]}
      />
      <Breadcrumbs crumbs={crumbs} />

      <header className="mt-6 flex flex-col gap-6 sm:flex-row sm:items-start">
        <CompanyLogo id={company.id} name={company.name} logo={company.logo} size="lg" />
        <div className="min-w-0 flex-1">
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
            {company.name}
          </h1>
          <p className="mt-2 flex items-center gap-1 text-slate-600">
            <MapPinIcon className="h-5 w-5" />
            {place}
            {company.isFeatured ? (
              <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                Featured
              </span>
            ) : null}
          </p>
          <StarRating rating={company.rating} reviewCount={company.reviewCount} className="mt-3" />
        </div>
        {/* Keyed by company: another profile, reached client-side, gets its own widget. */}
        <CompanyQuoteButton key={company.id} company={company} href={quoteHref} />
      </header>

      <div className="mt-10 grid gap-10 lg:grid-cols-3">
        <div className="space-y-10 lg:col-span-2">
          <section aria-labelledby="about-heading">
            <h2 id="about-heading" className="text-2xl font-bold text-slate-900">
              About {company.name}
            </h2>
            <p className="mt-3 text-slate-700">{description}</p>
            {facts.length > 0 ? (
              <dl className="mt-5 grid gap-4 sm:grid-cols-2">
                {facts.map((fact) => (
                  <div key={fact.label} className="rounded-lg bg-slate-50 p-3">
                    <dt className="text-sm text-slate-600">{fact.label}</dt>
                    <dd className="font-semibold text-slate-900">{fact.value}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
          </section>

          <section aria-labelledby="services-heading">
            <h2 id="services-heading" className="text-2xl font-bold text-slate-900">
              Services
            </h2>
            <ul className="mt-3 flex flex-wrap gap-2">
              {(company.services.length > 0
                ? company.services
                : [{ id: 'moving', name: 'Moving Services' }]
              ).map((service) => (
                <li
                  key={service.id}
                  className="rounded-full bg-blue-50 px-3 py-1 text-sm font-medium text-blue-900"
                >
                  {service.name}
                </li>
              ))}
            </ul>
          </section>

          <CompanyPhotos name={company.name} urls={company.photoUrls} />

          <section aria-labelledby="reviews-heading">
            <h2 id="reviews-heading" className="text-2xl font-bold text-slate-900">
              Customer Reviews
            </h2>
            {company.ratingDistribution.some((bucket) => bucket.count > 0) ? (
              <div className="mt-4">
                <BarChart
                  title="Rating distribution"
                  description={`How many of ${company.name}'s published reviews give each star rating.`}
                  data={company.ratingDistribution.map((bucket) => ({
                    label: `${bucket.stars} star${bucket.stars === 1 ? '' : 's'}`,
                    value: bucket.count,
                  }))}
                  valueLabel="Reviews"
                />
              </div>
            ) : null}
            {company.reviews.length === 0 ? (
              <p className="mt-3 text-slate-600">No reviews yet.</p>
            ) : (
              <ul className="mt-6 space-y-4">
                {company.reviews.map((review) => (
                  <li key={review.id} className="rounded-xl border border-slate-200 p-4">
                    <article aria-labelledby={`review-${review.id}`}>
                      <StarRating rating={review.rating} />
                      <h3 id={`review-${review.id}`} className="mt-2 font-semibold text-slate-900">
                        {review.title}
                      </h3>
                      <p className="mt-1 text-slate-700">{review.text}</p>
                      <p className="mt-2 text-sm text-slate-600">
                        {review.authorFirstName} · <time dateTime={review.date}>{review.date}</time>
                      </p>
                    </article>
                  </li>
                ))}
              </ul>
            )}
          </section>

          {otherMovers.length > 0 ? (
            <section aria-labelledby="other-movers-heading">
              <h2 id="other-movers-heading" className="text-2xl font-bold text-slate-900">
                Compare Other Movers in {company.city.name}
              </h2>
              <p className="mt-2 text-slate-700">
                Getting more than one estimate is the surest way to a fair price. The best rated
                movers in {place} besides {company.name}:
              </p>
              <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200">
                {otherMovers.map((other) => (
                  <li
                    key={other.id}
                    className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 p-4"
                  >
                    <Link
                      to={companyPath(other)}
                      className="font-semibold text-blue-800 underline-offset-2 hover:underline"
                    >
                      {other.name}
                    </Link>
                    <StarRating rating={other.rating} reviewCount={other.reviewCount} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>

        <aside className="space-y-6" aria-label="Contact and location">
          <section
            aria-labelledby="contact-heading"
            className="rounded-xl border border-slate-200 p-5"
          >
            <h2 id="contact-heading" className="text-lg font-bold text-slate-900">
              Contact
            </h2>
            <ul className="mt-3 space-y-2 text-sm">
              {company.phone ? (
                <li className="flex items-center gap-2">
                  <PhoneIcon className="h-4 w-4 text-slate-500" />
                  <a
                    href={`tel:+1${phoneDigits(company.phone).slice(-10)}`}
                    className={externalLink}
                  >
                    {formatPhone(company.phone)}
                  </a>
                </li>
              ) : null}
              {company.email ? (
                <li className="flex items-center gap-2">
                  <MailIcon className="h-4 w-4 text-slate-500" />
                  <a href={`mailto:${company.email}`} className={externalLink}>
                    {company.email}
                  </a>
                </li>
              ) : null}
              {company.website ? (
                <li>
                  <a
                    href={company.website}
                    rel="nofollow noopener noreferrer"
                    target="_blank"
                    className={externalLink}
                  >
                    {company.website.replace(/^https?:\/\//, '')}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </li>
              ) : null}
            </ul>
          </section>
          <section
            aria-labelledby="location-heading"
            className="rounded-xl border border-slate-200 p-5"
          >
            <h2 id="location-heading" className="text-lg font-bold text-slate-900">
              Location
            </h2>
            <address className="mt-3 text-sm text-slate-700 not-italic">
              {company.street ? (
                <>
                  {company.street}
                  <br />
                </>
              ) : null}
              {company.city.name}, {company.state.abbreviation} {company.zipCode ?? ''}
            </address>
            {locator ? (
              <StateLocatorMap
                locator={locator}
                label={`${company.name} is located in ${place}, ${company.state.name}`}
              />
            ) : null}
            <p className="mt-3 text-sm">
              <Link
                to={cityPath(company.state.slug, company.city.slug)}
                className="font-medium text-blue-800 underline"
              >
                More movers in {company.city.name}
              </Link>
            </p>
          </section>
        </aside>
      </div>
    </div>
  );
}

export function Component() {
  return <CompanyView {...useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteErrorBoundary;
