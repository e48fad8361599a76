import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { resetToasts } from '../../components/toast/toast-store';
import { json, renderRoutes } from '../admin/test-support';
import { Component as LoginPage } from './login-page';

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

const renderLogin = () =>
  renderRoutes(
    [
      { path: 'login', Component: LoginPage },
      { path: 'admin', element: <p>The admin area</p> },
    ],
    '/login',
  );

async function fill(user: UserEvent, label: string, value: string) {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  await user.type(field, value);
}
const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Login' }));

describe('the login page', () => {
  it('shows the Admin Login form, its note, and is kept out of search results', () => {
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username').getAttribute('autocomplete')).toBe('username');
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');
    expect(
      screen.getByText('Authorized personnel only. Unauthorized access is prohibited.'),
    ).toBeInTheDocument();
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe(
      'noindex',
    );
  });

  it('shows the validation messages of spec 5 beside their fields and sends nothing', async () => {
    const user = userEvent.setup();
    // Only the page's own question whether someone is signed in already: no login is sent.
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/auth/status' ? json(200, { isAuthenticated: false }) : json(500, {}),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderLogin();
    await submit(user);
    // The schema is loaded on the first submit.
    expect(await screen.findByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    const username = screen.getByLabelText('Username');
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(username);

    await fill(user, 'Username', '  ab  ');
    await fill(user, 'Password', '12345');
    await submit(user);
    expect(await screen.findByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();

    await fill(user, 'Username', 'ops');
    await submit(user);
    await waitFor(() =>
      expect(screen.queryByText('Username must be at least 3 characters')).toBeNull(),
    );
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/auth/status']);
  });

  it('reads Logging in... while busy, then toasts Success and opens /admin', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn((url: string) =>
      url === '/api/auth/status'
        ? Promise.resolve(json(200, { isAuthenticated: false }))
        : new Promise<Response>((resolve) => (answer = resolve)),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { router, queryClient } = renderLogin();
    await fill(user, 'Username', ' ops ');
    await fill(user, 'Password', '123456');
    await submit(user);

    const busy = await screen.findByRole('button', { name: 'Logging in...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    const logins = fetchMock.mock.calls.filter(([url]) => url === '/api/login');
    expect(logins).toHaveLength(1);
    const [url, init] = logins[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/login');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ username: 'ops', password: '123456' });

    await act(async () => answer(json(200, { ok: true, username: 'ops' })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(await screen.findByText('Success')).toBeInTheDocument();
    expect(screen.getByText('You have been logged in successfully.')).toBeInTheDocument();
    expect(queryClient.getQueryData(['/api/auth/status'])).toEqual({
      isAuthenticated: true,
      username: 'ops',
    });
  });

  it('toasts Login Failed with the server’s message and stays on /login', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(429, { error: 'Too many failed login attempts. Please try again in 4 seconds.' }),
      ),
    );
    const { router } = renderLogin();
    await fill(user, 'Username', 'ops');
    await fill(user, 'Password', 'wrong password');
    await submit(user);
    expect(await screen.findByText('Login Failed')).toBeInTheDocument();
    expect(
      screen.getByText('Too many failed login attempts. Please try again in 4 seconds.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('falls back to Invalid username or password when the refusal gives no reason', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 401 })),
    );
    renderLogin();
    await fill(user, 'Username', 'ops');
    await fill(user, 'Password', 'wrong password');
    await submit(user);
    expect(await screen.findByText('Login Failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid username or password')).toBeInTheDocument();
  });

  it('toasts Error when the request itself fails', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const { router } = renderLogin();
    await fill(user, 'Username', 'ops');
    await fill(user, 'Password', 'some password');
    await submit(user);
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('There was a problem with the login request.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});
