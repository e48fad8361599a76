import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { resetToasts } from '../../components/toast/toast-store';
import type { AdminWaitingCounts } from '@moveratlas/contracts';
import { adminTitle } from './admin-nav';
import { AdminErrorBoundary, adminNotFoundRoute, AdminRoute } from './admin-route';
import { json, renderRoutes } from './test-support';

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** A screen that reads the admin API, as the real screens do. */
function DataScreen() {
  const query = useQuery({ queryKey: ['/api/admin/things'], retry: false });
  return <p>{query.isSuccess ? 'Things loaded' : 'Loading things'}</p>;
}

const renderAdmin = (path: string, api: (url: string) => Promise<Response> | Response) =>
  renderRoutes(
    [
      { index: true, element: <p>The home page</p> },
      { path: 'login', element: <p>The login page</p> },
      {
        path: 'admin',
        Component: AdminRoute,
        children: [
          {
            ErrorBoundary: AdminErrorBoundary,
            children: [
              { index: true, element: <p>Dashboard screen</p> },
              { path: 'companies', element: <p>Companies screen</p> },
              { path: 'things', Component: DataScreen },
              { path: '*', ...adminNotFoundRoute },
            ],
          },
        ],
      },
    ],
    path,
    { api },
  );

const NOTHING_WAITING: AdminWaitingCounts = {
  claims: 0,
  deletionRequests: 0,
  leadReturns: 0,
  messages: 0,
  reviewReports: 0,
};

const signedIn = (url: string) =>
  url === '/api/auth/status'
    ? json(200, { isAuthenticated: true, username: 'ops' })
    : url === '/api/admin/waiting'
      ? json(200, NOTHING_WAITING)
      : url === '/api/admin/alerts'
        ? json(200, { alerts: [], checkedAt: '2026-11-27T06:00:00.000Z' })
        : json(404, { error: 'no such thing' });

describe('adminTitle', () => {
  it.each([
    ['/admin', 'Dashboard'],
    ['/admin/', 'Dashboard'],
    ['/admin/companies', 'Companies'],
    ['/admin/leads/42', 'Leads'],
    ['/admin/deletion-requests', 'Deletion requests'],
    ['/admin/lead-returns', 'Lead returns'],
    ['/admin/messages/7', 'Messages'],
    ['/admin/mail/12', 'Mail'],
    ['/admin/upload', 'CSV Upload'],
    ['/admin/scripts/run/7', 'Script Management'],
    ['/admin/settings', 'Settings'],
    ['/admin/statistics', 'Statistics'],
    ['/admin/jobs/3', 'Jobs System'],
    ['/admin/seo-health/tasks', 'SEO Health Dashboard'],
    ['/admin/qa-automation', 'QA Automation'],
    ['/admin/database', 'Admin'],
    ['/admin/companies-old', 'Admin'],
  ])('titles %s "%s"', (path, title) => {
    expect(adminTitle(path)).toBe(title);
  });
});

