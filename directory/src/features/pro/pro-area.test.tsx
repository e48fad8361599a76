import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import type { RouteObject } from 'react-router-dom';
import { resetToasts } from '../../components/toast/toast-store';
import { PRO_COMPANY_NAV, proTitle, type ProNavItem } from './pro-nav';
import {
  ProErrorBoundary,
  proCompanyIndexRoute,
  proCompanyScopeRoute,
  proIndexRoute,
  proNotFoundRoute,
  ProRoute,
} from './pro-route';
import { proScreens } from './pro-screens';
import { useProCompany } from './pro-session';
import { ACME, BRAVO, callsTo, json, renderRoutes, signedInStatus, type Api } from './test-support';

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.cookie = 'ma_pro_csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

/** A company screen that reads the movers' API, as the real screens do. */
function ThingsScreen() {
  const company = useProCompany();
  const query = useQuery({ queryKey: [`/api/pro/companies/${company.id}/things`], retry: false });
  return <p>{query.isSuccess ? `Things of ${company.name}` : 'Loading things'}</p>;
}

/** The area as the router registers it, plus a company screen "things" for the switcher to keep. */
const area = (withThings: boolean): RouteObject[] => [
  { index: true, element: <p>The home page</p> },
  { path: 'pro/login', element: <p>The sign-in page</p> },
  {
    path: 'pro',
    Component: ProRoute,
    children: [
      {
        ErrorBoundary: ProErrorBoundary,
        children: withThings
          ? [
              { index: true, ...proIndexRoute },
              {
                path: 'companies/:companyId',
                ...proCompanyScopeRoute,
                children: [
                  { index: true, ...proCompanyIndexRoute },
                  { path: 'things', Component: ThingsScreen },
                ],
              },
              { path: '*', ...proNotFoundRoute },
            ]
          : [...proScreens, { path: '*', ...proNotFoundRoute }],
      },
    ],
  },
];

const THINGS: ProNavItem = { label: 'Things', screen: 'things' as never, icon: 'overview' };
/** Registers "things" as the first company screen for one test (pro-nav.ts's one line). */
function withThingsInNav() {
  const nav = PRO_COMPANY_NAV as ProNavItem[];
  nav.unshift(THINGS);
  return () => void nav.splice(nav.indexOf(THINGS), 1);
}

/** Leaves the menu without company screens for one test (as it was before any was registered). */
function withoutCompanyScreens() {
  const nav = PRO_COMPANY_NAV as ProNavItem[];
  const registered = nav.splice(0);
  return () => void nav.push(...registered);
}

const signedIn =
  (companies = [ACME]): Api =>
  (url) => {
    if (url === '/api/pro/auth/status') return json(200, signedInStatus(companies));
    if (/^\/api\/pro\/companies\/\d+\/things$/.test(url)) return json(200, { things: [] });
    return json(404, { error: 'No such thing' });
  };

describe('proTitle', () => {
  it.each([
    ['/pro', 'Dashboard'],
    ['/pro/account', 'Your account'],
    ['/pro/account/', 'Your account'],
    ['/pro/companies/7', 'Dashboard'],
    ['/pro/companies/7/leads', 'Leads'],
    ['/pro/companies/7/leads/42', 'Leads'],
    ['/pro/companies/7/overview', 'Overview'],
    ['/pro/companies/7/delivery', 'Lead delivery'],
    ['/pro/companies/7/preferences', 'Lead preferences'],
  ])('titles %s "%s"', (path, title) => expect(proTitle(path)).toBe(title));
});

