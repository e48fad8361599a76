/**
 * The sections of a company's profile (company-page.tsx): about and facts, services, reviews with their rating
 * distribution, other movers of its city, and the contact and location panels.
 */
import { Link } from 'react-router-dom';
import {
  BEST_RATED_MIN_REVIEWS,
  cityPath,
  formatPhone,
  mayBeCalledBestRated,
  phoneDigits,
  type Company,
  type CompanyProfile,
} from '@moveratlas/contracts';
import { BarChart } from '../../components/charts/bar-chart';
import { MailIcon, PhoneIcon } from '../../components/icons';
import { StarRating } from '../../components/star-rating';
import type { StateLocator } from '../../components/map/map-types';
import { StateLocatorMap } from '../../components/map/state-locator-map';
import { companyPath } from '../../lib/companies';

const externalLink = 'font-medium text-blue-800 underline underline-offset-2 break-all';

export function CompanyAbout({
  company,
  description,
}: {
  company: CompanyProfile;
  description: string;
}) {
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
  );
}

export function CompanyServices({ company }: { company: CompanyProfile }) {
  return (
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
  );
}

export function CompanyReviews({ company }: { company: CompanyProfile }) {
  return (
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
  );
}

/** Another mover of the same city, as the loader sends it: only what the list shows. */
export type OtherMover = Pick<Company, 'id' | 'name' | 'slug' | 'rating' | 'reviewCount'>;

/**
 * Other movers of the same city, for a second and third estimate: called the best rated only when every one
 * listed has the reviews to deserve it (BEST_RATED_MIN_REVIEWS, issue 15).
 */
export function OtherMovers({
  company,
  place,
  otherMovers,
}: {
  company: CompanyProfile;
  place: string;
  otherMovers: OtherMover[];
}) {
  if (otherMovers.length === 0) return null;
  const bestRated = otherMovers.every(mayBeCalledBestRated);
  return (
    <section aria-labelledby="other-movers-heading">
      <h2 id="other-movers-heading" className="text-2xl font-bold text-slate-900">
        Compare Other Movers in {company.city.name}
      </h2>
      <p className="mt-2 text-slate-700">
        Getting more than one estimate is the surest way to a fair price.{' '}
        {bestRated
          ? `The best rated movers in ${place} besides ${company.name}, each with at least ${BEST_RATED_MIN_REVIEWS} reviews:`
          : `Other movers in ${place}:`}
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
  );
}

export function CompanyContact({ company }: { company: CompanyProfile }) {
  return (
    <section aria-labelledby="contact-heading" className="rounded-xl border border-slate-200 p-5">
      <h2 id="contact-heading" className="text-lg font-bold text-slate-900">
        Contact
      </h2>
      <ul className="mt-3 space-y-2 text-sm">
        {company.phone ? (
          <li className="flex items-center gap-2">
            <PhoneIcon className="h-4 w-4 text-slate-500" />
            <a href={`tel:+1${phoneDigits(company.phone).slice(-10)}`} className={externalLink}>
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
  );
}

export function CompanyLocation({
  company,
  place,
  locator,
}: {
  company: CompanyProfile;
  place: string;
  locator: StateLocator | null;
}) {
  return (
    <section aria-labelledby="location-heading" className="rounded-xl border border-slate-200 p-5">
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
  );
}
