/**
 * A profile as a visitor on a phone meets it (issue 15): the phone, e-mail and website under the company's
 * name, before everything else; then a page of reviews with the rating summary, and links to the older ones
 * — every review reachable, each page at its own address (?reviews=n).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import {
  REVIEWS_PER_PAGE,
  type CompanyProfile,
  type CompanyReviewPage,
  type Review,
} from '@moveratlas/contracts';
import { AppProviders } from '../../app/providers';
import { createRouterContext } from '../../app/router-context';
import { createQueryClient } from '../../lib/query-client';
import { ROOT_ROUTE_ID } from '../../lib/site';
import { testCompany, testLicensing } from '../../test/companies';
import { fakeDirectoryData, TEST_SITE } from '../../test/fixtures';
import { Component, loader } from './company-page';

afterEach(cleanup);

const TOTAL = 25;
/** Review 1 is the newest. */
const REVIEWS: Review[] = Array.from({ length: TOTAL }, (_, i) => ({
  id: i + 1,
  rating: 5 - (i % 3),
  title: `Review number ${i + 1}`,
  text: 'On time and careful.',
  authorFirstName: 'Ann',
  date: `2026-01-${String(28 - i).padStart(2, '0')}`,
}));
const pageOf = (page: number) =>
  REVIEWS.slice((page - 1) * REVIEWS_PER_PAGE, page * REVIEWS_PER_PAGE);

const PROFILE: CompanyProfile = {
  ...testCompany({ id: 1, name: 'Prairie Movers', slug: 'prairie-movers', reviewCount: TOTAL }),
  licensingDetails: testLicensing(),
  reviews: pageOf(1),
  ratingDistribution: [5, 4, 3, 2, 1].map((stars) => ({
    stars,
    count: REVIEWS.filter((r) => r.rating === stars).length,
  })),
};

function openProfile(path: string) {
  const asked: number[] = [];
  const data = fakeDirectoryData({
    companyProfile: async (slug) => (slug === PROFILE.slug ? PROFILE : undefined),
    companyReviews: async (slug, page): Promise<CompanyReviewPage | undefined> => {
      asked.push(page);
      const pageCount = Math.ceil(TOTAL / REVIEWS_PER_PAGE);
      if (slug !== PROFILE.slug || page > pageCount) return undefined;
      return { reviews: pageOf(page), page, pageCount, total: TOTAL };
    },
  });
  const router = createMemoryRouter(
    [
      {
        id: ROOT_ROUTE_ID,
        path: '/',
        loader: () => TEST_SITE,
        Component: Outlet,
        children: [
          { path: 'company/:slug', loader, Component, ErrorBoundary: () => <p>Not found</p> },
        ],
      },
    ],
    { initialEntries: [path], getContext: () => createRouterContext(data) },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, asked };
}

const reviewTitles = () =>
  within(screen.getByRole('region', { name: 'Customer Reviews' }))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

describe('a company profile', () => {
  it('offers tap-to-call, e-mail and the website under the name, before any other section', async () => {
    openProfile('/company/prairie-movers');
    const call = await screen.findByRole('link', { name: 'Call (312) 555-0123' });
    expect(call).toHaveAttribute('href', 'tel:+13125550123');
    const contact = screen.getByRole('region', { name: 'Contact Prairie Movers' });
    expect(
      within(contact).getByRole('link', { name: 'hello@prairie.example.com' }),
    ).toHaveAttribute('href', 'mailto:hello@prairie.example.com');
    expect(
      within(contact).getByRole('link', {
        // jsdom's name computation drops the space before the hidden words; a screen reader keeps it.
        name: /^prairie\.example\.com ?\(website, opens in a new tab\)$/,
      }),
    ).toHaveAttribute('href', 'https://prairie.example.com');
    const about = screen.getByRole('heading', { name: 'About Prairie Movers' });
    // Document order is reading order on a phone's single column.
    expect(call.compareDocumentPosition(about)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(screen.getByRole('heading', { level: 1 }).compareDocumentPosition(call)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it('shows the newest reviews with the distribution, and leads page by page to the oldest', async () => {
    const user = userEvent.setup();
    const { router, asked } = openProfile('/company/prairie-movers');
    await screen.findByRole('heading', { name: 'Customer Reviews' });
    expect(reviewTitles()).toEqual(pageOf(1).map((r) => r.title));
    expect(
      screen.getByText(`Reviews 1–${REVIEWS_PER_PAGE} of ${TOTAL}, newest first.`),
    ).toBeVisible();
    const pages = screen.getByRole('navigation', { name: 'Review pages' });
    expect(within(pages).getByRole('link', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(pages).getByRole('link', { name: 'Page 3' })).toHaveAttribute(
      'href',
      '/company/prairie-movers?reviews=3#reviews',
    );

    await user.click(screen.getByRole('link', { name: `Older reviews: 11–20 of ${TOTAL}` }));
    await screen.findByRole('heading', { name: 'Review number 11' });
    expect(router.state.location.search).toBe('?reviews=2');
    expect(reviewTitles()).toEqual(pageOf(2).map((r) => r.title));
    // The summary of every review stays on every page.
    expect(screen.getByRole('img', { name: /^Rating distribution/ })).toBeVisible();

    await user.click(screen.getByRole('link', { name: `Older reviews: 21–25 of ${TOTAL}` }));
    await screen.findByRole('heading', { name: 'Review number 25' });
    expect(reviewTitles()).toEqual(pageOf(3).map((r) => r.title));
    expect(screen.queryByRole('link', { name: /Older reviews/ })).not.toBeInTheDocument();
    expect(asked).toEqual([2, 3]);
    // The phone number is still at the top of a later page.
    expect(screen.getByRole('link', { name: 'Call (312) 555-0123' })).toBeVisible();
  });

  it('answers a review page past the last, or one that is not a number, as not found', async () => {
    openProfile('/company/prairie-movers?reviews=4');
    expect(await screen.findByText('Not found')).toBeVisible();
    cleanup();
    openProfile('/company/prairie-movers?reviews=two');
    expect(await screen.findByText('Not found')).toBeVisible();
  });
});
