/**
 * Home section 3: directory figures, every one from the database: companies, states, reviews and the average
 * rating. The spec's '1M+ Customers Served' is gone: nothing we hold backs it (issue 15). A figure the
 * database cannot give (no reviews, or the statistics failed to load) is left out rather than invented.
 */
import { formatCount } from '../../../lib/numbers';

/** Whole class names, so that Tailwind finds them in the source. */
const COLUMNS: Readonly<Record<number, string>> = {
  2: 'md:grid-cols-2',
  3: 'md:grid-cols-3',
  4: 'md:grid-cols-4',
};

export function StatsStrip({
  companyCount,
  stateCount,
  averageRating = null,
  reviewCount = null,
}: {
  companyCount: number;
  stateCount: number;
  averageRating?: number | null;
  reviewCount?: number | null;
}) {
  const stats = [
    { value: formatCount(companyCount), label: 'Moving Companies' },
    { value: formatCount(stateCount), label: 'States Covered' },
    ...(reviewCount === null || reviewCount === 0
      ? []
      : [{ value: formatCount(reviewCount), label: 'Customer Reviews' }]),
    ...(averageRating === null
      ? []
      : [{ value: `${averageRating.toFixed(1)}/5`, label: 'Average Rating' }]),
  ];
  return (
    <section aria-label="Directory statistics" className="border-b border-slate-200 bg-slate-50">
      <dl
        className={`mx-auto grid max-w-7xl grid-cols-2 gap-6 px-4 py-8 text-center sm:px-6 lg:px-8 ${COLUMNS[stats.length] ?? 'md:grid-cols-4'}`}
      >
        {stats.map((stat) => (
          <div key={stat.label} className="flex flex-col-reverse">
            <dt className="mt-1 text-sm text-slate-600">{stat.label}</dt>
            <dd className="text-2xl font-extrabold text-blue-800 tabular-nums sm:text-3xl">
              {stat.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
