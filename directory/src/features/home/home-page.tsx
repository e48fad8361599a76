/** The home page (spec 2.2): sections 1–6 and 9 with live counts from the directory. */
import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type { MajorCity, StateSummary } from '@moveratlas/contracts';
import { directoryData } from '../../app/router-context';
import { formatCount } from '../../lib/numbers';
import { groupStatesByRegion } from '../../lib/regions';
import { Seo } from '../../lib/seo/seo';
import { useSite } from '../../lib/site';
import { BrowseByState } from './components/browse-by-state';
import { HeroSearch } from './components/hero-search';
import { HomeIntro } from './components/home-intro';
import { MajorCities } from './components/major-cities';
import { ServiceCards } from './components/service-cards';
import { StatsStrip } from './components/stats-strip';
import { WhyChooseUs } from './components/why-choose-us';

export interface HomeData {
  states: StateSummary[];
  majorCities: MajorCity[];
}

export async function loader({ context }: LoaderFunctionArgs): Promise<HomeData> {
  const data = directoryData(context);
  const [states, majorCities] = await Promise.all([data.listStates(), data.majorCities()]);
  return { states, majorCities };
}

const KEYWORDS = [
  'moving companies',
  'movers',
  'moving quotes',
  'local movers',
  'long distance movers',
  'interstate moving companies',
  'commercial movers',
  'packing and storage',
];

export function HomeView({ states, majorCities }: HomeData) {
  const site = useSite();
  const companyCount = states.reduce((sum, state) => sum + state.companyCount, 0);
  const stateCount = states.filter((state) => state.companyCount > 0).length;
  return (
    <>
      <Seo
        title="Compare Moving Companies & Get Free Moving Quotes"
        description={`Compare ${formatCount(companyCount)} moving companies in all 50 states and DC. Browse movers by state and city, read ratings and reviews, and get free moving quotes.`}
        keywords={KEYWORDS}
      />
      <HomeIntro siteName={site.siteName} />
      <HeroSearch majorCities={majorCities} />
      <StatsStrip companyCount={companyCount} stateCount={stateCount} />
      <ServiceCards />
      <BrowseByState groups={groupStatesByRegion(states)} />
      <MajorCities cities={majorCities} />
      <WhyChooseUs />
    </>
  );
}

export function Component() {
  const data = useLoaderData<typeof loader>();
  return <HomeView {...data} />;
}
