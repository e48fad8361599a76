/** The server-rendered pages hydrate without a mismatch (a mismatch makes React re-render the page). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_REVIEW_VIEW } from '@moveratlas/contracts';
import { hydrationErrors } from '../test/hydrate';
import { testCompany, testLicensing } from '../test/companies';
import { TEST_MAJOR_CITIES, TEST_STATES } from '../test/fixtures';
import { HomeView } from './home/home-page';
import { computeUsMap } from '../components/map/us-map-geometry';
import { CompanyView } from './companies/company-page';

afterEach(() => vi.unstubAllGlobals());

describe('hydration', () => {
  it('hydrates the home page with the map and the featured companies', async () => {
    // The browser starts the progressive loading after hydration; keep it pending here.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    const errors = await hydrationErrors(
      <HomeView
        states={TEST_STATES}
        majorCities={TEST_MAJOR_CITIES}
        featured={[testCompany({ id: 1 }), testCompany({ id: 2, slug: 'b', logo: null })]}
        usMap={computeUsMap()}
        averageRating={4.2}
      />,
    );
    expect(errors).toEqual([]);
  });

  it('hydrates a company profile', async () => {
    const company = {
      ...testCompany({ photoUrls: ['/images/photos/1.svg'] }),
      licensingDetails: testLicensing({
        assessment: { badge: 'red-flag', redFlags: ['mcs150-outdated'] },
      }),
      reviews: [
        {
          id: 1,
          rating: 5,
          title: 'Great',
          text: 'On time.',
          authorFirstName: 'Ann',
          date: '2026-01-02',
        },
      ],
      ratingDistribution: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: stars === 5 ? 1 : 0 })),
    };
    const errors = await hydrationErrors(
      <CompanyView
        company={company}
        reviewPage={{ page: 1, pageCount: 1, total: 1, view: DEFAULT_REVIEW_VIEW }}
        locator={null}
        otherMovers={[testCompany({ id: 2, slug: 'other-movers', name: 'Other Movers' })]}
      />,
    );
    expect(errors).toEqual([]);
  });
});
