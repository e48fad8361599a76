import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CSRF_HEADER,
  type AlertEmails,
  type LeadBackendTestResult,
  type SiteSettingsResponse,
} from '@moveratlas/contracts';
import { Toaster } from '../../../components/toast/toaster';
import { resetToasts } from '../../../components/toast/toast-store';
import { json, renderWithQueries } from '../test-support';
import { SITE, serve } from './settings-test-support';
import { AlertEmailsPanel } from './alert-emails-panel';
import { SiteSettingsForm } from './site-settings-form';

const result = (overrides: Partial<LeadBackendTestResult>): LeadBackendTestResult => ({
  ok: true,
  outcome: 'reachable',
  message: 'Reachable: it answered in 230 ms (HTTP 404).',
  elapsedMs: 230,
  status: 404,
  ...overrides,
});

vi.setConfig({ testTimeout: 20_000 });

beforeAll(async () => {
  await import('../../../components/toast/toast-region');
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

describe('the lead backend URL: Test connection', () => {
  it('tests the URL as typed and says in plain words how it went', async () => {
    const user = userEvent.setup();
    const calls = serve((call) => {
      if (call.method === 'GET' && call.url === '/api/admin/settings/site') return json(200, SITE);
      if (call.method === 'POST' && call.url === '/api/admin/settings/lead-backend/test')
        return json(
          200,
          (call.body as { url: string }).url === 'https://down.example'
            ? result({
                ok: false,
                outcome: 'refused',
                message: 'The connection was refused: nothing answers at that address and port.',
                elapsedMs: 3,
                status: null,
              })
            : result({}),
        );
      return undefined;
    });
    renderWithQueries(<SiteSettingsForm />);
    const site = await screen.findByRole('region', { name: 'Site' });
    const button = await within(site).findByRole('button', { name: 'Test connection' });
    // Nothing typed: nothing to test.
    expect(button).toBeDisabled();

    const url = within(site).getByLabelText('Lead backend URL');
    await user.type(url, 'https://functions.example');
    await user.click(button);
    const status = within(site).getByRole('status');
    expect(
      await within(status).findByText(
        'https://functions.example: Reachable: it answered in 230 ms (HTTP 404).',
      ),
    ).toBeInTheDocument();
    const test = calls.find((c) => c.url === '/api/admin/settings/lead-backend/test')!;
    expect(test.body).toEqual({ url: 'https://functions.example' });
    expect(test.headers.get(CSRF_HEADER)).toBe('token-123');
    // Testing saves nothing.
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.clear(url);
    await user.type(url, 'https://down.example');
    await user.click(button);
    expect(
      await within(status).findByText(
        'Not reachable. The connection was refused: nothing answers at that address and port.',
      ),
    ).toBeInTheDocument();
  });

  it('says why a test could not be made (too many tests)', async () => {
    const user = userEvent.setup();
    serve((call) => {
      if (call.method === 'GET' && call.url === '/api/admin/settings/site') return json(200, SITE);
      if (call.method === 'POST')
        return json(429, {
          error: 'Too many connection tests from this address; please try again in 60 seconds',
        });
      return undefined;
    });
    renderWithQueries(<SiteSettingsForm />);
    const site = await screen.findByRole('region', { name: 'Site' });
    await user.type(
      await within(site).findByLabelText('Lead backend URL'),
      'https://functions.example',
    );
    await user.click(within(site).getByRole('button', { name: 'Test connection' }));
    expect(
      await within(site).findByText(
        'Could not test: Too many connection tests from this address; please try again in 60 seconds',
      ),
    ).toBeInTheDocument();
  });

  it('checks a newly saved URL and warns when it fails, without undoing the save', async () => {
    const user = userEvent.setup();
    const saved: SiteSettingsResponse = {
      ...SITE,
      settings: { ...SITE.settings, leadBackendUrl: 'https://new.example' },
      leadBackendOverridden: true,
      updatedAt: '2026-11-27T06:00:00.000Z',
      updatedBy: 'ops',
    };
    const calls = serve((call) => {
      if (call.method === 'GET' && call.url === '/api/admin/settings/site') return json(200, SITE);
      if (call.method === 'PUT') return json(200, saved);
      if (call.method === 'POST')
        return json(
          200,
          result({
            ok: false,
            outcome: 'http-error',
            message:
              'It answered HTTP 500 (a server error) after 41 ms: the lead backend has a problem of its own.',
            elapsedMs: 41,
            status: 500,
          }),
        );
      return undefined;
    });
    renderWithQueries(
      <>
        <SiteSettingsForm />
        <Toaster />
      </>,
    );
    const site = await screen.findByRole('region', { name: 'Site' });
    await user.type(await within(site).findByLabelText('Lead backend URL'), 'https://new.example');
    await user.click(within(site).getByRole('button', { name: 'Save settings' }));
    expect(
      await within(site).findByText(
        'Saved, but the new address did not answer well. It answered HTTP 500 (a server error) after 41 ms: the lead backend has a problem of its own.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    const order = calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`);
    expect(order).toEqual([
      'PUT /api/admin/settings/site',
      'POST /api/admin/settings/lead-backend/test',
    ]);
    expect(calls.at(-1)!.body).toEqual({ url: 'https://new.example' });
    // The form shows the saved address: the save stood.
    expect(within(site).getByLabelText('Lead backend URL')).toHaveProperty(
      'value',
      'https://new.example',
    );
  });
});

describe('failure alerts: who is e-mailed', () => {
  const none: AlertEmails = { emails: [], updatedAt: null, updatedBy: null };

  it('saves the addresses, one a line, with the CSRF token', async () => {
    const user = userEvent.setup();
    const calls = serve((call) => {
      if (call.url !== '/api/admin/settings/alert-emails') return undefined;
      if (call.method === 'GET') return json(200, none);
      const emails = (call.body as { emails: string[] }).emails;
      return json(200, { emails, updatedAt: '2026-11-27T06:00:00.000Z', updatedBy: 'ops' });
    });
    renderWithQueries(
      <>
        <AlertEmailsPanel />
        <Toaster />
      </>,
    );
    const panel = await screen.findByRole('region', { name: 'Failure alerts' });
    const field = await within(panel).findByLabelText('Alert e-mail addresses');
    expect(within(panel).getByText('Nobody is e-mailed yet.')).toBeInTheDocument();
    await user.type(field, 'Ops@Example.com{Enter}oncall@example.com');
    await user.click(within(panel).getByRole('button', { name: 'Save alert addresses' }));
    expect(
      await screen.findByText('Alert addresses saved', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({ emails: ['ops@example.com', 'oncall@example.com'] });
    expect(put.headers.get(CSRF_HEADER)).toBe('token-123');
    await waitFor(() =>
      expect(within(panel).getByLabelText('Alert e-mail addresses')).toHaveProperty(
        'value',
        'ops@example.com\noncall@example.com',
      ),
    );
  });

  it('refuses an address that is not one, in plain words, without sending it', async () => {
    const user = userEvent.setup();
    const calls = serve((call) =>
      call.method === 'GET' && call.url === '/api/admin/settings/alert-emails'
        ? json(200, none)
        : undefined,
    );
    renderWithQueries(<AlertEmailsPanel />);
    const panel = await screen.findByRole('region', { name: 'Failure alerts' });
    const field = await within(panel).findByLabelText('Alert e-mail addresses');
    await user.type(field, 'ops@example.com, not-an-address');
    await user.click(within(panel).getByRole('button', { name: 'Save alert addresses' }));
    expect(
      await within(panel).findByText('"not-an-address" is not a valid e-mail address'),
    ).toBeInTheDocument();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});
