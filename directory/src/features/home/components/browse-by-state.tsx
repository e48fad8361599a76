/** Home section 5: every state by region, with a link to the interactive map further down the page. */
import { MapPinIcon } from '../../../components/icons';
import { StatesByRegion } from '../../../components/states-by-region';
import type { RegionGroup } from '../../../lib/regions';

export function BrowseByState({ groups }: { groups: readonly RegionGroup[] }) {
  return (
    <section aria-labelledby="browse-states-heading" className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h2
              id="browse-states-heading"
              className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
            >
              Browse Movers by State
            </h2>
            <p className="mt-2 max-w-2xl text-slate-600">
              Pick a state to see its moving companies, the cities they serve and how customers rate
              them.
            </p>
          </div>
          {/* The map is further down this page (issue 15: the link led to /states, which has none). */}
          <a
            href="#us-map"
            className="inline-flex items-center gap-2 self-start rounded-lg border border-blue-700 px-4 py-2 text-sm font-semibold text-blue-800 hover:bg-blue-50 sm:self-auto"
          >
            <MapPinIcon className="h-4 w-4" />
            View Interactive Map
          </a>
        </div>
        <div className="mt-8">
          <StatesByRegion groups={groups} />
        </div>
      </div>
    </section>
  );
}
