import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CSRF_HEADER, type AdminPartner, type AdminUser } from '@moveratlas/contracts';
import { Toaster } from '../../../components/toast/toaster';
import { resetToasts } from '../../../components/toast/toast-store';
import { json, renderWithQueries } from '../test-support';
import { SITE, serve, type Call } from './settings-test-support';
import { Component as SettingsPage } from './settings-page';

const partner = (
  siteId: string,
  name: string,
  origins: string[],
  extra: Partial<AdminPartner> = {},
): AdminPartner => ({
  siteId,
  name,
  allowedOrigins: origins,
  active: true,
  isOwnSite: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  version: 1,
  ...extra,
});

const admins: AdminUser[] = [
  {
    id: 1,
    username: 'ops-lead',
    role: 'owner',
    createdAt: '2026-11-01T10:00:00.000Z',
    activeSessions: 1,
    lastSeenAt: '2026-11-23T08:00:00.000Z',
    isYou: true,
  },
  {
    id: 2,
    username: 'alice',
    role: 'editor',
    createdAt: '2026-11-02T10:00:00.000Z',
    activeSessions: 0,
    lastSeenAt: null,
    isYou: false,
  },
];

/** The read endpoints with their usual answers; `override` answers first. */
function standardRoutes(override: (call: Call) => Response | undefined = () => undefined) {
  return (call: Call) => {
    const answer = override(call);
    if (answer) return answer;
    if (call.method !== 'GET') return undefined;
    if (call.url === '/api/admin/settings/site') return json(200, SITE);
    if (call.url === '/api/admin/settings/alert-emails')
      return json(200, { emails: [], updatedAt: null, updatedBy: null });
    if (call.url === '/api/admin/settings/review-requests')
      return json(200, { delayDays: 2, updatedAt: null, updatedBy: null });
    if (call.url.startsWith('/api/admin/settings/partners'))
      return json(200, {
        partners: [
          partner('moveratlas-directory', 'MoverAtlas directory', [], { isOwnSite: true }),
          partner('demo-partner', 'Demo partner page', ['http://localhost:4000']),
        ],
        total: 2,
      });
    if (call.url.startsWith('/api/admin/settings/admin-users'))
      return json(200, { users: admins, total: admins.length });
    return undefined;
  };
}

const renderPage = () =>
  renderWithQueries(
    <>
      <SettingsPage />
      <Toaster />
    </>,
  );

const section = (name: string) => screen.getByRole('region', { name });
/** The toast region loads lazily on the first notification: give it time. */
const toastTitled = (title: string) => screen.findByText(title, {}, { timeout: 5000 });

// Each test renders the whole screen and waits on several round trips: generous on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

