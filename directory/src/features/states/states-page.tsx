/** /states: all 50 states and DC by region, with live company counts, each linking to its state page. */
import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type { StateSummary } from '@moveratlas/contracts';
import { directoryData } from '../../app/router-context';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { StatesByRegion } from '../../components/states-by-region';
import { formatCount } from '../../lib/numbers';
import { groupStatesByRegion } from '../../lib/regions';
import { Seo } from '../../lib/seo/seo';
import type { Crumb } from '../../lib/seo/structured-data';

export async function loader({ context }: LoaderFunctionArgs): Promise<{ states: StateSummary[] }> {
  return { states: await directoryData(context).listStates() };
}

const CRUMBS: readonly Crumb[] = [
  { label: 'Home', to: '/' },
  { label: 'States', to: '/states' },
];

export function StatesView({ states }: { states: readonly StateSummary[] }) {
  const groups = groupStatesByRegion(states);
  const companyCount = states.reduce((sum, state) => sum + state.companyCount, 0);
  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 pb-16 sm:px-6 lg:px-8">
      <Seo
        title="Moving Companies by State"
        description={`Browse ${formatCount(companyCount)} moving companies in all 50 states and the District of Columbia, grouped by region, and find movers near you.`}
        keywords={[
          'moving companies by state',
          'movers by state',
          'state movers directory',
          'interstate movers',
        ]}
        breadcrumbs={CRUMBS}
      />
      <Breadcrumbs crumbs={CRUMBS} />
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
        Browse Moving Companies by State
      </h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-600">
        {formatCount(companyCount)} moving companies across the 50 states and the District of
        Columbia. Choose a state to see its movers, the cities they serve and how customers rate
        them.
      </p>
      <div className="mt-10">
        <StatesByRegion groups={groups} headingLevel="h2" />
      </div>
    </div>
  );
}

export function Component() {
  const { states } = useLoaderData<typeof loader>();
  return <StatesView states={states} />;
}
