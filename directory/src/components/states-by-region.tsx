/** All states and DC in four region columns, each linking to its state directory with its live company count. */
import { statePath } from '@moveratlas/contracts';
import { Link } from 'react-router-dom';
import { formatCount, plural } from '../lib/numbers';
import { type RegionGroup } from '../lib/regions';

export function StatesByRegion({
  groups,
  headingLevel = 'h3',
}: {
  groups: readonly RegionGroup[];
  headingLevel?: 'h2' | 'h3';
}) {
  const Heading = headingLevel;
  return (
    <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
      {groups.map((group) => (
        <section
          key={group.region}
          aria-labelledby={`region-${group.region.toLowerCase()}`}
          className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
        >
          <Heading
            id={`region-${group.region.toLowerCase()}`}
            className="text-lg font-semibold text-slate-900"
          >
            {group.region}
          </Heading>
          <p className="mt-1 text-sm text-slate-600">
            {plural(group.states.length, 'state', 'states')} ·{' '}
            {plural(group.companyCount, 'company', 'companies')}
          </p>
          {/* Two columns on a phone, where the four regions stack: half the height (issue 15). */}
          <ul className="mt-4 grid grid-cols-2 gap-x-2 gap-y-1 sm:grid-cols-1">
            {group.states.map((state) => (
              <li key={state.slug}>
                <Link
                  to={statePath(state.slug)}
                  className="flex items-baseline justify-between gap-3 rounded-md px-2 py-1.5 text-sm text-slate-800 hover:bg-blue-50 hover:text-blue-800"
                >
                  <span>
                    {state.name} <span className="sr-only">movers,</span>
                  </span>
                  <span className="shrink-0 text-xs text-slate-500 tabular-nums">
                    {formatCount(state.companyCount)}
                    <span className="sr-only">
                      {' '}
                      {state.companyCount === 1 ? 'company' : 'companies'}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
