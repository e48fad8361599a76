import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithRouter } from '../../../test/render-with-router';
import { testCompany } from '../../../test/companies';
import { FeaturedCompanies, FeaturedCompaniesView, keepUnchanged } from './featured-companies';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const companies = [
  testCompany({ id: 1, name: 'A Movers' }),
  testCompany({ id: 2, name: 'B Movers' }),
];

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
        state={{ status: 'error', message: 'API Error: boom' }}
        onRetry={onRetry}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Unable to Load Companies');
    expect(alert.textContent).toContain(
      'We encountered an error while loading featured companies. API Error: boom',
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
  });

  it("lists the companies with '{n} Companies Available'", () => {
    renderWithRouter(<FeaturedCompaniesView state={{ status: 'list', companies }} />);
    expect(screen.getByText('2 Companies Available')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByText(/of ~50 loaded/)).toBeNull();
  });

  it("shows 'x of ~50 loaded (p%)' while loading is incomplete", () => {
    renderWithRouter(
      <FeaturedCompaniesView state={{ status: 'list', companies, progress: { loaded: 2 } }} />,
    );
    expect(screen.getByText('2 of ~50 loaded (4%)')).toBeInTheDocument();
  });
});

describe('FeaturedCompanies', () => {
  it('loads the featured list and four pages, merged without duplicates', async () => {
    const requested: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        requested.push(url);
        const body = url.startsWith('/api/companies/featured')
          ? [testCompany({ id: 1, name: 'A Movers', isFeatured: true })]
          : [testCompany({ id: 1, name: 'A Movers' }), testCompany({ id: 3, name: 'C Movers' })];
        return new Response(JSON.stringify(body), {
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    renderWithRouter(<FeaturedCompanies />);
    expect(screen.getAllByTestId('company-skeleton')).toHaveLength(3);
    await waitFor(() => expect(screen.getByText('2 Companies Available')).toBeInTheDocument());
    expect(screen.queryByText(/of ~50 loaded/)).toBeNull();
    expect(requested.sort()).toEqual([
      '/api/companies/featured',
      '/api/companies?limit=12&offset=0',
      '/api/companies?limit=24&offset=0',
      '/api/companies?limit=50&offset=0',
      '/api/companies?limit=6&offset=0',
    ]);
  });
});

describe('keepUnchanged', () => {
  const list = [testCompany({ id: 1, name: 'A Movers' }), testCompany({ id: 2, name: 'B Movers' })];
  const copy = () => list.map((company) => ({ ...company }));

  it('keeps the current state when an answer changes nothing, so nothing re-renders', () => {
    const current = { status: 'list', companies: list, progress: { loaded: 2 } } as const;
    expect(
      keepUnchanged(current, { status: 'list', companies: copy(), progress: { loaded: 2 } }),
    ).toBe(current);
    const loading = { status: 'loading' } as const;
    expect(keepUnchanged(loading, { status: 'loading' })).toBe(loading);
  });

  it('keeps the same list when only the progress changed', () => {
    const current = { status: 'list', companies: list, progress: { loaded: 2 } } as const;
    const next = keepUnchanged(current, { status: 'list', companies: copy() });
    expect(next).toEqual({ status: 'list', companies: list });
    expect(next.status === 'list' && next.companies).toBe(list);
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
