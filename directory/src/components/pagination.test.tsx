import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { renderWithRouter } from '../test/render-with-router';
import { Pagination, pageWindow } from './pagination';

afterEach(cleanup);

describe('Pagination', () => {
  it('links every page it shows, marks the current one and skips far pages', () => {
    renderWithRouter(
      <Pagination page={5} totalPages={20} hrefFor={(p) => `/states/illinois?page=${p}`} />,
    );
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Previous',
      '1',
      '3',
      '4',
      '5',
      '6',
      '7',
      '20',
      'Next',
    ]);
    expect(within(nav).getByRole('link', { name: 'Page 5' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Next' }).getAttribute('href')).toBe(
      '/states/illinois?page=6',
    );
  });

  it('renders nothing for a single page and no Previous on the first', () => {
    renderWithRouter(<Pagination page={1} totalPages={1} hrefFor={(p) => `?page=${p}`} />);
    expect(screen.queryByRole('navigation')).toBeNull();
    cleanup();
    renderWithRouter(<Pagination page={1} totalPages={3} hrefFor={(p) => `?page=${p}`} />);
    expect(screen.queryByRole('link', { name: 'Previous' })).toBeNull();
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
  });
});
