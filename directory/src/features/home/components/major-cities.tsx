/** Home section 6: the major cities with their live company counts. */
import { cityPath } from '@moveratlas/contracts';
import { Link } from 'react-router-dom';
import type { MajorCity } from '@moveratlas/contracts';
import { ArrowRightIcon } from '../../../components/icons';
import { plural } from '../../../lib/numbers';

export function MajorCities({ cities }: { cities: readonly MajorCity[] }) {
  return (
    <section
      aria-labelledby="major-cities-heading"
      className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8"
    >
      <h2
        id="major-cities-heading"
        className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
      >
        Movers in Major Cities
      </h2>
      <p className="mt-2 max-w-2xl text-slate-600">
        The busiest moving markets in the country, with the companies that work there.
      </p>
      <ul className="mt-8 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
        {cities.map((city) => (
          <li key={`${city.stateSlug}/${city.citySlug}`}>
            <Link
              to={cityPath(city.stateSlug, city.citySlug)}
              className="group flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-blue-300 hover:shadow-md sm:p-5"
            >
              <span className="text-lg font-semibold text-slate-900">
                {city.name}, {city.stateAbbreviation}
              </span>
              <span className="mt-1 text-sm text-slate-600">
                {plural(city.count, 'moving company', 'moving companies')}
              </span>
              <span className="mt-3 inline-flex items-center gap-1 text-sm font-semibold text-blue-800">
                {city.name} Movers
                <ArrowRightIcon className="h-4 w-4 transition group-hover:translate-x-0.5" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
