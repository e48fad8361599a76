/**
 * Home section 3: directory figures. Companies, states and the average rating come from the database;
 * '1M+' customers is the spec's marketing copy. A figure the database cannot give (no rated companies, or
 * the statistics failed to load) is left out rather than replaced by an invented one.
 */
import { formatCount } from '../../../lib/numbers';

export function StatsStrip({
  companyCount,
  stateCount,
  averageRating = null,
}: {
  companyCount: number;
  stateCount: number;
  averageRating?: number | null;
}) {
  const stats = [
    { value: formatCount(companyCount), label: 'Moving Companies' },
    { value: formatCount(stateCount), label: 'States Covered' },
    { value: '1M+', label: 'Customers Served' },
    ...(averageRating === null
      ? []
      : [{ value: `${averageRating.toFixed(1)}/5`, label: 'Average Rating' }]),
  ];
  return (
    <section aria-label="Directory statistics" className="border-b border-slate-200 bg-slate-50">
      <dl
        className={`mx-auto grid max-w-7xl grid-cols-2 gap-6 px-4 py-8 text-center sm:px-6 lg:px-8 ${stats.length === 4 ? 'md:grid-cols-4' : 'md:grid-cols-3'}`}
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
