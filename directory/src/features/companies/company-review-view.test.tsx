/**
 * Sorting and filtering a profile's reviews (issue 19), as a visitor does it with the keyboard: the choice goes
 * into the page's address (so a shared link and Back give the same list), the count is announced in a status
 * line, paging keeps the choice, "No reviews match these filters" offers to clear them, and an address with a
 * value we do not know is not found.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import {
  REVIEWS_PER_PAGE,
  reviewPageCount,
  type CompanyProfile,
  type CompanyReviewPage,
  type Review,
  type ReviewView,
} from '@moveratlas/contracts';
import { AppProviders } from '../../app/providers';
import { createRouterContext } from '../../app/router-context';
import { createQueryClient } from '../../lib/query-client';
import { ROOT_ROUTE_ID } from '../../lib/site';
import { testCompany, testLicensing } from '../../test/companies';
import { fakeDirectoryData, TEST_SITE } from '../../test/fixtures';
import { Component, loader } from './company-page';

afterEach(cleanup);

const TOTAL = 40;
const DAY_MS = 86_400_000;
/**
 * Review 1 is the newest, one a day. Every third is verified (14); the writers of the other even-numbered ones
 * hired the mover (13: the public review does not carry the answer, so the fake API keeps it aside, as the
 * database does) — so no review is both, which makes an empty view.
 */
const REVIEWS: Review[] = Array.from({ length: TOTAL }, (_, i) => ({
  id: i + 1,
  rating: [5, 1, 4, 2, 3][i % 5]!,
  title: `Review number ${i + 1}`,
  text: 'What happened on the day.',
  authorFirstName: 'Ann',
  date: new Date(Date.UTC(2026, 1, 28) - i * DAY_MS).toISOString().slice(0, 10),
  verifiedRequestOn: i % 3 === 0 ? '2026-01-01' : null,
}));
const HIRED = new Set(
  REVIEWS.filter((r) => r.id % 2 === 0 && !r.verifiedRequestOn).map((r) => r.id),
);

/** The reviews a view keeps, in its order: the rules the server's query follows. */
function viewed(view: ReviewView): Review[] {
  const kept = REVIEWS.filter(
    (r) => (!view.verified || r.verifiedRequestOn) && (!view.hired || HIRED.has(r.id)),
  );
  const newest = (a: Review, b: Review) => b.date.localeCompare(a.date) || b.id - a.id;
  return [...kept].sort((a, b) =>
    view.sort === 'highest'
      ? b.rating - a.rating || newest(a, b)
      : view.sort === 'lowest'
        ? a.rating - b.rating || newest(a, b)
        : newest(a, b),
  );
}

const PROFILE: CompanyProfile = {
  ...testCompany({ id: 1, name: 'Prairie Movers', slug: 'prairie-movers', reviewCount: TOTAL }),
  licensingDetails: testLicensing(),
  reviews: REVIEWS.slice(0, REVIEWS_PER_PAGE),
  ratingDistribution: [5, 4, 3, 2, 1].map((stars) => ({
    stars,
    count: REVIEWS.filter((r) => r.rating === stars).length,
  })),
};

interface Asked {
  page: number;
  view: ReviewView | undefined;
}

