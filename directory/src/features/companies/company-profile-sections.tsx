/**
 * The sections of a company's profile (company-page.tsx): the contact links under its name, about and facts,
 * services, other movers of its city, and the location panel (the reviews are ./company-reviews).
 */
import type { MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  BEST_RATED_MIN_REVIEWS,
  cityPath,
  dayHoursText,
  formatPhone,
  mayBeCalledBestRated,
  phoneDigits,
  WEEKDAY_NAMES,
  WEEKDAYS,
  type Company,
  type CompanyProfile,
} from '@moveratlas/contracts';
import { MailIcon, Outline, PhoneIcon } from '../../components/icons';
import { StarRating } from '../../components/star-rating';
import type { StateLocator } from '../../components/map/map-types';
import { StateLocatorMap } from '../../components/map/state-locator-map';
import { companyPath } from '../../lib/companies';

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
      {company.hours ? (
        <div className="mt-5">
          <h3 className="text-lg font-semibold text-slate-900">Opening hours</h3>
          <dl className="mt-2 grid max-w-md grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
            {WEEKDAYS.map((day) => (
              <div key={day} className="contents">
                <dt className="text-slate-600">{WEEKDAY_NAMES[day]}</dt>
                <dd className="font-medium text-slate-900">{dayHoursText(company.hours![day])}</dd>
              </div>
            ))}
          </dl>
        </div>
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

/** Here rather than in components/icons, which every page downloads: only the profile shows it. */
const GlobeIcon = (props: { className?: string }) => (
  <Outline {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3a14 14 0 010 18M12 3a14 14 0 000 18" />
  </Outline>
);

const contactLinkBase =
  'inline-flex min-h-11 max-w-full items-center gap-2 rounded-lg border px-4 py-2 text-sm font-semibold';
const contactLink = `${contactLinkBase} border-slate-300 bg-white text-slate-900 hover:bg-slate-50`;
const callLink = `${contactLinkBase} border-blue-700 bg-blue-700 text-white hover:bg-blue-800`;

/** A click, or a middle-button click (which opens a link in a new tab, as `auxclick`). */
const followed = (onFollow: () => void) => ({
  onClick: onFollow,
  onAuxClick: (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button === 1) onFollow();
  },
});

/**
 * The company's phone (tap to call), e-mail and website, right under its name: the first thing a visitor
 * on a phone sees, not the last (issue 15).
 */
export function CompanyContact({
  company,
  onUse,
}: {
  company: CompanyProfile;
  /** Told when the visitor uses the phone or website link (the profile's activity beacons). */
  onUse?: (kind: 'phone_click' | 'website_click') => void;
}) {
  if (!company.phone && !company.email && !company.website) return null;
  return (
    <section aria-labelledby="contact-heading" className="mt-4">
      <h2 id="contact-heading" className="sr-only">
        Contact {company.name}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {company.phone ? (
          <li className="max-w-full">
            <a
              href={`tel:+1${phoneDigits(company.phone).slice(-10)}`}
              className={callLink}
              {...followed(() => onUse?.('phone_click'))}
            >
              <PhoneIcon className="h-4 w-4 shrink-0" />
              Call {formatPhone(company.phone)}
            </a>
          </li>
        ) : null}
        {company.email ? (
          <li className="max-w-full">
            <a href={`mailto:${company.email}`} className={contactLink}>
              <MailIcon className="h-4 w-4 shrink-0 text-slate-500" />
              <span className="break-all">{company.email}</span>
            </a>
          </li>
        ) : null}
        {company.website ? (
          <li className="max-w-full">
            <a
              href={company.website}
              rel="nofollow noopener noreferrer"
              target="_blank"
              className={contactLink}
              {...followed(() => onUse?.('website_click'))}
            >
              <GlobeIcon className="h-4 w-4 shrink-0 text-slate-500" />
              <span className="break-all">{company.website.replace(/^https?:\/\//, '')}</span>
              <span className="sr-only"> (website, opens in a new tab)</span>
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
