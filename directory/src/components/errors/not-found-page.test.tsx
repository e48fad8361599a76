import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CameFromContext, sameSitePath } from '../../lib/came-from';
import { renderWithRouter } from '../../test/render-with-router';
import { NotFoundPage } from './not-found-page';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '');
});

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

  it('offers Back to Home, Search Moving Companies and a contact link, and no Go Back to nowhere', () => {
    // Landed on directly (a typed address, another site's link): no page of this site to go back to.
    renderWithRouter(<NotFoundPage />, { path: '/no-such-page' });
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Search Moving Companies' }).getAttribute('href')).toBe(
      '/search',
    );
    expect(screen.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/contact');
    expect(screen.queryByRole('button', { name: 'Go Back' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go Back' })).not.toBeInTheDocument();
  });

  it('links Go Back to the page of this site whose link led here, which works without scripts', async () => {
    const user = userEvent.setup();
    const { router } = renderWithRouter(
      <CameFromContext value="/states/illinois?page=2">
        <NotFoundPage />
      </CameFromContext>,
      { path: '/company/gone-movers' },
    );
    const back = screen.getByRole('link', { name: 'Go Back' });
    expect(back).toHaveAttribute('href', '/states/illinois?page=2');
    // By keyboard: Tab reaches it, Enter follows it.
    back.focus();
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/states/illinois?page=2',
    );
  });

  it('goes back in history when this tab reached the page through the site', async () => {
    const user = userEvent.setup();
    const { router } = renderWithRouter(<NotFoundPage />, { path: '/' });
    await router.navigate('/missing');
    expect(router.state.location.pathname).toBe('/missing');
    // React Router numbers its entries in the tab's history: this one is not the tab's first.
    window.history.replaceState({ idx: 1 }, '');
    await router.navigate('/missing?again');
    await user.click(await screen.findByRole('button', { name: 'Go Back' }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(router.state.location.pathname + router.state.location.search).toBe('/missing');
  });
});

describe('sameSitePath', () => {
  const page = 'https://movers.example/no/such/page';
  it.each([
    ['https://movers.example/states/illinois?page=2', '/states/illinois?page=2'],
    ['https://movers.example/', '/'],
    ['https://other.example/states/illinois', null],
    ['http://movers.example/states/illinois', null],
    ['https://movers.example/no/such/page', null],
    ['https://movers.example//evil.example/x', null],
    ['not a url', null],
    [null, null],
  ])('reads the Referer %s as %s', (referer, path) => {
    expect(sameSitePath(referer, page)).toBe(path);
  });

  it('is titled and marked noindex', () => {
    renderWithRouter(<NotFoundPage />, { path: '/no-such-page' });
    expect(document.title).toBe('Page Not Found | MoverAtlas');
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe(
      'noindex',
    );
  });
});