describe('the admin guard', () => {
  it('shows a spinner while the session check is pending', async () => {
    renderAdmin('/admin', () => new Promise<Response>(() => undefined));
    expect((await screen.findByRole('status')).textContent).toContain('Checking your session');
    expect(screen.queryByText('Dashboard screen')).toBeNull();
  });

  it('sends a visitor who is not signed in to /login', async () => {
    const { router } = renderAdmin('/admin/companies', () => json(200, { isAuthenticated: false }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByText('Companies screen')).toBeNull();
  });

  it('counts a failed check as not signed in', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = renderAdmin('/admin', () => json(500, { error: 'Internal server error' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('sends the admin to /login when the server ends the session under a screen (401)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = renderAdmin('/admin/things', (url) =>
      url === '/api/auth/status'
        ? json(200, { isAuthenticated: true, username: 'ops' })
        : json(401, { error: 'Authentication required' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('the admin layout', () => {
  it('has the eighteen sections in order, Logout and Return to Website, and the section title', async () => {
    renderAdmin('/admin/companies', signedIn);
    expect(await screen.findByText('Companies screen')).toBeInTheDocument();
    const sidebar = screen.getByRole('navigation', { name: 'Admin sections' });
    const links = within(sidebar).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/admin'],
      ['Companies', '/admin/companies'],
      ['Claims', '/admin/claims'],
      ['Leads', '/admin/leads'],
      ['Deletion requests', '/admin/deletion-requests'],
      ['Lead returns', '/admin/lead-returns'],
      ['Messages', '/admin/messages'],
      ['Mail', '/admin/mail'],
      ['Statistics', '/admin/statistics'],
      ['Script Management', '/admin/scripts'],
      ['Jobs System', '/admin/jobs'],
      ['Database', '/admin/database'],
      ['CSV Upload', '/admin/upload'],
      ['Licensing', '/admin/licensing'],
      ['SEO Health', '/admin/seo-health'],
      ['QA Automation', '/admin/qa-automation'],
      ['Audit log', '/admin/audit'],
      ['Settings', '/admin/settings'],
    ]);
    expect(links[1]!.getAttribute('aria-current')).toBe('page');
    expect(links[0]!.getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Website' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Companies');
    expect(screen.getByText('ops')).toBeInTheDocument();
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe(
      'noindex, nofollow',
    );
    expect(document.title).toBe('Companies | MoverAtlas Admin');

    const bottom = screen.getByRole('navigation', { name: 'Admin quick links' });
    expect(
      within(bottom)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Companies', 'SEO', 'QA', 'Database']);
  });

  it('offers the audit log to owners and editors, not to viewers', async () => {
    for (const [role, shown] of [
      ['owner', true],
      ['editor', true],
      ['viewer', false],
    ] as const) {
      renderAdmin('/admin/companies', (url) =>
        url === '/api/auth/status'
          ? json(200, { isAuthenticated: true, username: 'ops', role })
          : signedIn(url),
      );
      const sidebar = await screen.findByRole('navigation', { name: 'Admin sections' });
      await screen.findByText('Companies screen');
      expect(within(sidebar).queryByRole('link', { name: 'Audit log' }) !== null, role).toBe(shown);
      expect(within(sidebar).getByRole('link', { name: 'Settings' })).toBeInTheDocument();
      cleanup();
    }
  });

  it('counts the work waiting beside Claims, Deletion requests, Lead returns and Messages, in words', async () => {
    const { fetchMock } = renderAdmin('/admin/companies', (url) =>
      url === '/api/admin/waiting'
        ? json(200, { claims: 2, deletionRequests: 1, leadReturns: 120, messages: 3 })
        : signedIn(url),
    );
    const sidebar = await screen.findByRole('navigation', { name: 'Admin sections' });
    const claims = await within(sidebar).findByRole('link', { name: 'Claims, 2 waiting' });
    expect(claims.getAttribute('href')).toBe('/admin/claims');
    expect(claims.textContent).toBe('Claims2');
    const deletions = within(sidebar).getByRole('link', { name: 'Deletion requests, 1 waiting' });
    expect(deletions.getAttribute('href')).toBe('/admin/deletion-requests');
    expect(deletions.textContent).toBe('Deletion requests1');
    // The name says the number; the badge stops at 99+.
    const returns = within(sidebar).getByRole('link', { name: 'Lead returns, 120 waiting' });
    expect(returns.getAttribute('href')).toBe('/admin/lead-returns');
    expect(returns.textContent).toBe('Lead returns99+');
    const messages = within(sidebar).getByRole('link', { name: 'Messages, 3 new' });
    expect(messages.getAttribute('href')).toBe('/admin/messages');
    expect(messages.textContent).toBe('Messages3');
    // Sections without a queue carry no count.
    expect(within(sidebar).getByRole('link', { name: 'Leads' }).textContent).toBe('Leads');
    // One request for all four counts.
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain(
      '/api/admin/contact-messages/counts',
    );
  });

  it('shows what is failing in a banner above the screen', async () => {
    renderAdmin('/admin/companies', (url) =>
      url === '/api/admin/alerts'
        ? json(200, {
            alerts: [
              {
                key: 'lead-delivery',
                kind: 'lead-delivery',
                title: 'Lead delivery to the lead backend is failing',
                detail: '2 leads are waiting to be forwarded.',
                since: '2026-11-27T05:00:00.000Z',
                link: '/admin/jobs?status=queued&type=lead.forward',
                linkLabel: 'See the waiting deliveries',
                fingerprint: '1',
              },
            ],
            checkedAt: '2026-11-27T06:00:00.000Z',
          })
        : signedIn(url),
    );
    const banner = await screen.findByRole('region', { name: 'Problems that need attention' });
    expect(banner).toHaveTextContent('Lead delivery to the lead backend is failing');
    expect(
      within(banner).getByRole('link', { name: 'See the waiting deliveries' }).getAttribute('href'),
    ).toBe('/admin/jobs?status=queued&type=lead.forward');
    // Above the screen, outside its main landmark: every screen has it.
    expect(screen.getByRole('main')).not.toContainElement(banner);
    expect(screen.getByText('Companies screen')).toBeInTheDocument();
  });

  it('shows no count beside a section where nothing is waiting', async () => {
    renderAdmin('/admin/companies', (url) =>
      url === '/api/admin/waiting'
        ? json(200, { ...NOTHING_WAITING, leadReturns: 1 })
        : signedIn(url),
    );
    const sidebar = await screen.findByRole('navigation', { name: 'Admin sections' });
    // The counts have arrived: the one section with work waiting shows it.
    expect(
      await within(sidebar).findByRole('link', { name: 'Lead returns, 1 waiting' }),
    ).toBeInTheDocument();
    for (const label of ['Claims', 'Deletion requests', 'Messages'])
      expect(within(sidebar).getByRole('link', { name: label }).textContent).toBe(label);
    expect(within(sidebar).queryByRole('link', { name: /, 0 (waiting|new)$/ })).toBeNull();
  });

  it('opens the menu in a drawer that closes on navigation', async () => {
    const user = userEvent.setup();
    const { router } = renderAdmin('/admin', signedIn);
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Admin menu' });
    await user.click(within(drawer).getByRole('link', { name: 'Companies' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/companies'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says plainly that an /admin path has no screen, inside the layout', async () => {
    renderAdmin('/admin/reports-of-tomorrow', signedIn);
    expect(
      await screen.findByRole('heading', { name: 'No such admin screen' }),
    ).toBeInTheDocument();
    expect(screen.getByText('/admin/reports-of-tomorrow')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Admin sections' })).toBeInTheDocument();
  });

  it('logs out: Logging out..., the toast, then the home page', async () => {
    const user = userEvent.setup();
    // Over HTTPS the CSRF cookie has the __Host- prefix (jsdom, on http, would not store it: read as given).
    vi.spyOn(document, 'cookie', 'get').mockReturnValue('__Host-ma_csrf=token-from-cookie');
    let answer: (response: Response) => void = () => undefined;
    let loggedOut = false;
    const { router, fetchMock } = renderAdmin('/admin', (url) =>
      url === '/api/logout'
        ? new Promise<Response>((resolve) => (answer = resolve))
        : loggedOut && url === '/api/auth/status'
          ? json(200, { isAuthenticated: false })
          : signedIn(url),
    );
    const sidebar = await screen.findByRole('navigation', { name: 'Admin sections' });
    const aside = sidebar.closest('aside')!;
    await user.click(within(aside).getByRole('button', { name: 'Logout' }));
    expect(
      await within(aside).findByRole('button', { name: 'Logging out...' }),
    ).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/logout', expect.anything());
    // A POST with the session's CSRF token: GET /api/logout changes nothing (405).
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/logout')! as [
      string,
      RequestInit,
    ];
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('X-CSRF-Token')).toBe('token-from-cookie');
    loggedOut = true;
    await act(async () => answer(json(200, { ok: true })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    expect(screen.getByText('The home page')).toBeInTheDocument();
    // Back to /admin: the server is asked again (no remembered session), and the guard sends to /login.
    await act(() => router.navigate('/admin'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByText('Dashboard screen')).toBeNull();
  });

  it('toasts Error logging out with the reason when logout fails', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = renderAdmin('/admin', (url) =>
      url === '/api/logout' ? json(503, { error: 'The service is unavailable' }) : signedIn(url),
    );
    const sidebar = await screen.findByRole('navigation', { name: 'Admin sections' });
    await user.click(within(sidebar.closest('aside')!).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Error logging out')).toBeInTheDocument();
    expect(screen.getByText('The service is unavailable')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
  });
});