// jsdom has <dialog> but not its modal API: open and close it as the browser would, minus the top layer.
beforeAll(async () => {
  // The toast region is loaded on the first notification; load it now so no test waits on the import.
  await import('../../../components/toast/toast-region');
  const proto = HTMLDialogElement.prototype as Partial<HTMLDialogElement>;
  proto.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

beforeEach(() => {
  document.cookie = 'ma_csrf=token-123';
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('settings page: site settings', () => {
  it('shows the current values, refuses an invalid e-mail and phone, then saves with the CSRF token', async () => {
    const user = userEvent.setup();
    const calls = serve(
      standardRoutes((call) =>
        call.method === 'PUT'
          ? json(200, {
              ...SITE,
              settings: {
                ...SITE.settings,
                siteName: 'Atlas Movers',
                supportEmail: 'help@atlas.example',
                supportPhone: '4155550199',
              },
              updatedAt: '2026-11-23T09:00:00.000Z',
              updatedBy: 'ops-lead',
            })
          : undefined,
      ),
    );
    renderPage();
    const site = section('Site');
    const name = await within(site).findByLabelText('Site name');
    expect(name).toHaveProperty('value', 'MoverAtlas');
    expect(within(site).getByLabelText('Support phone')).toHaveProperty('value', '(312) 555-0100');
    expect(
      within(site).getByText('Empty: leads stay in this site’s own database.'),
    ).toBeInTheDocument();

    await user.clear(name);
    await user.type(name, 'Atlas Movers');
    await user.clear(within(site).getByLabelText('Support e-mail'));
    await user.type(within(site).getByLabelText('Support e-mail'), 'help@');
    await user.clear(within(site).getByLabelText('Support phone'));
    await user.type(within(site).getByLabelText('Support phone'), '555-0199');
    await user.click(within(site).getByRole('button', { name: 'Save settings' }));
    expect(
      await within(site).findByText('Support e-mail must be a valid e-mail address'),
    ).toBeInTheDocument();
    expect(within(site).getByText('Support phone must have exactly 10 digits')).toBeInTheDocument();
    expect(within(site).getByLabelText('Support e-mail').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.clear(within(site).getByLabelText('Support e-mail'));
    await user.type(within(site).getByLabelText('Support e-mail'), 'help@atlas.example');
    await user.clear(within(site).getByLabelText('Support phone'));
    await user.type(within(site).getByLabelText('Support phone'), '(415) 555-0199');
    await user.click(within(site).getByRole('button', { name: 'Save settings' }));
    expect(await toastTitled('Settings saved')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/admin/settings/site');
    expect(put.headers.get(CSRF_HEADER)).toBe('token-123');
    expect(put.body).toEqual({
      siteName: 'Atlas Movers',
      supportEmail: 'help@atlas.example',
      supportPhone: '(415) 555-0199',
      leadBackendUrl: '',
      version: 0,
    });
    expect(await within(site).findByText(/by ops-lead/)).toBeInTheDocument();
    expect(within(section('Site')).getByLabelText('Support phone')).toHaveProperty(
      'value',
      '(415) 555-0199',
    );
  });

  it('says why the server refused the settings', async () => {
    const user = userEvent.setup();
    serve(
      standardRoutes((call) =>
        call.method === 'PUT'
          ? json(400, { error: 'Site name must be at most 80 characters' })
          : undefined,
      ),
    );
    renderPage();
    await user.click(await within(section('Site')).findByRole('button', { name: 'Save settings' }));
    expect(await toastTitled('Settings not saved')).toBeInTheDocument();
    expect(screen.getByText('Site name must be at most 80 characters')).toBeInTheDocument();
  });

  it('offers a retry when the settings cannot be loaded', async () => {
    const user = userEvent.setup();
    let fail = true;
    serve(
      standardRoutes((call) =>
        call.url === '/api/admin/settings/site' && fail
          ? json(500, { error: 'Database unavailable' })
          : undefined,
      ),
    );
    renderPage();
    const alert = await within(section('Site')).findByRole('alert');
    expect(alert.textContent).toContain('Could not load the site settings.');
    expect(alert.textContent).toContain('Database unavailable');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(section('Site')).findByLabelText('Site name')).toBeInTheDocument();
  });
});

describe('settings page: partners', () => {
  it('adds a partner: refuses an origin with a path, then posts the origins line by line', async () => {
    const user = userEvent.setup();
    const calls = serve(
      standardRoutes((call) =>
        call.method === 'POST' && call.url === '/api/admin/settings/partners'
          ? json(201, partner('acme-movers', 'Acme Movers', ['https://acme.example']))
          : undefined,
      ),
    );
    renderPage();
    const partners = section('Partner sites');
    expect(await within(partners).findByText('Demo partner page')).toBeInTheDocument();
    expect(within(partners).getByText('http://localhost:4000')).toBeInTheDocument();
    // The directory itself cannot be deactivated.
    expect(
      within(partners).queryByRole('button', { name: 'Deactivate MoverAtlas directory' }),
    ).toBeNull();

    await user.click(within(partners).getByRole('button', { name: 'Add partner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a partner site' });
    await user.type(within(dialog).getByLabelText('Site id'), 'acme-movers');
    await user.type(within(dialog).getByLabelText('Name'), 'Acme Movers');
    const origins = within(dialog).getByLabelText('Allowed origins');
    await user.type(origins, 'https://acme.example/quotes');
    await user.click(within(dialog).getByRole('button', { name: 'Add partner' }));
    expect(
      await within(dialog).findByText(
        '"https://acme.example/quotes" is not an origin: write scheme://host[:port], e.g. https://partner.example',
      ),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(origins);
    await user.type(origins, ' https://acme.example {Enter}{Enter}http://localhost:8080{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Add partner' }));
    expect(await toastTitled('Partner added')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      siteId: 'acme-movers',
      name: 'Acme Movers',
      allowedOrigins: ['https://acme.example', 'http://localhost:8080'],
      active: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('deactivates a partner only after confirming', async () => {
    const user = userEvent.setup();
    const calls = serve(
      standardRoutes((call) =>
        call.method === 'PATCH'
          ? json(
              200,
              partner('demo-partner', 'Demo partner page', ['http://localhost:4000'], {
                active: false,
              }),
            )
          : undefined,
      ),
    );
    renderPage();
    const partners = section('Partner sites');
    await user.click(
      await within(partners).findByRole('button', { name: 'Deactivate Demo partner page' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Demo partner page?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    await user.click(
      within(partners).getByRole('button', { name: 'Deactivate Demo partner page' }),
    );
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Deactivate' }),
    );
    expect(await toastTitled('Partner deactivated')).toBeInTheDocument();
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url).toBe('/api/admin/settings/partners/demo-partner');
    expect(patch.body).toEqual({ active: false, version: 1 });
  });
});

describe('settings page: admin users and password', () => {
  it('lists admins, never offers to delete yourself, and deletes another after confirming', async () => {
    const user = userEvent.setup();
    const calls = serve(
      standardRoutes((call) => (call.method === 'DELETE' ? json(204, null) : undefined)),
    );
    renderPage();
    const users = section('Admin users');
    const me = (await within(users).findByText('ops-lead')).closest('tr')!;
    expect(within(me).getByText('You')).toBeInTheDocument();
    expect(within(me).queryByRole('button')).toBeNull();
    await user.click(within(users).getByRole('button', { name: 'Delete alice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete alice?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete admin' }));
    expect(await toastTitled('Admin deleted')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')!.url).toBe('/api/admin/settings/admin-users/2');
  });

  it('creates an admin only with a long enough, repeated password, and shows the server’s refusal', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const calls = serve(
      standardRoutes((call) =>
        call.method === 'POST' && call.url === '/api/admin/settings/admin-users'
          ? refuse
            ? json(400, { error: 'Password is too common or predictable; choose another' })
            : json(201, { id: 3, username: 'bob' })
          : undefined,
      ),
    );
    renderPage();
    const form = await screen.findByRole('form', { name: 'New admin' });
    await user.type(within(form).getByLabelText('Username'), 'bob');
    await user.type(within(form).getByLabelText('Password'), 'short');
    await user.click(within(form).getByRole('button', { name: 'Create admin' }));
    expect(
      await within(form).findByText('Password must be at least 12 characters'),
    ).toBeInTheDocument();

    await user.clear(within(form).getByLabelText('Password'));
    await user.type(within(form).getByLabelText('Password'), 'password123456');
    await user.type(within(form).getByLabelText('Repeat password'), 'password12345');
    await user.click(within(form).getByRole('button', { name: 'Create admin' }));
    expect(await within(form).findByText('The passwords do not match')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(within(form).getByLabelText('Repeat password'));
    await user.type(within(form).getByLabelText('Repeat password'), 'password123456');
    await user.click(within(form).getByRole('button', { name: 'Create admin' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Password is too common or predictable; choose another',
    );

    refuse = false;
    await user.clear(within(form).getByLabelText('Password'));
    await user.type(within(form).getByLabelText('Password'), 'plum-orbit-kettle-42');
    await user.clear(within(form).getByLabelText('Repeat password'));
    await user.type(within(form).getByLabelText('Repeat password'), 'plum-orbit-kettle-42');
    await user.selectOptions(within(form).getByLabelText('Role'), 'Editor');
    await user.click(within(form).getByRole('button', { name: 'Create admin' }));
    expect(await toastTitled('Admin created')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({
      username: 'bob',
      password: 'plum-orbit-kettle-42',
      role: 'editor',
    });
    expect(within(form).getByLabelText('Username')).toHaveProperty('value', '');
  });

  it('changes the own password and says how many other sessions were signed out', async () => {
    const user = userEvent.setup();
    const calls = serve(
      standardRoutes((call) =>
        call.url === '/api/admin/settings/password'
          ? json(200, { ok: true, endedSessions: 2 })
          : undefined,
      ),
    );
    renderPage();
    const form = await screen.findByRole('form', { name: 'Change your password' });
    await user.type(within(form).getByLabelText('Current password'), 'old-secret');
    await user.type(within(form).getByLabelText('New password'), 'old-secret');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(
      await within(form).findByText('New password must be at least 12 characters'),
    ).toBeInTheDocument();

    await user.clear(within(form).getByLabelText('New password'));
    await user.type(within(form).getByLabelText('New password'), 'brand-new-secret-9');
    await user.type(within(form).getByLabelText('Repeat new password'), 'brand-new-secret-9');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await toastTitled('Password changed')).toBeInTheDocument();
    expect(screen.getByText('2 other sessions were signed out.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      currentPassword: 'old-secret',
      newPassword: 'brand-new-secret-9',
    });
    expect(within(form).getByLabelText('Current password')).toHaveProperty('value', '');
  });
});
