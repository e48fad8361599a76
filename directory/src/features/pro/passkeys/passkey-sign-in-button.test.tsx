import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  PASSKEY_UNKNOWN,
  PRO_PASSKEY_LOGIN_OPTIONS_PATH,
  PRO_PASSKEY_LOGIN_VERIFY_PATH,
} from '@moveratlas/contracts';
import { PasskeySignInButton } from './passkey-sign-in-button';
import { PASSKEY_CANCELLED_SIGN_IN } from './passkey-words';

const browser = vi.hoisted(() => ({ startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => browser);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const OPTIONS = { challenge: 'c2lnbi1pbi1jaGFsbGVuZ2U', rpId: 'localhost', allowCredentials: [] };
const ANSWER = { id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: {} };
const USER = { id: 3, email: 'dana@acme.example', name: 'Dana Reyes' };

function stubServer(verify: () => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input);
    if (url === PRO_PASSKEY_LOGIN_OPTIONS_PATH) return json(200, OPTIONS);
    if (url === PRO_PASSKEY_LOGIN_VERIFY_PATH) return verify();
    throw new Error(`unexpected fetch of ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('PasskeySignInButton', () => {
  beforeEach(() => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    browser.startAuthentication.mockReset();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is not shown where the browser cannot use passkeys', () => {
    vi.stubGlobal('PublicKeyCredential', undefined);
    render(<PasskeySignInButton onSignedIn={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
  });

  it('asks the server for options, the browser for the passkey, and signs in with its answer', async () => {
    const fetchMock = stubServer(() => json(200, { ok: true, user: USER }));
    browser.startAuthentication.mockResolvedValue(ANSWER);
    const onSignedIn = vi.fn();
    render(<PasskeySignInButton onSignedIn={onSignedIn} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(USER));
    expect(browser.startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    const verify = fetchMock.mock.calls.find(([url]) => url === PRO_PASSKEY_LOGIN_VERIFY_PATH)!;
    expect(JSON.parse(String(verify[1]?.body))).toEqual({ response: ANSWER });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so in plain words when the person cancels, and sends nothing to check', async () => {
    const fetchMock = stubServer(() => json(200, { ok: true, user: USER }));
    browser.startAuthentication.mockRejectedValue(
      Object.assign(new Error('The operation either timed out or was not allowed.'), {
        name: 'NotAllowedError',
      }),
    );
    const onSignedIn = vi.fn();
    render(<PasskeySignInButton onSignedIn={onSignedIn} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSKEY_CANCELLED_SIGN_IN);
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([PRO_PASSKEY_LOGIN_OPTIONS_PATH]);
    expect(screen.getByRole('button', { name: 'Sign in with a passkey' })).toBeEnabled();
  });

  it("shows the server's words for a passkey it does not know", async () => {
    stubServer(() => json(401, { error: PASSKEY_UNKNOWN }));
    browser.startAuthentication.mockResolvedValue(ANSWER);
    const onSignedIn = vi.fn();
    render(<PasskeySignInButton onSignedIn={onSignedIn} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSKEY_UNKNOWN);
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('says the connection failed when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    render(<PasskeySignInButton onSignedIn={vi.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Check your internet connection/);
    expect(screen.getByRole('alert')).not.toHaveTextContent(/Failed to fetch/);
  });
});
