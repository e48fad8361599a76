import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithRouter } from '../../test/render-with-router';
import { NotFoundPage } from './not-found-page';

afterEach(cleanup);

describe('NotFoundPage', () => {
  it('shows the spec texts', () => {
    renderWithRouter(<NotFoundPage />, { path: '/no-such-page' });
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(
      screen.getByText(
        "Sorry, we couldn't find the page you're looking for. It might have been moved, deleted, or never existed.",
      ),
    ).toBeInTheDocument();
  });

  it('offers Back to Home, Search Moving Companies, Go Back and a contact link', () => {
    renderWithRouter(<NotFoundPage />, { path: '/no-such-page' });
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Search Moving Companies' }).getAttribute('href')).toBe(
      '/search',
    );
    expect(screen.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/contact');
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
  });

  it('goes back in history with Go Back', async () => {
    const user = userEvent.setup();
    const { router } = renderWithRouter(<NotFoundPage />, { path: '/' });
    await router.navigate('/missing');
    expect(router.state.location.pathname).toBe('/missing');
    window.history.pushState({}, '', '/extra-entry');
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(router.state.location.pathname).toBe('/');
  });

  it('is titled and marked noindex', () => {
    renderWithRouter(<NotFoundPage />, { path: '/no-such-page' });
    expect(document.title).toBe('Page Not Found | MoverAtlas');
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe(
      'noindex',
    );
  });
});
