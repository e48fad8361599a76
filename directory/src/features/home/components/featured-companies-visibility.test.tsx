// A file of its own: the live loading's chunk, once loaded, stays loaded for the module's lifetime.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { renderWithRouter } from '../../../test/render-with-router';
import { testCompany } from '../../../test/companies';
import { FeaturedCompanies } from './featured-companies';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const companies = [
  testCompany({ id: 1, name: 'A Movers' }),
  testCompany({ id: 2, name: 'B Movers' }),
];

describe('FeaturedCompanies below the fold', () => {
  it('starts the live loading only once the section nears the viewport', async () => {
    let notify: ((entries: Array<{ isIntersecting: boolean }>) => void) | undefined;
    const observe = vi.fn();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
          notify = callback;
        }
        observe = observe;
        disconnect = vi.fn();
      },
    );
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify([testCompany({ id: 1, name: 'A Movers', isFeatured: true })]), {
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithRouter(<FeaturedCompanies initialFeatured={companies} />);
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(observe).toHaveBeenCalledWith(document.getElementById('featured-heading'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock).not.toHaveBeenCalled();
    notify!([{ isIntersecting: true }]);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    // The fresh answer replaces the server's list: one company now.
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
  });
});
