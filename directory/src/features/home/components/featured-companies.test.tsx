import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithRouter } from '../../../test/render-with-router';
import { testCompany } from '../../../test/companies';
import {
  FEATURED_TODAY_COUNT,
  FeaturedCompanies,
  FeaturedCompaniesView,
  keepUnchanged,
} from './featured-companies';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const companies = [
  testCompany({ id: 1, name: 'A Movers', isFeatured: true }),
  testCompany({ id: 2, name: 'B Movers', isFeatured: true }),
];

const section = () => screen.getByRole('region', { name: 'Featured Moving Companies' });

describe('FeaturedCompaniesView', () => {
  it('shows three skeleton cards while loading with no companies', () => {
    renderWithRouter(<FeaturedCompaniesView state={{ status: 'loading' }} />);
    expect(screen.getAllByTestId('company-skeleton')).toHaveLength(3);
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('shows the error box with the message and a Try Again button that reloads', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    renderWithRouter(
      <FeaturedCompaniesView
        state={{ status: 'error', message: 'Our server is having trouble right now.' }}
        onRetry={onRetry}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Unable to Load Companies');
    expect(alert.textContent).toContain(
      'We encountered an error while loading featured companies. Our server is having trouble right now.',
    );
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it("says 'Please try again later.' when the error has no message", () => {
    renderWithRouter(<FeaturedCompaniesView state={{ status: 'error' }} />);
    expect(screen.getByRole('alert').textContent).toContain('Please try again later.');
  });

  it('shows the empty state with a link to the directory', () => {
    renderWithRouter(<FeaturedCompaniesView state={{ status: 'empty' }} />);
    expect(screen.getByRole('heading', { name: 'No Companies Found' })).toBeInTheDocument();
    expect(
      screen.getByText('No featured companies are available at this time.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Please check back later or browse our directory.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Directory' }).getAttribute('href')).toBe(
      '/moving-companies',
    );
    expect(screen.queryByRole('link', { name: /featured movers/ })).toBeNull();
  });

  it("shows today's companies, each with its rating and review count, and links to all the featured", () => {
    renderWithRouter(
      <FeaturedCompaniesView
        state={{
          status: 'list',
          companies: [
            testCompany({ id: 1, name: 'A Movers', rating: 4.6, reviewCount: 37 }),
            testCompany({ id: 2, name: 'B Movers', rating: 5, reviewCount: 1 }),
          ],
        }}
        featuredTotal={302}
      />,
    );
    expect(
      within(section()).getByText(
        'Today’s selection of our featured movers: a different one every day.',
      ),
    ).toBeInTheDocument();
    const cards = within(section()).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'A Movers',
      'B Movers',
    ]);
    expect(within(cards[0]!).getByText('(37 reviews)')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('(1 review)')).toBeInTheDocument();
    const all = within(section()).getByRole('link', { name: 'See all 302 featured movers' });
    expect(all.getAttribute('href')).toBe('/moving-companies?featured=true');
  });

  it('links to all the featured movers without a count when it is not known', () => {
    renderWithRouter(<FeaturedCompaniesView state={{ status: 'list', companies }} />);
    expect(
      within(section()).getByRole('link', { name: 'See all featured movers' }).getAttribute('href'),
    ).toBe('/moving-companies?featured=true');
  });
});

describe('FeaturedCompanies', () => {
  it("shows the server's list of today at once, and an empty answer as empty", () => {
    renderWithRouter(<FeaturedCompanies initialFeatured={companies} />);
    expect(within(section()).getAllByRole('article')).toHaveLength(2);
    cleanup();
    renderWithRouter(<FeaturedCompanies initialFeatured={[]} />);
    expect(screen.getByRole('heading', { name: 'No Companies Found' })).toBeInTheDocument();
  });

  it("loads today's featured companies in the browser when the server had none to give", async () => {
    const requested: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        requested.push(url);
        return new Response(JSON.stringify(companies), {
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    renderWithRouter(<FeaturedCompanies />);
    expect(screen.getAllByTestId('company-skeleton')).toHaveLength(3);
    await waitFor(() => expect(within(section()).getAllByRole('article')).toHaveLength(2));
    expect(requested).toEqual([
      `/api/companies/featured?limit=${FEATURED_TODAY_COUNT}&rotation=day`,
    ]);
  });
});

describe('keepUnchanged', () => {
  const list = [testCompany({ id: 1, name: 'A Movers' }), testCompany({ id: 2, name: 'B Movers' })];
  const copy = () => list.map((company) => ({ ...company }));

  it('keeps the current state when an answer changes nothing, so nothing re-renders', () => {
    const current = { status: 'list', companies: list } as const;
    expect(keepUnchanged(current, { status: 'list', companies: copy() })).toBe(current);
    const loading = { status: 'loading' } as const;
    expect(keepUnchanged(loading, { status: 'loading' })).toBe(loading);
  });

  it('takes the new list when a company changed or came in', () => {
    const current = { status: 'list', companies: list } as const;
    const changed = copy();
    changed[1] = { ...changed[1]!, rating: 1.5 };
    expect(keepUnchanged(current, { status: 'list', companies: changed })).toEqual({
      status: 'list',
      companies: changed,
    });
    const more = [...copy(), testCompany({ id: 3, name: 'C Movers' })];
    const grown = keepUnchanged(current, { status: 'list', companies: more });
    expect(grown.status === 'list' && grown.companies).toBe(more);
    expect(keepUnchanged(current, { status: 'empty' })).toEqual({ status: 'empty' });
  });
});
