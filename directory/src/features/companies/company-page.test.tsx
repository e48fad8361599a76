/**
 * The profile's "Compare Other Movers" section as a visitor reads it (issue 15): the city's best rated movers
 * only when they have the reviews to be called that, each with its review count; otherwise neutral words.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import {
  BEST_RATED_MIN_REVIEWS,
  type Company,
  type CompanyProfile,
  type CompanyQuery,
} from '@moveratlas/contracts';
import { createRouterContext } from '../../app/router-context';
import { testCompany, testLicensing } from '../../test/companies';
import { fakeDirectoryData } from '../../test/fixtures';
import { renderWithRouter } from '../../test/render-with-router';
import { CompanyView, loader } from './company-page';

afterEach(cleanup);

const HOUSTON = {
  city: { name: 'Houston', slug: 'houston' },
  state: { name: 'Texas', slug: 'texas', abbreviation: 'TX' },
};

const PROFILE: CompanyProfile = {
  ...testCompany({ id: 1, name: 'Bayou City Movers', slug: 'bayou-city-movers', ...HOUSTON }),
  licensingDetails: testLicensing(),
  reviews: [],
  ratingDistribution: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: 0 })),
};

const mover = (id: number, name: string, rating: number, reviewCount: number): Company =>
  testCompany({
    id,
    name,
    slug: name.toLowerCase().replace(/ /g, '-'),
    rating,
    reviewCount,
    ...HOUSTON,
  });

/** Opens the profile with the city's movers as GET /api/companies?sort=rating answers them. */
async function openProfile(sameCity: Company[]) {
  const queries: CompanyQuery[] = [];
  const context = createRouterContext(
    fakeDirectoryData({
      companyProfile: async () => PROFILE,
      listCompanies: async (query) => {
        queries.push(query);
        return { companies: sameCity, total: sameCity.length };
      },
    }),
  );
  const address = 'https://movers.test/company/bayou-city-movers';
  const data = await loader({
    request: new Request(address),
    url: new URL(address),
    pattern: '/company/:slug',
    params: { slug: 'bayou-city-movers' },
    context,
  } as Parameters<typeof loader>[0]);
  renderWithRouter(<CompanyView {...data} />, { path: '/company/bayou-city-movers' });
  return {
    queries,
    section: screen.getByRole('region', { name: 'Compare Other Movers in Houston' }),
  };
}

const listed = (section: HTMLElement) =>
  within(section)
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('the profile’s other movers', () => {
  it('names the best rated movers of the city, each with enough reviews and its review count', async () => {
    const { queries, section } = await openProfile([
      // In rank-score order, as the API answers: a 5.0 with 4 reviews ranks above a 4.2 with 12.
      mover(2, 'Lone Star Haulers', 4.6, 37),
      PROFILE,
      mover(3, 'Perfect Start Moving', 5, 4),
      mover(4, 'Gulf Coast Relocation', 4.2, 12),
      mover(5, 'One Review Movers', 5, 1),
    ]);
    expect(queries).toEqual([
      expect.objectContaining({ state: 'texas', city: 'houston', sort: 'rating' }),
    ]);
    expect(section.textContent).toContain(
      `The best rated movers in Houston, TX besides Bayou City Movers, each with at least ${BEST_RATED_MIN_REVIEWS} reviews:`,
    );
    expect(listed(section)).toEqual([
      'Lone Star Haulers4.6(37 reviews)',
      'Gulf Coast Relocation4.2(12 reviews)',
    ]);
  });

  it('does not call anyone best rated when no mover of the city has the reviews for it', async () => {
    const { section } = await openProfile([
      mover(3, 'Perfect Start Moving', 5, 4),
      mover(5, 'One Review Movers', 5, 1),
    ]);
    expect(section.textContent).not.toMatch(/best rated/i);
    expect(section.textContent).toContain('Other movers in Houston, TX:');
    expect(listed(section)).toEqual([
      'Perfect Start Moving5.0(4 reviews)',
      'One Review Movers5.0(1 review)',
    ]);
  });
});
