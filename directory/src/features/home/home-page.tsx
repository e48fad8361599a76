/** The home page (spec 2.2): all twelve sections, with live figures from the directory. */
import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type { Company, MajorCity, StateSummary } from '@moveratlas/contracts';
import { directoryData } from '../../app/router-context';
import { formatCount } from '../../lib/numbers';
import { groupStatesByRegion } from '../../lib/regions';
import { Seo } from '../../lib/seo/seo';
import { companyItemListJsonLd } from '../../lib/seo/structured-data';
import { useSite } from '../../lib/site';
import { loadMapGeometry, type UsMapData } from '../../components/map/map-types';
import { BlogTeasers } from './components/blog-teasers';
import { BrowseByState } from './components/browse-by-state';
import {
  FEATURED_TODAY_COUNT,
  FeaturedCompanies,
  loadLiveFeatured,
} from './components/featured-companies';
import { ForMovingCompanies } from './components/for-moving-companies';
import { MovingGuide, type HomeGuide } from './components/moving-guide';
import { UsMapSection } from './components/us-map-section';
import { HeroSearch } from './components/hero-search';
import { HomeIntro } from './components/home-intro';
import { MajorCities } from './components/major-cities';
import { ServiceCards } from './components/service-cards';
import { StatsStrip } from './components/stats-strip';
import { WhyChooseUs } from './components/why-choose-us';

export interface HomeData {
  states: StateSummary[];
  majorCities: MajorCity[];
  /**
   * Today's featured companies from the server, so the page is complete without scripts; null when the
   * query failed (the section then loads in the browser); absent leaves the section out (tests of the other
   * sections).
   */
  featured?: Company[] | null;
  /** How many featured companies there are in all, when known. */
  featuredTotal?: number | null;
  /** The map's precomputed state shapes; null when they could not be drawn. */
  usMap?: UsMapData | null;
  /** The directory's average rating, when known. */
  averageRating?: number | null;
  /** How many published reviews the directory holds, when known. */
  reviewCount?: number | null;
  /** The editorial guide (section 11); left out when it cannot be read. */
  guide?: HomeGuide | null;
}

async function usMapData(): Promise<UsMapData | null> {
  try {
    return (await loadMapGeometry()).computeUsMap();
  } catch (error) {
    // Spec 8: map data failure is logged silently; the section is left out.
    console.warn('US map unavailable', error);
    return null;
  }
}

export async function loader({ context }: LoaderFunctionArgs): Promise<HomeData> {
  const data = directoryData(context);
  const [states, majorCities, featured, usMap, statistics, guide] = await Promise.all([
    data.listStates(),
    data.majorCities(),
    // The section has its own loading and error states: a failure here is not the page's failure.
    data.featuredCompaniesToday(FEATURED_TODAY_COUNT).catch(() => null),
    usMapData(),
    data.nationalStatistics().catch(() => null),
    // Only what the section shows: the loader data travels in the page for hydration.
    data
      .contentDocument('pages', 'home-moving-guide')
      .then((doc) => (doc ? { title: doc.title, html: doc.html } : null))
      .catch(() => null),
    // Rendered at once rather than after a suspension (see featured-companies.tsx); optional as well.
    loadLiveFeatured().catch(() => undefined),
  ]);
  return {
    states,
    majorCities,
    featured,
    featuredTotal: statistics?.featuredCount ?? null,
    usMap,
    averageRating: statistics?.averageRating ?? null,
    reviewCount: statistics?.reviewCount ?? null,
    guide,
  };
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

export function HomeView({
  states,
  majorCities,
  featured,
  featuredTotal,
  usMap,
  averageRating,
  reviewCount,
  guide,
}: HomeData) {
  const site = useSite();
  const companyCount = states.reduce((sum, state) => sum + state.companyCount, 0);
  const stateCount = states.filter((state) => state.companyCount > 0).length;
  return (
    <>
      <Seo
        title="Compare Moving Companies & Get Free Quotes"
        description={`Compare ${formatCount(companyCount)} moving companies in all 50 states and DC. Browse movers by state and city, read ratings and reviews, and get free moving quotes.`}
        keywords={KEYWORDS}
        jsonLd={
          featured && featured.length > 0
            ? [companyItemListJsonLd(site, 'Featured moving companies', featured)]
            : []
        }
      />
      <HomeIntro siteName={site.siteName} />
      <HeroSearch majorCities={majorCities} />
      <StatsStrip
        companyCount={companyCount}
        stateCount={stateCount}
        averageRating={averageRating ?? null}
        reviewCount={reviewCount ?? null}
      />
      <ServiceCards />
      <BrowseByState groups={groupStatesByRegion(states)} />
      <MajorCities cities={majorCities} />
      <UsMapSection map={usMap ?? null} />
      {featured !== undefined ? (
        <FeaturedCompanies
          initialFeatured={featured ?? undefined}
          featuredTotal={featuredTotal ?? null}
        />
      ) : null}
      <WhyChooseUs />
      <BlogTeasers />
      {guide ? <MovingGuide guide={guide} /> : null}
      <ForMovingCompanies />
    </>
  );
}

export function Component() {
  const data = useLoaderData<typeof loader>();
  return <HomeView {...data} />;
}