function openProfile(path: string, options: { hold?: Promise<void> } = {}) {
  const asked: Asked[] = [];
  const data = fakeDirectoryData({
    companyProfile: async (slug) => (slug === PROFILE.slug ? PROFILE : undefined),
    companyReviews: async (slug, page, view): Promise<CompanyReviewPage | undefined> => {
      asked.push({ page, view });
      await options.hold;
      const all = viewed(view ?? { sort: 'newest', verified: false, hired: false });
      const pageCount = reviewPageCount(all.length);
      if (slug !== PROFILE.slug || page > pageCount) return undefined;
      const reviews = all.slice((page - 1) * REVIEWS_PER_PAGE, page * REVIEWS_PER_PAGE);
      return { reviews, page, pageCount, total: all.length };
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

const reviewsRegion = () => screen.getByRole('region', { name: 'Customer Reviews' });
const reviewTitles = () =>
  within(screen.getByRole('list', { name: 'Reviews' }))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);
const titlesOf = (reviews: Review[]) => reviews.map((r) => r.title);
const controls = () => {
  const form = screen.getByRole('form', { name: 'Sort and filter reviews' });
  return {
    sort: within(form).getByRole('combobox', { name: 'Sort reviews' }),
    verified: within(form).getByRole('checkbox', { name: /^Verified reviews only/ }),
    hired: within(form).getByRole('checkbox', { name: 'Only customers who hired this mover' }),
    apply: within(form).getByRole('button', { name: 'Show reviews' }),
  };
};

describe('sorting and filtering a profile’s reviews', () => {
  it('sorts and filters with the keyboard, puts the choice in the address and announces the count', async () => {
    const user = userEvent.setup();
    const { router, asked } = openProfile('/company/prairie-movers');
    await screen.findByRole('heading', { name: 'Customer Reviews' });
    expect(controls().sort).toHaveValue('newest');
    expect(controls().verified).toHaveAccessibleDescription(
      `Written after a quote request through ${TEST_SITE.siteName}`,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      `Reviews 1–${REVIEWS_PER_PAGE} of ${TOTAL}, newest first.`,
    );

    // Keyboard only: focus the select, choose by typing, tick the box with Space, press Enter on the button.
    await user.click(controls().sort);
    await user.selectOptions(controls().sort, 'Highest rated first');
    await user.tab();
    expect(controls().verified).toHaveFocus();
    await user.keyboard(' ');
    expect(controls().verified).toBeChecked();
    controls().apply.focus();
    await user.keyboard('{Enter}');

    const expected = viewed({ sort: 'highest', verified: true, hired: false }).slice(
      0,
      REVIEWS_PER_PAGE,
    );
    await screen.findByText(
      `Reviews 1–${REVIEWS_PER_PAGE} of 14 verified reviews, highest rated first.`,
    );
    expect(router.state.location.search).toBe('?sort=highest&verified=true');
    expect(asked).toEqual([{ page: 1, view: { sort: 'highest', verified: true, hired: false } }]);
    expect(reviewTitles()).toEqual(titlesOf(expected));
    // Only verified reviews, best first.
    const ratings = expected.map((r) => r.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    expect(within(reviewsRegion()).getAllByText(/^Verified request through/)).toHaveLength(
      REVIEWS_PER_PAGE,
    );
    // The controls say what is shown.
    expect(controls().sort).toHaveValue('highest');
    expect(controls().verified).toBeChecked();
    expect(controls().hired).not.toBeChecked();
  });

  it('pages a filtered view with its filters kept, then Back gives the same list again', async () => {
    const user = userEvent.setup();
    const { router } = openProfile('/company/prairie-movers?sort=lowest&hired=true');
    await screen.findByRole('heading', { name: 'Customer Reviews' });
    const hired = viewed({ sort: 'lowest', verified: false, hired: true });
    expect(hired.length).toBeGreaterThan(REVIEWS_PER_PAGE);
    expect(reviewTitles()).toEqual(titlesOf(hired.slice(0, REVIEWS_PER_PAGE)));
    expect(screen.getByRole('status')).toHaveTextContent(
      `Reviews 1–${REVIEWS_PER_PAGE} of ${hired.length} reviews from customers who hired this mover, lowest rated first.`,
    );
    expect(controls().sort).toHaveValue('lowest');
    expect(controls().hired).toBeChecked();
    const pages = screen.getByRole('navigation', { name: 'Review pages' });
    expect(within(pages).getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'href',
      '/company/prairie-movers?sort=lowest&hired=true&reviews=2#reviews',
    );

    // Not "older" in this order.
    await user.click(
      screen.getByRole('link', { name: `More reviews: 11–${hired.length} of ${hired.length}` }),
    );
    await screen.findByText(
      `Reviews 11–${hired.length} of ${hired.length} reviews from customers who hired this mover, lowest rated first.`,
    );
    expect(router.state.location.search).toBe('?sort=lowest&hired=true&reviews=2');
    expect(reviewTitles()).toEqual(titlesOf(hired.slice(REVIEWS_PER_PAGE)));
    expect(controls().hired).toBeChecked();

    // A new filter starts again from its first page (here, an empty one: no verified writer hired them).
    await user.click(controls().verified);
    await user.click(controls().apply);
    await screen.findByText('No reviews match these filters.');
    expect(router.state.location.search).toBe('?sort=lowest&verified=true&hired=true');

    await act(() => router.navigate(-1));
    await screen.findByText(
      `Reviews 11–${hired.length} of ${hired.length} reviews from customers who hired this mover, lowest rated first.`,
    );
    expect(controls().verified).not.toBeChecked();
    expect(controls().hired).toBeChecked();
    expect(controls().sort).toHaveValue('lowest');
  });

  it('says when no review matches, and clearing the filters keeps the order', async () => {
    const user = userEvent.setup();
    const { router } = openProfile('/company/prairie-movers?sort=highest&verified=true&hired=true');
    expect(await screen.findByRole('status')).toHaveTextContent('No reviews match these filters.');
    expect(screen.queryByRole('list', { name: 'Reviews' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Review pages' })).not.toBeInTheDocument();
    // The summary of every review stays.
    expect(screen.getByRole('img', { name: /^Rating distribution/ })).toBeVisible();

    await user.click(
      screen.getByRole('link', { name: `Clear the filters to see all ${TOTAL} reviews` }),
    );
    await screen.findByText(`Reviews 1–${REVIEWS_PER_PAGE} of ${TOTAL}, highest rated first.`);
    expect(router.state.location.search).toBe('?sort=highest');
    expect(controls().verified).not.toBeChecked();
    expect(controls().hired).not.toBeChecked();
    expect(screen.queryByRole('link', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('tells a screen reader the next list is loading, and marks the list busy', async () => {
    const user = userEvent.setup();
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    openProfile('/company/prairie-movers', { hold });
    await screen.findByRole('heading', { name: 'Customer Reviews' });
    await user.selectOptions(controls().sort, 'lowest');
    await user.click(controls().apply);
    expect(await screen.findByText('Loading reviews…')).toHaveRole('status');
    expect(screen.getByRole('list', { name: 'Reviews' })).toHaveAttribute('aria-busy', 'true');
    release();
    await screen.findByText(`Reviews 1–${REVIEWS_PER_PAGE} of ${TOTAL}, lowest rated first.`);
    expect(screen.getByRole('list', { name: 'Reviews' })).toHaveAttribute('aria-busy', 'false');
  });

  it('answers an order or a filter value it does not know as not found', async () => {
    for (const query of ['?sort=best', '?verified=yes', '?hired=1', '?sort=highest&reviews=0']) {
      openProfile(`/company/prairie-movers${query}`);
      expect(await screen.findByText('Not found'), query).toBeVisible();
      cleanup();
    }
  });
});
