/**
 * The profile's activity beacons (docs/decisions/033) as a browser sends them: nothing while the server
 * renders, one `view` once the page is hydrated (StrictMode's second effect run included), one per click on
 * Get Quote, the phone and the website, each a beacon to the company's activity address with JSON text; a
 * fetch with keepalive when the browser has no beacon; and a visitor never sees a failure.
 */
import { act, StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { DEFAULT_REVIEW_VIEW, type CompanyProfile } from '@moveratlas/contracts';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { ROOT_ROUTE_ID } from '../../lib/site';
import { testCompany, testLicensing } from '../../test/companies';
import { TEST_SITE } from '../../test/fixtures';
import { renderWithRouter } from '../../test/render-with-router';
import { CompanyView, type CompanyPageData } from './company-page';

const PROFILE: CompanyProfile = {
  ...testCompany({ id: 4, name: 'Bayou City Movers', slug: 'bayou-city-movers' }),
  phone: '7135550142',
  website: 'https://bayou.example.com',
  licensingDetails: testLicensing(),
  reviews: [],
  ratingDistribution: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: 0 })),
};

const DATA: CompanyPageData = {
  company: PROFILE,
  reviewPage: { page: 1, pageCount: 1, total: 0, view: DEFAULT_REVIEW_VIEW },
  locator: null,
  otherMovers: [],
};

const ADDRESS = '/api/companies/bayou-city-movers/activity';

type SendBeacon = (url: string, data?: BodyInit | null) => boolean;
let sendBeacon: Mock<SendBeacon>;

beforeEach(() => {
  sendBeacon = vi.fn<SendBeacon>(() => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
});

afterEach(() => {
  cleanup();
  delete (navigator as { sendBeacon?: unknown }).sendBeacon;
  for (const script of document.querySelectorAll('script')) script.remove();
  delete (window as { MoverAtlas?: unknown }).MoverAtlas;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The beacons sent so far, as [address, body]. */
const beacons = () => sendBeacon.mock.calls.map(([url, body]) => [url, body]);
const beacon = (kind: string) => [ADDRESS, JSON.stringify({ kind })];

/** The profile in a data router, as the app renders it (StrictMode, as the browser entry has it). */
function profileTree(): ReactNode {
  const router = createMemoryRouter(
    [
      {
        id: ROOT_ROUTE_ID,
        path: '/',
        loader: () => TEST_SITE,
        Component: Outlet,
        children: [{ path: '*', element: <CompanyView {...DATA} /> }],
      },
    ],
    {
      initialEntries: ['/company/bayou-city-movers'],
      hydrationData: { loaderData: { [ROOT_ROUTE_ID]: TEST_SITE } },
    },
  );
  return (
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}

/** Clicks a link and keeps jsdom from following it (it cannot load another document). */
async function clickLink(name: RegExp | string) {
  const user = userEvent.setup();
  const stay = (event: Event) => event.preventDefault();
  document.addEventListener('click', stay);
  try {
    await user.click(screen.getByRole('link', { name }));
  } finally {
    document.removeEventListener('click', stay);
  }
}

describe('the profile’s activity beacons', () => {
  it('sends nothing while rendered on the server, and one view once hydrated', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const container = document.createElement('div');
    container.innerHTML = renderToString(profileTree());
    expect(container.textContent).toContain('Bayou City Movers');
    expect(sendBeacon).not.toHaveBeenCalled();

    document.body.appendChild(container);
    const root = await act(async () => hydrateRoot(container, profileTree()));
    try {
      // StrictMode runs the effect twice; the page view is still one.
      expect(beacons()).toEqual([beacon('view')]);
    } finally {
      act(() => root.unmount());
      container.remove();
    }
  });

  it('sends a beacon for each click on the phone, the website and Get Quote', async () => {
    renderWithRouter(<CompanyView {...DATA} />, { path: '/company/bayou-city-movers' });
    expect(beacons()).toEqual([beacon('view')]);

    await clickLink(/^Call /);
    await clickLink(/bayou\.example\.com/);
    await clickLink('Get Quote');
    await clickLink(/^Call /);
    expect(beacons()).toEqual([
      beacon('view'),
      beacon('phone_click'),
      beacon('website_click'),
      beacon('quote_click'),
      beacon('phone_click'),
    ]);
  });

  it('counts a middle-button click on the website, which opens it in a new tab', async () => {
    const user = userEvent.setup();
    renderWithRouter(<CompanyView {...DATA} />, { path: '/company/bayou-city-movers' });
    const stay = (event: Event) => event.preventDefault();
    document.addEventListener('auxclick', stay);
    try {
      const website = screen.getByRole('link', { name: /bayou\.example\.com/ });
      await user.pointer([{ target: website }, { keys: '[MouseMiddle]', target: website }]);
    } finally {
      document.removeEventListener('auxclick', stay);
    }
    expect(beacons()).toEqual([beacon('view'), beacon('website_click')]);
  });

  it('falls back to fetch with keepalive when the browser queues no beacon, and never shows a failure', async () => {
    sendBeacon.mockReturnValue(false);
    const fetchMock = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchMock);
    renderWithRouter(<CompanyView {...DATA} />, { path: '/company/bayou-city-movers' });
    await clickLink(/^Call /);

    expect(fetchMock.mock.calls.map(([url, init]) => [url, init])).toEqual([
      [
        ADDRESS,
        {
          method: 'POST',
          body: '{"kind":"view"}',
          keepalive: true,
          credentials: 'omit',
          headers: { 'Content-Type': 'application/json' },
        },
      ],
      [ADDRESS, expect.objectContaining({ body: '{"kind":"phone_click"}', keepalive: true })],
    ]);
    // The failed reports changed nothing on the page.
    await act(async () => {});
    expect(screen.queryByRole('alert')).toBeNull();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Bayou City Movers' }),
    ).toBeInTheDocument();
  });
});
