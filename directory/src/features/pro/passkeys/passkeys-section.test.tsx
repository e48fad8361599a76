import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  CSRF_HEADER,
  PRO_PASSKEY_REGISTRATION_OPTIONS_PATH,
  PRO_PASSKEY_REGISTRATION_VERIFY_PATH,
  PRO_PASSKEYS_PATH,
  type ProPasskey,
} from '@moveratlas/contracts';
import { createQueryClient } from '../../../lib/query-client';
import { PasskeysSection, suggestedName } from './passkeys-section';
import { PASSKEY_ALREADY_REGISTERED } from './passkey-words';

const browser = vi.hoisted(() => ({ startRegistration: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => browser);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const LAPTOP: ProPasskey = {
  id: 4,
  name: 'Work laptop',
  backedUp: false,
  createdAt: Date.UTC(2026, 10, 2, 12),
  lastUsedAt: null,
};
const PHONE: ProPasskey = {
  id: 9,
  name: 'My iPhone',
  backedUp: true,
  createdAt: Date.UTC(2026, 10, 20, 12),
  lastUsedAt: Date.UTC(2026, 10, 26, 12),
};
const OPTIONS = {
  challenge: 'cmVnaXN0ZXItY2hhbGxlbmdl',
  rp: { id: 'localhost', name: 'MoverAtlas' },
};
const ANSWER = { id: 'cred-2', rawId: 'cred-2', type: 'public-key', response: {} };

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function renderSection(handler: Handler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) =>
    handler(String(input), init),
  );
  vi.stubGlobal('fetch', fetchMock);
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  render(
    <QueryClientProvider client={client}>
      <PasskeysSection />
    </QueryClientProvider>,
  );
  return fetchMock;
}

const calls = (fetchMock: ReturnType<typeof vi.fn>, url: string) =>
  fetchMock.mock.calls
    .filter(([input]) => String(input) === url)
    .map(([, init]) => (init ?? {}) as RequestInit);

