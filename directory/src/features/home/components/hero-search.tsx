/** Home section 2: the search box (a GET to /search?q=) and shortcuts to the five major cities. */
import { Form, Link } from 'react-router-dom';
import type { MajorCity } from '@moveratlas/contracts';
import { MapPinIcon, SearchIcon } from '../../../components/icons';
import { cityPath } from '../../../lib/regions';

/** The hero shows five city links (spec section 9). */
export const HERO_CITY_LIMIT = 5;

export function HeroSearch({ majorCities }: { majorCities: readonly MajorCity[] }) {
  return (
    <section
      aria-labelledby="hero-heading"
      className="bg-gradient-to-br from-blue-800 to-blue-950 text-white"
    >
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <h2 id="hero-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Search movers by city, state, ZIP code or company name
        </h2>
        <Form
          method="get"
          action="/search"
          role="search"
          className="mt-6 flex max-w-2xl flex-col gap-3 sm:flex-row"
        >
          <label htmlFor="hero-search" className="sr-only">
            City, state, ZIP code or company name
          </label>
          <div className="relative flex-1">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-slate-400" />
            <input
              id="hero-search"
              name="q"
              type="search"
              required
              maxLength={100}
              autoComplete="off"
              placeholder="e.g. Chicago, TX, 60601 or a company name"
              className="w-full rounded-lg border-0 bg-white py-3 pr-3 pl-10 text-base text-slate-900 placeholder:text-slate-500 focus:ring-4 focus:ring-orange-300 focus:outline-none"
            />
          </div>
          <button
            type="submit"
            className="rounded-lg bg-orange-700 px-6 py-3 text-base font-semibold text-white shadow-sm hover:bg-orange-800 focus:ring-4 focus:ring-orange-300 focus:outline-none"
          >
            Search
          </button>
        </Form>
        {majorCities.length > 0 ? (
          <nav aria-label="Popular cities" className="mt-6">
            <p className="text-sm text-blue-100">Popular cities:</p>
            <ul className="mt-2 flex flex-wrap gap-2">
              {majorCities.slice(0, HERO_CITY_LIMIT).map((city) => (
                <li key={`${city.stateSlug}/${city.citySlug}`}>
                  <Link
                    to={cityPath(city.stateSlug, city.citySlug)}
                    className="inline-flex items-center gap-1.5 rounded-full bg-white/10 px-3 py-1.5 text-sm font-medium text-white ring-1 ring-white/25 hover:bg-white/20"
                  >
                    <MapPinIcon className="h-4 w-4" />
                    {`${city.name} Movers`}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
    </section>
  );
}
