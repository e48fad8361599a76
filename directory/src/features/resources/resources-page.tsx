/**
 * /resources: location resources for a move — what to do about licences, vehicles, utilities, voting and
 * taxes when you arrive in a new state — with every state's page, region by region.
 */
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { REGIONS, US_STATES, type ContentSummary } from '@moveratlas/contracts';
import { directoryData } from '../../app/router-context';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { webPageJsonLd } from '../../lib/seo/content-structured-data';
import { Seo } from '../../lib/seo/seo';
import type { Crumb } from '../../lib/seo/structured-data';
import { useSite } from '../../lib/site';
import { ContentCard } from '../content/article-view';

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
  "Moving to a new state? Driver's licence and vehicle registration, utilities, voter registration, mail forwarding and movers in every state, in one place.";

export function ResourcesView({ resources }: { resources: ContentSummary[] }) {
  const site = useSite();
  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 pb-16 sm:px-6 lg:px-8">
      <Seo
        title={TITLE}
        description={DESCRIPTION}
        keywords={[
          'moving to a new state',
          'new resident checklist',
          'vehicle registration',
          'driver license transfer',
          'utility setup',
        ]}
        breadcrumbs={CRUMBS}
        jsonLd={[
          webPageJsonLd(site, {
            title: TITLE,
            description: DESCRIPTION,
            path: '/resources',
            type: 'CollectionPage',
          }),
        ]}
      />
      <Breadcrumbs crumbs={CRUMBS} />
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
        Location Resources
      </h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-600">
        The practical side of arriving somewhere new: what to change, register and set up, and when.
        Rules differ from state to state, so check the details with your new state&apos;s agencies.
      </p>
      <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {resources.map((resource) => (
          <li key={resource.slug}>
            <ContentCard summary={resource} to={`/resources/${resource.slug}`} />
          </li>
        ))}
      </ul>
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
                    <Link to={`/states/${state.slug}`} className="text-blue-800 hover:underline">
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
