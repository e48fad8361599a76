/** Statistics and charts of a state or city page, all rendered on the server as HTML and inline SVG. */
import {
  distanceBand,
  PRICING_RULES,
  typicalMovePrices,
  TYPICAL_LOCAL_MILES,
  TYPICAL_LONG_DISTANCE_MILES,
  TYPICAL_MOVES,
  type DirectoryStatistics,
  type MoveDestination,
  type MoveSizeId,
} from '@moveratlas/contracts';
import { formatCount } from '../../lib/numbers';
import { BarChart } from '../charts/bar-chart';
import { PriceRangeChart } from '../charts/price-range-chart';

/**
 * The move sizes, labelled as the contracts' MOVE_SIZES. Not imported from there: that module also builds a
 * zod schema, and importing it would bring zod (~24 KB gzipped) into every state and city page.
 */
export const PRICED_SIZES: ReadonlyArray<{ id: MoveSizeId; label: string }> = [
  { id: 'studio', label: 'Studio/1BR' },
  { id: '2-3br', label: '2-3 Bedrooms' },
  { id: '4br', label: '4+ Bedrooms' },
  { id: 'commercial', label: 'Office/Commercial' },
];

export function PlaceStatistics({
  placeName,
  statistics,
  destinations,
}: {
  placeName: string;
  statistics: DirectoryStatistics;
  /** Destination states of quote requests from the place; the chart is left out while there are none. */
  destinations: readonly MoveDestination[];
}) {
  const figures = [
    { label: 'Moving companies', value: formatCount(statistics.companyCount) },
    {
      label: 'Average rating',
      value: statistics.averageRating === null ? '–' : `${statistics.averageRating.toFixed(1)}/5`,
    },
    { label: 'Customer reviews', value: formatCount(statistics.reviewCount) },
    { label: 'Featured movers', value: formatCount(statistics.featuredCount) },
  ];
  const ratings = statistics.ratingDistribution.map((bucket) => ({
    label: `${bucket.stars} star${bucket.stars === 1 ? '' : 's'}`,
    value: bucket.count,
  }));
  const services = [...statistics.serviceMix]
    .sort((a, b) => b.count - a.count)
    .map((service) => ({ label: service.name, value: service.count }));
  // The calculator's own totals for these moves (issue 15: the pages disagreed with it).
  const prices = typicalMovePrices(PRICED_SIZES.map((size) => size.id));
  const local = PRICED_SIZES.map((size, i) => ({ label: size.label, range: prices[i]!.local }));
  const longDistance = PRICED_SIZES.map((size, i) => ({
    label: size.label,
    range: prices[i]!.longDistance,
  }));
  return (
    <section aria-labelledby="statistics-heading" className="mt-10">
      <h2 id="statistics-heading" className="text-2xl font-bold tracking-tight text-slate-900">
        {placeName} Moving Statistics
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-4 md:grid-cols-4">
        {figures.map((figure) => (
          <div
            key={figure.label}
            className="flex flex-col-reverse rounded-xl border border-slate-200 bg-white p-4 text-center shadow-sm"
          >
            <dt className="mt-1 text-sm text-slate-600">{figure.label}</dt>
            <dd className="text-2xl font-extrabold text-blue-800 tabular-nums">{figure.value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <BarChart
          title="Rating distribution"
          description={`How many ${placeName} moving companies hold each star rating, rounded to the nearest star.`}
          data={ratings}
        />
        {services.length > 0 ? (
          <BarChart
            title="Service mix"
            description={`How many ${placeName} moving companies offer each service.`}
            data={services}
          />
        ) : null}
        <PriceRangeChart
          title={`Typical local move prices (${TYPICAL_LOCAL_MILES} miles)`}
          description={`Estimated price ranges of a ${TYPICAL_LOCAL_MILES}-mile local move by home size: the crew's hours at an hourly rate, the drive and a trip charge.`}
          rows={local}
        />
        <PriceRangeChart
          title={`Typical long-distance prices (${distanceBand(TYPICAL_LONG_DISTANCE_MILES).label})`}
          description="Estimated price ranges of a long-distance move by home size: shipment weight × rate per pound."
          rows={longDistance}
        />
        {destinations.length > 0 ? (
          <BarChart
            title={`Where people from ${placeName} move to`}
            description={`Destination states of quote requests that start in ${placeName}.`}
            data={destinations.map((d) => ({ label: d.name, value: d.count }))}
            valueLabel="Quote requests"
          />
        ) : null}
      </div>
      <div className="mt-3 text-sm text-slate-600">
        <p>
          Prices are for {TYPICAL_MOVES}. The{' '}
          <a href="/calculator" className="font-medium text-blue-800 underline">
            cost calculator
          </a>{' '}
          gives the same figures for the same move, and prices yours.
        </p>
        <details className="mt-2">
          <summary className="cursor-pointer font-medium text-slate-800">
            How these prices are worked out
          </summary>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {PRICING_RULES.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        </details>
      </div>
    </section>
  );
}
