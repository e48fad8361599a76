/**
 * /resources: location resources for a move — what to do about licenses, vehicles, utilities, voting and
 * taxes when you arrive in a new state — with every state's page, region by region.
 */
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { REGIONS, US_STATES, type ContentSummary, statePath } from '@moveratlas/contracts';
import { directoryData } from '../../app/router-context';
import type { Crumb } from '../../lib/seo/structured-data';
import { CollectionPageHeader, ContentCardGrid } from '../../components/content/collection-page';

export async function loader({
  context,
}: LoaderFunctionArgs): Promise<{ resources: ContentSummary[] }> {
  return { resources: await directoryData(context).listContent('resources') };
}

const CRUMBS: readonly Crumb[] = [
  { label: 'Home', to: '/' },
  { label: 'Location Resources', to: '/resources' },
];
const TITLE = 'Location Resources for Your Move';
const DESCRIPTION =
  "Moving to a new state? Driver's license and vehicle registration, utilities, voter registration, mail forwarding and movers in every state, in one place.";

export function ResourcesView({ resources }: { resources: ContentSummary[] }) {
  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 pb-16 sm:px-6 lg:px-8">
      <CollectionPageHeader
        title={TITLE}
        description={DESCRIPTION}
        keywords={[
          'moving to a new state',
          'new resident checklist',
          'vehicle registration',
          'driver license transfer',
          'utility setup',
        ]}
        path="/resources"
        crumbs={CRUMBS}
        heading="Location Resources"
      >
        The practical side of arriving somewhere new: what to change, register and set up, and when.
        Rules differ from state to state, so check the details with your new state&apos;s agencies.
      </CollectionPageHeader>
      <ContentCardGrid
        items={resources.map((summary) => ({ summary, to: `/resources/${summary.slug}` }))}
        className="mt-10"
      />
      <section aria-labelledby="by-state-heading" className="mt-16">
        <h2 id="by-state-heading" className="text-2xl font-bold text-slate-900">
          Moving resources by state
        </h2>
        <p className="mt-2 max-w-3xl text-slate-600">
          Each state page lists its movers and cities, with typical moving costs.
        </p>
        <div className="mt-8 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
          {REGIONS.map((region) => (
            <div key={region}>
              <h3 className="font-semibold text-slate-900">{region}</h3>
              <ul className="mt-3 space-y-1 text-sm">
                {US_STATES.filter((state) => state.region === region).map((state) => (
                  <li key={state.slug}>
                    <Link to={statePath(state.slug)} className="text-blue-800 hover:underline">
                      Moving to {state.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>
    </div>
  );
}

export function Component() {
  const data = useLoaderData<typeof loader>();
  return <ResourcesView {...data} />;
}