describe('the /pro guard', () => {
  it('shows a spinner while the session check is pending', async () => {
    renderRoutes(area(false), '/pro/account', () => new Promise<Response>(() => undefined));
    expect((await screen.findByRole('status')).textContent).toContain('Checking your session');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('sends a visitor who is not signed in to /pro/login, to come back afterwards', async () => {
    const { router } = renderRoutes(area(false), '/pro/account?tab=1', () =>
      json(200, { isAuthenticated: false }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/pro/login'));
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/pro/account?tab=1')}`);
    // The address changes before the sign-in route's element has rendered (a loaded machine shows the gap).
    expect(await screen.findByText('The sign-in page')).toBeInTheDocument();
  });

  it('counts a failed check as not signed in', async () => {
    const { router } = renderRoutes(area(false), '/pro', () =>
      json(500, { error: 'Internal server error' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/pro/login'));
  });

  it('sends the mover to sign in, saying the session ended, when the server answers 401', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = renderRoutes(area(true), '/pro/companies/7/things', (url) =>
      url === '/api/pro/auth/status'
        ? json(200, signedInStatus())
        : json(401, { error: 'Sign in first' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/pro/login'));
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('next')).toBe('/pro/companies/7/things');
    expect(search.get('reason')).toBe('expired');
  });
});

describe('the /pro layout', () => {
  it('has the brand, the company, the menu, the mover’s name and Sign out; noindex', async () => {
    renderRoutes(area(false), '/pro/account', signedIn());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your account' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'MoverAtlas for Movers' }).getAttribute('href')).toBe(
      '/pro',
    );
    expect(screen.getByText('Acme Movers')).toBeInTheDocument();
    // In the header, and in the menu for phones (where the header has no room for it).
    const names = screen.getAllByText(/^Signed in as/);
    expect(names.map((name) => name.textContent)).toEqual([
      'Signed in as Dana Reyes',
      'Signed in as Dana Reyes',
    ]);
    const menu = screen.getByRole('navigation', { name: 'Dashboard sections' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Overview', '/pro/companies/7/overview'],
      ['Leads', '/pro/companies/7/leads'],
      ['Profile', '/pro/companies/7/profile'],
      ['Reviews', '/pro/companies/7/reviews'],
      ['Team', '/pro/companies/7/team'],
      ['Notifications', '/pro/companies/7/notifications'],
      ['Lead delivery', '/pro/companies/7/delivery'],
      ['Lead preferences', '/pro/companies/7/preferences'],
      ['Change history', '/pro/companies/7/changes'],
      ['Your account', '/pro/account'],
      ['Back to the directory', '/'],
    ]);
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe(
      'noindex, nofollow',
    );
    expect(document.title).toBe('Your account | MoverAtlas for Movers');
  });

  it('collapses the menu behind a button on phones', async () => {
    const user = userEvent.setup();
    renderRoutes(area(false), '/pro/account', signedIn());
    const toggle = await screen.findByRole('button', { name: 'Menu' });
    const menu = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(menu.className).toMatch(/(^| )hidden( |$)/);
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(menu.className).toMatch(/(^| )block( |$)/);
  });

  it('switches company, keeping the screen, from a list the keyboard can use', async () => {
    const restore = withThingsInNav();
    try {
      const user = userEvent.setup();
      const { router } = renderRoutes(
        area(true),
        '/pro/companies/7/things',
        signedIn([ACME, BRAVO]),
      );
      expect(await screen.findByText('Things of Acme Movers')).toBeInTheDocument();
      const switcher = screen.getByRole('button', {
        name: 'Company: Acme Movers. Switch company',
      });
      expect(switcher.getAttribute('aria-expanded')).toBe('false');
      expect(screen.queryByRole('list', { name: 'Your companies' })).toBeNull();

      switcher.focus();
      await user.keyboard('{Enter}');
      const list = screen.getByRole('list', { name: 'Your companies' });
      const links = within(list).getAllByRole('link');
      expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
        ['Acme MoversOwner', '/pro/companies/7/things'],
        ['Bravo MovingStaff', '/pro/companies/12/things'],
      ]);
      expect(links[0]!.getAttribute('aria-current')).toBe('true');
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('list', { name: 'Your companies' })).toBeNull();
      expect(document.activeElement).toBe(switcher);

      await user.click(switcher);
      await user.click(screen.getByRole('link', { name: /Bravo Moving/ }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/pro/companies/12/things'));
      expect(await screen.findByText('Things of Bravo Moving')).toBeInTheDocument();
      expect(screen.queryByRole('list', { name: 'Your companies' })).toBeNull();
      const menu = screen.getByRole('navigation', { name: 'Dashboard sections' });
      expect(within(menu).getByRole('link', { name: 'Things' }).getAttribute('href')).toBe(
        '/pro/companies/12/things',
      );
    } finally {
      restore();
    }
  });

  it('says a company that is not the mover’s is not there, inside the layout', async () => {
    renderRoutes(area(true), '/pro/companies/99/things', signedIn());
    expect(await screen.findByRole('heading', { name: 'No such company' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Dashboard sections' })).toBeInTheDocument();
  });

  it('says a path without a screen is not there, inside the layout', async () => {
    renderRoutes(area(false), '/pro/no-such-screen', signedIn());
    expect(await screen.findByRole('heading', { name: 'No such page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('signs out with the CSRF token and goes to the sign-in page', async () => {
    const user = userEvent.setup();
    document.cookie = 'ma_pro_csrf=csrf-abc';
    const { router, fetchMock, queryClient } = renderRoutes(
      area(false),
      '/pro/account',
      (url, init) => (url === '/api/pro/logout' ? json(200, { ok: true }) : signedIn()(url, init)),
    );
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pro/login'));
    const [logout] = callsTo(fetchMock, '/api/pro/logout');
    expect(logout!.init.method).toBe('POST');
    expect(new Headers(logout!.init.headers).get('X-CSRF-Token')).toBe('csrf-abc');
    expect(await screen.findByText('You are signed out')).toBeInTheDocument();
    await waitFor(() => expect(queryClient.getQueryData(['/api/pro/auth/status'])).toBeUndefined());
  });
});

describe('/pro itself', () => {
  it('goes to the first company’s home', async () => {
    const restore = withThingsInNav();
    try {
      const { router } = renderRoutes(area(true), '/pro', signedIn([BRAVO, ACME]));
      await waitFor(() => expect(router.state.location.pathname).toBe('/pro/companies/12/things'));
      expect(await screen.findByText('Things of Bravo Moving')).toBeInTheDocument();
    } finally {
      restore();
    }
  });

  it('goes to the first company’s overview, the first screen of the menu', async () => {
    const { router } = renderRoutes(area(false), '/pro', signedIn());
    await waitFor(() => expect(router.state.location.pathname).toBe('/pro/companies/7/overview'));
  });

  it('goes to the account while no company screen exists', async () => {
    const restore = withoutCompanyScreens();
    try {
      const { router } = renderRoutes(area(false), '/pro', signedIn());
      await waitFor(() => expect(router.state.location.pathname).toBe('/pro/account'));
    } finally {
      restore();
    }
  });

  it('explains how to claim a listing or apply when the mover has no company', async () => {
    renderRoutes(area(false), '/pro', signedIn([]));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'You have no company yet' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Find your company to claim it' }).getAttribute('href'),
    ).toBe('/search');
    expect(
      screen.getByRole('link', { name: 'Apply to list your company' }).getAttribute('href'),
    ).toBe('/list-your-company');
    expect(screen.queryByRole('button', { name: /Switch company/ })).toBeNull();
  });
});

describe('/pro/account', () => {
  it('shows the mover’s name and address and changes the password with the CSRF token', async () => {
    const user = userEvent.setup();
    document.cookie = 'ma_pro_csrf=csrf-xyz';
    let answer = json(400, { error: 'The current password is not correct' });
    const { fetchMock, router } = renderRoutes(area(false), '/pro/account', (url, init) =>
      url === '/api/pro/account/password' ? answer : signedIn()(url, init),
    );
    expect(await screen.findByText('dana@acme.example')).toBeInTheDocument();
    expect(screen.getAllByText('Dana Reyes').length).toBeGreaterThan(0);

    const form = screen.getByRole('form', { name: 'Change your password' });
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByText('Enter your current password')).toBeInTheDocument();
    expect(within(form).getByText('Enter a new password')).toBeInTheDocument();

    await user.type(within(form).getByLabelText('Current password'), 'old password here');
    await user.type(within(form).getByLabelText('New password'), 'lantern orchard velvet');
    await user.type(within(form).getByLabelText('New password again'), 'lantern orchard');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByText('The two new passwords are not the same')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/pro/account/password')).toHaveLength(0);

    await user.type(within(form).getByLabelText('New password again'), ' velvet');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The current password is not correct',
    );
    // A refusal in words is not a session that ended: the mover stays.
    expect(router.state.location.pathname).toBe('/pro/account');

    answer = json(200, { ok: true });
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect((within(form).getByLabelText('Current password') as HTMLInputElement).value).toBe('');
    const calls = callsTo(fetchMock, '/api/pro/account/password');
    expect(calls).toHaveLength(2);
    expect(calls[1]!.init.method).toBe('POST');
    expect(new Headers(calls[1]!.init.headers).get('X-CSRF-Token')).toBe('csrf-xyz');
    expect(JSON.parse(calls[1]!.init.body as string)).toEqual({
      currentPassword: 'old password here',
      newPassword: 'lantern orchard velvet',
    });
  });
});
