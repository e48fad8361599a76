/**
 * A company's published reply under its review on the public profile (issue 17): "Response from <company>"
 * with its date, on the first page (from the profile) and on later pages (from the reviews API); a review
 * without a reply shows none. A review written from a request's link is marked verified (issue 19).
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

const TOTAL = REVIEWS_PER_PAGE + 1;
const REVIEWS: Review[] = Array.from({ length: TOTAL }, (_, i) => ({
  id: i + 1,
  rating: i === 1 ? 2 : 5,
  title: `Review number ${i + 1}`,
  text: 'What happened on the day.',
  authorFirstName: 'Ann',
  date: `2026-01-${String(28 - i).padStart(2, '0')}`,
  // The first review came from a request's link (issue 19); the others are not tied to one.
  verifiedRequestOn: i === 0 ? '2026-01-20' : null,
  reply:
    i === 1
      ? { text: 'We are sorry about the delay.\nThe next move is on us.', date: '2026-02-03' }
      : i === TOTAL - 1
        ? { text: 'Thank you for trusting us twice.', date: '2026-02-04' }
        : null,
}));

const PROFILE: CompanyProfile = {
  ...testCompany({ id: 1, name: 'Prairie Movers', slug: 'prairie-movers', reviewCount: TOTAL }),
  licensingDetails: testLicensing(),
  reviews: REVIEWS.slice(0, REVIEWS_PER_PAGE),
  ratingDistribution: [5, 4, 3, 2, 1].map((stars) => ({
    stars,
    count: REVIEWS.filter((r) => r.rating === stars).length,
  })),
};

function openProfile(path: string) {
  const data = fakeDirectoryData({
    companyProfile: async (slug) => (slug === PROFILE.slug ? PROFILE : undefined),
    companyReviews: async (slug, page): Promise<CompanyReviewPage | undefined> =>
      slug === PROFILE.slug && page === 2
        ? { reviews: REVIEWS.slice(REVIEWS_PER_PAGE), page, pageCount: 2, total: TOTAL }
        : undefined,
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
}

const reviewArticle = (title: string) => screen.getByRole('article', { name: title });

describe("a company's reply on its profile", () => {
  it('shows a published reply under its review, named and dated, and nothing under the others', async () => {
    openProfile('/company/prairie-movers');
    await screen.findByRole('heading', { name: 'Customer Reviews' });
    const answered = reviewArticle('Review number 2');
    const reply = within(answered).getByRole('region', { name: 'Response from Prairie Movers' });
    expect(reply).toHaveTextContent('We are sorry about the delay. The next move is on us.');
    expect(within(reply).getByText('2026-02-03')).toHaveAttribute('datetime', '2026-02-03');
    // Line breaks are kept as the company wrote them.
    expect(within(reply).getByText(/We are sorry/).textContent).toBe(
      'We are sorry about the delay.\nThe next move is on us.',
    );
    expect(
      within(reviewArticle('Review number 1')).queryByRole('region', { name: /Response from/ }),
    ).not.toBeInTheDocument();
    expect(screen.getAllByRole('region', { name: /Response from/ })).toHaveLength(1);
  });

  it('marks a review from a request as verified, with the site and the request’s day, and no other', async () => {
    openProfile('/company/prairie-movers');
    await screen.findByRole('heading', { name: 'Customer Reviews' });
    expect(reviewArticle('Review number 1')).toHaveTextContent(
      'Verified request through MoverAtlas on January 20, 2026',
    );
    expect(screen.getAllByText(/^Verified request through/)).toHaveLength(1);
  });

  it('shows the replies of an older page of reviews too', async () => {
    const user = userEvent.setup();
    openProfile('/company/prairie-movers');
    await screen.findByRole('heading', { name: 'Customer Reviews' });
    await user.click(screen.getByRole('link', { name: /Older reviews/ }));
    await screen.findByRole('heading', { name: `Review number ${TOTAL}` });
    expect(
      within(reviewArticle(`Review number ${TOTAL}`)).getByRole('region', {
        name: 'Response from Prairie Movers',
      }),
    ).toHaveTextContent('Thank you for trusting us twice.');
  });
});
