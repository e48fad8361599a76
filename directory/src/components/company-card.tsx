/**
 * The company card (spec 2.2): name, up to three service badges, stars, the licensing badge (issue 20), logo,
 * View Profile and Get Quote.
 */
import { Link } from 'react-router-dom';
import type { Company } from '@moveratlas/contracts';
import { companyPath, companyQuotePath, serviceBadges } from '../lib/companies';
import { CompanyLogo } from './company-logo';
import { MapPinIcon } from './icons';
import { LicensingBadge } from './licensing-badge';
import { StarRating } from './star-rating';

/** Entrance delay: 100 ms per card, capped at 1000 ms; one CSS class per step (no inline styles under the CSP). */
export const enterDelayClass = (index: number): string =>
  `card-enter-delay-${Math.min(Math.max(0, index), 10)}`;

export function CompanyCard({
  company,
  index = 0,
  headingLevel = 'h3',
}: {
  company: Company;
  index?: number;
  headingLevel?: 'h2' | 'h3';
}) {
  const Heading = headingLevel;
  const href = companyPath(company);
  return (
    <article
      className={`card-enter ${enterDelayClass(index)} flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm`}
      aria-labelledby={`company-${company.id}`}
    >
      <div className="flex items-start gap-4">
        <CompanyLogo id={company.id} name={company.name} logo={company.logo} />
        <div className="min-w-0 flex-1">
          <Heading id={`company-${company.id}`} className="text-lg leading-snug font-semibold">
            {/* Out of the tab order: View Profile below leads to the same page, and a keyboard user
                need not pass two links to one place on every card (issue 15). */}
            <Link
              to={href}
              tabIndex={-1}
              className="text-slate-900 hover:text-blue-800 hover:underline"
            >
              {company.name}
            </Link>
          </Heading>
          <p className="mt-1 flex items-center gap-1 text-sm text-slate-600">
            <MapPinIcon className="h-4 w-4 shrink-0" />
            {company.city.name}, {company.state.abbreviation}
          </p>
        </div>
      </div>
      <StarRating rating={company.rating} reviewCount={company.reviewCount} className="mt-3" />
      {company.licensing ? (
        <p className="mt-3">
          <LicensingBadge licensing={company.licensing} />
        </p>
      ) : null}
      <ul className="mt-3 flex flex-wrap gap-2" aria-label="Services">
        {serviceBadges(company).map((badge) => (
          <li
            key={badge}
            className="rounded-full bg-blue-50 px-2.5 py-1 text-xs font-medium text-blue-900"
          >
            {badge}
          </li>
        ))}
      </ul>
      <div className="mt-auto flex gap-2 pt-5">
        <Link
          to={href}
          className="flex-1 rounded-lg border border-blue-700 px-3 py-2 text-center text-sm font-semibold text-blue-800 hover:bg-blue-50"
        >
          View Profile <span className="sr-only">of {company.name}</span>
        </Link>
        <Link
          to={companyQuotePath(company)}
          className="flex-1 rounded-lg bg-orange-700 px-3 py-2 text-center text-sm font-semibold text-white hover:bg-orange-800"
        >
          Get Quote <span className="sr-only">from {company.name}</span>
        </Link>
      </div>
    </article>
  );
}

/** A responsive grid of cards. */
export function CompanyGrid({
  companies,
  headingLevel = 'h3',
}: {
  companies: readonly Company[];
  headingLevel?: 'h2' | 'h3';
}) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {companies.map((company, index) => (
        <li key={company.id}>
          <CompanyCard company={company} index={index} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
