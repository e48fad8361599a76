/** Home section 2: the search box (a GET to /search?q=, with suggestions as you type) and the five major cities. */
import { cityPath } from '@moveratlas/contracts';
import { Link } from 'react-router-dom';
import type { MajorCity } from '@moveratlas/contracts';
import { MapPinIcon } from '../../../components/icons';
import { SearchCombobox } from '../../../components/search-combobox';

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
        <div className="mt-6">
          <SearchCombobox
            label="City, state, ZIP code or company name"
            placeholder="e.g. Chicago, TX, 60601 or a company name"
          />
        </div>
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
