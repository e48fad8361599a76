/** Home section 7: the interactive US map, or nothing when its geometry could not be computed (spec 8). */
import { Link } from 'react-router-dom';
import type { UsMapData } from '../../../components/map/map-types';
import { UsMap } from '../../../components/map/us-map';

export function UsMapSection({ map }: { map: UsMapData | null }) {
  if (!map) return null;
  return (
    <section
      id="us-map"
      aria-labelledby="map-heading"
      className="mx-auto max-w-7xl scroll-mt-20 px-4 py-14 sm:px-6 lg:px-8"
    >
      <h2 id="map-heading" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        Find Movers on the Map
      </h2>
      <p className="mt-2 max-w-2xl text-slate-600">
        Choose a state to browse its moving companies, or see{' '}
        <Link to="/states" className="font-medium text-blue-800 underline">
          every state in a list
        </Link>
        .
      </p>
      <div className="mt-6">
        <UsMap map={map} />
      </div>
    </section>
  );
}
