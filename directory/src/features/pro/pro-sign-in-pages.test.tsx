import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { resetToasts } from '../../components/toast/toast-store';
import { Component as ForgotPasswordPage, RESET_LINK_SENT } from './pro-forgot-password-page';
import { PRO_INVALID_CREDENTIALS } from '@moveratlas/contracts';
import {
  Component as LoginPage,
  PRO_SESSION_EXPIRED_NOTE,
  WRONG_CREDENTIALS,
} from './pro-login-page';
import { Component as ResetPasswordPage, PASSWORDS_DIFFER } from './pro-reset-password-page';
import { proReturnPath } from './pro-paths';
import { callsTo, json, renderRoutes, type Api } from './test-support';

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const routes = [
  { path: 'pro/login', Component: LoginPage },
  { path: 'pro/forgot-password', Component: ForgotPasswordPage },
  { path: 'pro/reset-password', Component: ResetPasswordPage },
  { path: 'pro', element: <p>The dashboard</p> },
  { path: 'pro/companies/7/leads', element: <p>The leads of Acme</p> },
];

const signedOut: Api = (url) =>
  url === '/api/pro/auth/status' ? json(200, { isAuthenticated: false }) : json(404, {});

async function fill(user: UserEvent, label: string, value: string) {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  await user.type(field, value);
}

describe('proReturnPath', () => {
  it.each([
    ['/pro', '/pro'],
    ['/pro/companies/7/leads?status=new', '/pro/companies/7/leads?status=new'],
    ['/pro/account', '/pro/account'],
  ])('keeps %s', (next, kept) => expect(proReturnPath(next)).toBe(kept));

  it.each([
    'https://evil.example/pro',
    '//evil.example/pro',
    '/pro\\..\\admin',
    '/admin',
    '/profile',
    '/pro/login',
    '/pro/login/',
    '/pro/reset-password?token=abc',
    '/pro/../admin',
    null,
    '',
  ])('refuses %s', (next) => expect(proReturnPath(next)).toBeUndefined());
});

describe('/pro/login', () => {
  it('shows the form, the reset link and the ways to get an account, kept out of search results', async () => {
    renderRoutes(routes, '/pro/login', signedOut);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Sign in to your company dashboard' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail address').getAttribute('autocomplete')).toBe('username');
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/pro/forgot-password',
    );
    expect(
      screen
        .getByRole('link', { name: 'Find your company and claim its listing' })
        .getAttribute('href'),
    ).toBe('/search');
    expect(
      screen.getByRole('link', { name: 'Apply to list your company' }).getAttribute('href'),
    ).toBe('/list-your-company');
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe(
      'noindex',
    );
  });

  it('says what is missing beside the fields and sends nothing', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderRoutes(routes, '/pro/login', signedOut);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter your e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByLabelText('E-mail address'));
    await fill(user, 'E-mail address', 'dana');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter an e-mail address like name@example.com')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/pro/login')).toHaveLength(0);
  });

  it('falls back to the contract’s words when a refusal has none', async () => {
    expect(WRONG_CREDENTIALS).toBe(PRO_INVALID_CREDENTIALS);
    const user = userEvent.setup();
    renderRoutes(routes, '/pro/login', (url) =>
      url === '/api/pro/login' ? new Response('nope', { status: 401 }) : signedOut(url, {}),
    );
    await fill(user, 'E-mail address', 'dana@acme.example');
    await fill(user, 'Password', 'not my password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(PRO_INVALID_CREDENTIALS);
  });

  it('shows the server’s plain words for a wrong password and stays', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/pro/login', (url) =>
      url === '/api/pro/login'
        ? json(401, { error: 'Wrong e-mail address or password' })
        : signedOut(url, {}),
    );
    await fill(user, 'E-mail address', 'dana@acme.example');
    await fill(user, 'Password', 'not my password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong e-mail address or password');
    expect(router.state.location.pathname).toBe('/pro/login');
  });

  it('says to wait when the server throttles (429), with its own words or ours', async () => {
    const user = userEvent.setup();
    let answer = json(429, { error: 'Too many failed sign-ins. Try again in 5 minutes.' });
    renderRoutes(routes, '/pro/login', (url) =>
      url === '/api/pro/login' ? answer : signedOut(url, {}),
    );
    await fill(user, 'E-mail address', 'dana@acme.example');
    await fill(user, 'Password', 'guess');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many failed sign-ins. Try again in 5 minutes.',
    );
    answer = new Response('Too Many Requests', { status: 429 });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Too many attempts from here. Wait a few minutes, then try again.',
      ),
    );
  });

  it('signs in with the trimmed address and goes on to ?next=', async () => {
    const user = userEvent.setup();
    const { router, fetchMock } = renderRoutes(
      routes,
      `/pro/login?next=${encodeURIComponent('/pro/companies/7/leads')}&reason=expired`,
      (url) =>
        url === '/api/pro/login'
          ? json(200, { ok: true, user: { id: 3, email: 'dana@acme.example', name: 'Dana' } })
          : signedOut(url, {}),
    );
    expect(screen.getByRole('status').textContent).toBe(PRO_SESSION_EXPIRED_NOTE);
    await fill(user, 'E-mail address', '  dana@acme.example ');
    await fill(user, 'Password', 'correct horse battery staple');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pro/companies/7/leads'));
    const [login] = callsTo(fetchMock, '/api/pro/login');
    expect(login!.init.method).toBe('POST');
    expect(JSON.parse(login!.init.body as string)).toEqual({
      email: 'dana@acme.example',
      password: 'correct horse battery staple',
    });
  });

  it('ignores a ?next= outside the /pro area and goes to /pro', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/pro/login?next=https://evil.example/', (url) =>
      url === '/api/pro/login' ? json(200, { ok: true }) : signedOut(url, {}),
    );
    await fill(user, 'E-mail address', 'dana@acme.example');
    await fill(user, 'Password', 'correct horse battery staple');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pro'));
  });

  it('goes straight on when the mover is signed in already', async () => {
    const { router } = renderRoutes(routes, '/pro/login', (url) =>
      url === '/api/pro/auth/status'
        ? json(200, {
            isAuthenticated: true,
            user: { id: 3, email: 'a@b.c', name: 'A' },
            companies: [],
          })
        : json(404, {}),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/pro'));
  });
});