describe('PasskeysSection', () => {
  beforeEach(() => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    document.cookie = 'ma_pro_csrf=csrf-token-1';
    browser.startRegistration.mockReset();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the passkeys, newest first as the server gives them, with how each is kept and used', async () => {
    renderSection(() => json(200, { passkeys: [PHONE, LAPTOP] }));
    expect(screen.getByText('Loading your passkeys')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Your passkeys' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/iPhone|laptop/).textContent)).toEqual([
      'My iPhone',
      'Work laptop',
    ]);
    expect(items[0]).toHaveTextContent('Synced across your devices');
    expect(items[0]).toHaveTextContent('Last used Nov 26, 2026');
    expect(items[1]).toHaveTextContent('On one device');
    expect(items[1]).toHaveTextContent('Not used to sign in yet');
  });

  it('says when there are none, and that the password keeps working', async () => {
    renderSection(() => json(200, { passkeys: [] }));
    expect(await screen.findByText('You have no passkeys yet.')).toBeInTheDocument();
    expect(screen.getByText(/Your password keeps working too/)).toBeInTheDocument();
  });

  it('shows a failed load in words, with a way to try again', async () => {
    let fail = true;
    renderSection(() =>
      fail ? json(500, { error: 'Internal server error' }) : json(200, { passkeys: [LAPTOP] }),
    );
    expect(await screen.findByText('Could not load your passkeys.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Work laptop')).toBeInTheDocument();
  });

  it('adds a passkey: a name, the browser prompt, the answer checked by the server, the list refreshed', async () => {
    let passkeys: ProPasskey[] = [];
    const fetchMock = renderSection((url, init) => {
      if (url === PRO_PASSKEYS_PATH) return json(200, { passkeys });
      if (url === PRO_PASSKEY_REGISTRATION_OPTIONS_PATH) return json(200, OPTIONS);
      if (url === PRO_PASSKEY_REGISTRATION_VERIFY_PATH) {
        const { name } = JSON.parse(String(init.body)) as { name: string };
        passkeys = [{ ...LAPTOP, id: 11, name }];
        return json(201, passkeys[0]);
      }
      throw new Error(`unexpected fetch of ${url}`);
    });
    browser.startRegistration.mockResolvedValue(ANSWER);
    await screen.findByText('You have no passkeys yet.');
    await userEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a passkey' });
    const name = within(dialog).getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Office PC');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/Passkey "Office PC" added/)).toBeInTheDocument();
    expect(await screen.findByText('Office PC')).toBeInTheDocument();
    expect(browser.startRegistration).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    const [options] = calls(fetchMock, PRO_PASSKEY_REGISTRATION_OPTIONS_PATH);
    expect(options!.method).toBe('POST');
    expect(new Headers(options!.headers).get(CSRF_HEADER)).toBe('csrf-token-1');
    const [verify] = calls(fetchMock, PRO_PASSKEY_REGISTRATION_VERIFY_PATH);
    expect(JSON.parse(String(verify!.body))).toEqual({ response: ANSWER, name: 'Office PC' });
    expect(new Headers(verify!.headers).get(CSRF_HEADER)).toBe('csrf-token-1');
  });

  it('says in plain words when this device already holds a passkey, and keeps the dialog open', async () => {
    const fetchMock = renderSection((url) =>
      url === PRO_PASSKEYS_PATH ? json(200, { passkeys: [LAPTOP] }) : json(200, OPTIONS),
    );
    browser.startRegistration.mockRejectedValue(
      Object.assign(new Error('The authenticator was previously registered'), {
        name: 'InvalidStateError',
        code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED',
      }),
    );
    await screen.findByText('Work laptop');
    await userEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a passkey' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Laptop again');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(PASSKEY_ALREADY_REGISTERED);
    expect(calls(fetchMock, PRO_PASSKEY_REGISTRATION_VERIFY_PATH)).toEqual([]);
  });

  it('renames a passkey, refusing an empty name before sending anything', async () => {
    let passkeys = [LAPTOP];
    const fetchMock = renderSection((url, init) => {
      if (url === PRO_PASSKEYS_PATH) return json(200, { passkeys });
      const { name } = JSON.parse(String(init.body)) as { name: string };
      passkeys = [{ ...LAPTOP, name }];
      return json(200, passkeys[0]);
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Rename Work laptop' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename passkey' });
    const name = within(dialog).getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(within(dialog).getByText(/Give the passkey a name/)).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(calls(fetchMock, '/api/pro/account/passkeys/4')).toEqual([]);
    await userEvent.type(name, 'Home laptop');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Passkey renamed to "Home laptop".')).toBeInTheDocument();
    const [patch] = calls(fetchMock, '/api/pro/account/passkeys/4');
    expect(patch!.method).toBe('PATCH');
    expect(JSON.parse(String(patch!.body))).toEqual({ name: 'Home laptop' });
  });

  it('removes a passkey after asking', async () => {
    let passkeys = [PHONE, LAPTOP];
    const fetchMock = renderSection((url, init) => {
      if (url === PRO_PASSKEYS_PATH) return json(200, { passkeys });
      if (init.method === 'DELETE') passkeys = [PHONE];
      return json(200, { ok: true });
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Work laptop' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this passkey?' });
    expect(dialog).toHaveTextContent('Your password and your other passkeys keep working.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove passkey' }));
    expect(await screen.findByText('Passkey "Work laptop" removed.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Work laptop')).toBeNull());
    const [removal] = calls(fetchMock, '/api/pro/account/passkeys/4');
    expect(removal!.method).toBe('DELETE');
    expect(new Headers(removal!.headers).get(CSRF_HEADER)).toBe('csrf-token-1');
  });

  it('offers no adding where the browser cannot make passkeys, but lists them', async () => {
    vi.stubGlobal('PublicKeyCredential', undefined);
    renderSection(() => json(200, { passkeys: [LAPTOP] }));
    expect(await screen.findByText('Work laptop')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
    expect(screen.getByText(/This browser cannot make passkeys/)).toBeInTheDocument();
  });

  it('suggests a name from the device', () => {
    expect(suggestedName('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)')).toBe('iPhone');
    expect(suggestedName('Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe('Windows PC');
    expect(suggestedName('curl/8')).toBe('');
  });
});
