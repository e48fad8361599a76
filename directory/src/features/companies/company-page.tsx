/**
 * /company/{slug}: a company's profile — contact and quote at the top, then about, licensing (issue 20), services,
 * photos, the rating summary with a page of reviews (?reviews=n for the older ones; ?sort=…&verified=true&hired=true
 * for another order or only some of them), other movers, location and JSON-LD.
 */
import { Link, redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import {
  companyPageTitle,
  fittingTitle,
  isDefaultReviewView,
  readReviewPageQuery,
  reviewPageCount,
  reviewPageQuery,
  REVIEW_SORT_LABELS,
  type CompanyProfile,
  type ReviewView,
  cityPath,
  statePath,
  companyProfilePath,
  claimPagePath,
  mayBeCalledBestRated,
} from '@moveratlas/contracts';
import { directoryData } from '../../app/router-context';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { CompanyLogo } from '../../components/company-logo';
import { CompanyPhotos } from '../../components/company-photos';
import { MapPinIcon } from '../../components/icons';
import { StarRating } from '../../components/star-rating';
import { RouteErrorBoundary } from '../../components/errors/route-error-boundary';
import { companyKeywords, companyQuotePath, serviceBadges } from '../../lib/companies';
import { notFound } from '../../lib/http';
import { plural } from '../../lib/numbers';
import { Seo } from '../../lib/seo/seo';
import { movingCompanyJsonLd } from '../../lib/seo/structured-data';
import { useSite } from '../../lib/site';
import { loadMapGeometry, type StateLocator } from '../../components/map/map-types';
import { CompanyQuoteButton } from './company-quote-button';
import { reportProfileActivity, useProfileView } from './profile-activity';
import {
  CompanyAbout,
  CompanyContact,
  CompanyLocation,
  CompanyServices,
  OtherMovers,
} from './company-profile-sections';
import { CompanyReviews, type ReviewPageInfo } from './company-reviews';
import { CompanyLicensingPanel } from './company-licensing';

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
/** The city's best ranked movers the loader picks them from. */
const OTHER_MOVER_CANDIDATES = 12;

/** What a page or view of the reviews adds to the profile's title: "Page 2", "Verified, highest rated first". */
function reviewViewTitle(view: ReviewView, page: number): string {
  const filters = [view.verified ? 'Verified' : '', view.hired ? 'Hired' : ''].filter(Boolean);
  const parts = [
    ...(view.sort === 'newest' && filters.length === 0
      ? []
      : [[...filters, REVIEW_SORT_LABELS[view.sort].toLowerCase()].join(', ')]),
    ...(page > 1 ? [`Page ${page}`] : []),
  ];
  const text = parts.join(' – ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const slug = params.slug ?? '';
  const data = directoryData(context);
  const url = new URL(request.url);
  // The review page and view the address names; a value that is not ours is a 404, as a bad page number.
  const asked = readReviewPageQuery(url.searchParams);
  if (!asked) notFound();
  const { page, view } = asked;
  const ownPage = page > 1 || !isDefaultReviewView(view);
  const [company, viewedReviews] = await Promise.all([
    data.companyProfile(slug),
    // The first page, newest first, travels with the profile; a later page or another view is asked for
    // beside it.
    ownPage ? data.companyReviews(slug, page, view) : undefined,
  ]);
  // An old slug of a renamed company: its current address, permanently (decision 028).
  if (company && company.slug !== slug)
    throw redirect(`${companyProfilePath(company.slug)}${url.search}`, 301);
  if (!company || (ownPage && !viewedReviews)) notFound();
  const total = company.ratingDistribution.reduce((sum, bucket) => sum + bucket.count, 0);
  const reviewPage: ReviewPageInfo = viewedReviews
    ? { page, pageCount: viewedReviews.pageCount, total: viewedReviews.total, view }
    : { page, pageCount: reviewPageCount(total), total, view };
  const [locator, sameCity] = await Promise.all([
    locatorFor(company),
    data.listCompanies({
      state: company.state.slug,
      city: company.city.slug,
      // Ranked by rank score (issue 15), not the raw average.
      sort: 'rating',
      limit: OTHER_MOVER_CANDIDATES,
    }),
  ]);
  const others = sameCity.companies.filter((c) => c.id !== company.id);
  // The best rated, when the city has movers with reviews enough to be called that; else simply the best
  // ranked others, which the section then does not call best rated.
  const bestRated = others.filter(mayBeCalledBestRated);
  const otherMovers = (bestRated.length > 0 ? bestRated : others)
    .slice(0, OTHER_MOVERS)
    // Only what the list shows: the loader data travels in the page for hydration.
    .map(({ id, name, slug, rating, reviewCount }) => ({ id, name, slug, rating, reviewCount }));
  return {
    // The reviews of this page only: the page's data travels in it for hydration.
    company: viewedReviews ? { ...company, reviews: viewedReviews.reviews } : company,
    reviewPage,
    locator,
    otherMovers,
  };
}

/** The way in for the company itself (issue 17): claim the listing, by a code or with evidence. */
function ClaimListing({ slug }: { slug: string }) {
  return (
    <section aria-labelledby="claim-heading" className="rounded-xl border border-slate-200 p-5">
      <h2 id="claim-heading" className="text-lg font-bold text-slate-900">
        Is this your company?
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        Claim the listing to update it, see your quote requests and answer reviews. It is free.
      </p>
      <Link
        to={claimPagePath(slug)}
        rel="nofollow"
        className="mt-3 inline-block rounded-lg border border-blue-700 px-4 py-2 text-sm font-semibold text-blue-800 hover:bg-blue-50"
      >
        Claim this listing
      </Link>
    </section>
  );
}

export type CompanyPageData = Awaited<ReturnType<typeof loader>>;

export function CompanyView({ company, reviewPage, locator, otherMovers }: CompanyPageData) {
  const site = useSite();
  const path = companyProfilePath(company.slug);
  useProfileView(company.slug);
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
  const quoteHref = companyQuotePath(company);
  // A later page or another view of the reviews: the same profile, not a page of its own for search engines.
  const variant = reviewPage.page > 1 || !isDefaultReviewView(reviewPage.view);
  const variantTitle = reviewViewTitle(reviewPage.view, reviewPage.page);
  const profileTitle = companyPageTitle(
    { name: company.name, city: company.city.name, stateAbbreviation: company.state.abbreviation },
    site.siteName,
  );

  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 pb-16 sm:px-6 lg:px-8">
      <Seo
        title={
          variant
            ? fittingTitle(
                [`${company.name} Reviews – ${variantTitle}`, `${company.name} – ${variantTitle}`],
                site.siteName,
              )
            : profileTitle
        }
        description={`${description} ${company.reviewCount > 0 ? `Read ${plural(company.reviewCount, 'review', 'reviews')} and get a free quote.` : 'Get a free quote.'}`}
        // Older reviews and other views have their own pages, linked from the profile: followed, not
        // competing with it.
        {...(variant
          ? {
              noindex: true,
              followLinks: true,
              canonicalPath: `${path}${reviewPageQuery(reviewPage.view, reviewPage.page)}`,
            }
          : {})}
        keywords={companyKeywords(company)}
        breadcrumbs={crumbs}
        geo={{
          region: `US-${company.state.abbreviation}`,
          placename: place,
          ...(company.lat !== null && company.lng !== null
            ? { position: { lat: company.lat, lng: company.lng } }
            : {}),
        }}
        // The reviews the page shows, each a Review of this company (only published ones reach the page).
        jsonLd={[movingCompanyJsonLd(site, company, company.reviews)]}
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
          <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1">
            <StarRating rating={company.rating} reviewCount={company.reviewCount} />
            {company.ratingDistribution.some((bucket) => bucket.count > 0) ? (
              <a
                href="#reviews"
                className="text-sm font-medium text-blue-800 underline underline-offset-2"
              >
                Read the reviews
              </a>
            ) : null}
          </div>
          <CompanyContact
            company={company}
            onUse={(kind) => reportProfileActivity(company.slug, kind)}
          />
        </div>
        {/* Keyed by company: another profile, reached client-side, gets its own widget. */}
        <CompanyQuoteButton
          key={company.id}
          company={company}
          href={quoteHref}
          onUse={() => reportProfileActivity(company.slug, 'quote_click')}
        />
      </header>

      <div className="mt-10 grid gap-10 lg:grid-cols-3">
        <div className="space-y-10 lg:col-span-2">
          <CompanyAbout company={company} description={description} />

          <CompanyLicensingPanel name={company.name} licensing={company.licensingDetails} />

          <CompanyServices company={company} />

          <CompanyPhotos name={company.name} urls={company.photoUrls} />

          <CompanyReviews company={company} reviewPage={reviewPage} path={path} />

          <OtherMovers company={company} place={place} otherMovers={otherMovers} />
        </div>

        <aside className="space-y-6" aria-label="Location">
          <CompanyLocation company={company} place={place} locator={locator} />
          <ClaimListing slug={company.slug} />
        </aside>
      </div>
    </div>
  );
}

export function Component() {
  return <CompanyView {...useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteErrorBoundary;
