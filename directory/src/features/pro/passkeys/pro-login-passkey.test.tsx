import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  PRO_PASSKEY_LOGIN_OPTIONS_PATH,
  PRO_PASSKEY_LOGIN_VERIFY_PATH,
} from '@moveratlas/contracts';
import { Component as LoginPage } from '../pro-login-page';
import { callsTo, json, renderRoutes, type Api } from '../test-support';

const browser = vi.hoisted(() => ({ startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => browser);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  browser.startAuthentication.mockReset();
});

const routes = [
  { path: 'pro/login', Component: LoginPage },
  { path: 'pro/companies/7/leads', element: <p>The leads of Acme</p> },
];

const api: Api = (url) => {
  if (url === '/api/pro/auth/status') return json(200, { isAuthenticated: false });
  if (url === PRO_PASSKEY_LOGIN_OPTIONS_PATH)
    return json(200, { challenge: 'abc', rpId: 'localhost' });
  if (url === PRO_PASSKEY_LOGIN_VERIFY_PATH)
    return json(200, { ok: true, user: { id: 3, email: 'dana@acme.example', name: 'Dana' } });
  return json(404, {});
};

describe('/pro/login with a passkey', () => {
  it('signs in with a passkey, no address or password typed, and goes on to ?next=', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    browser.startAuthentication.mockResolvedValue({ id: 'cred', rawId: 'cred', response: {} });
    const { router, fetchMock } = renderRoutes(
      routes,
      `/pro/login?next=${encodeURIComponent('/pro/companies/7/leads')}`,
      api,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pro/companies/7/leads'));
    expect(callsTo(fetchMock, '/api/pro/login')).toEqual([]);
    expect(callsTo(fetchMock, PRO_PASSKEY_LOGIN_VERIFY_PATH)).toHaveLength(1);
  });

  it('offers no passkey button where the browser has no WebAuthn; the password form is there', async () => {
    vi.stubGlobal('PublicKeyCredential', undefined);
    renderRoutes(routes, '/pro/login', api);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
  });
});