describe('/pro/forgot-password', () => {
  it('always answers that a link was sent if the account exists', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderRoutes(routes, '/pro/forgot-password', (url) =>
      url === '/api/pro/password/forgot' ? json(202, { ok: true }) : json(404, {}),
    );
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(screen.getByText('Enter your e-mail address')).toBeInTheDocument();
    await fill(user, 'E-mail address', 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect((await screen.findByRole('status')).textContent).toBe(RESET_LINK_SENT);
    expect(RESET_LINK_SENT).toMatch(/^If an account exists for that address, we sent a link/);
    const [call] = callsTo(fetchMock, '/api/pro/password/forgot');
    expect(JSON.parse(call!.init.body as string)).toEqual({ email: 'nobody@example.com' });
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe(
      '/pro/login',
    );
  });

  it('says to wait when throttled, and keeps the form', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/pro/forgot-password', () =>
      json(429, { error: 'Too many requests for a link. Try again in 10 minutes.' }),
    );
    await fill(user, 'E-mail address', 'dana@acme.example');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many requests for a link. Try again in 10 minutes.',
    );
    expect(screen.getByRole('button', { name: 'Send the link' })).toBeInTheDocument();
  });
});

describe('/pro/reset-password', () => {
  it('asks for the new password twice, shows the server’s strength message, then signs in to /pro', async () => {
    const user = userEvent.setup();
    let answer = json(400, {
      error: 'This password is too easy to guess: add another word or two.',
    });
    const { router, fetchMock } = renderRoutes(routes, '/pro/reset-password?token=tok123', (url) =>
      url === '/api/pro/password/reset' ? answer : json(404, {}),
    );
    await fill(user, 'New password', 'password1');
    await fill(user, 'The new password again', 'password2');
    await user.click(screen.getByRole('button', { name: 'Save and sign in' }));
    expect(screen.getByText(PASSWORDS_DIFFER)).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/pro/password/reset')).toHaveLength(0);

    await fill(user, 'The new password again', 'password1');
    await user.click(screen.getByRole('button', { name: 'Save and sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This password is too easy to guess: add another word or two.');
    expect(router.state.location.pathname).toBe('/pro/reset-password');

    answer = json(200, { ok: true, user: { id: 3, email: 'dana@acme.example', name: 'Dana' } });
    await fill(user, 'New password', 'lantern orchard velvet');
    await fill(user, 'The new password again', 'lantern orchard velvet');
    await user.click(screen.getByRole('button', { name: 'Save and sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pro'));
    const calls = callsTo(fetchMock, '/api/pro/password/reset');
    expect(JSON.parse(calls[1]!.init.body as string)).toEqual({
      token: 'tok123',
      password: 'lantern orchard velvet',
    });
  });

  it('says a link without its token is incomplete and offers a new one', () => {
    renderRoutes(routes, '/pro/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete');
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/pro/forgot-password',
    );
    expect(screen.queryByLabelText('New password')).toBeNull();
  });
});
