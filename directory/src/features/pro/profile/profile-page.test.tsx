/**
 * The mover's Profile screen as a mover uses it, by keyboard and pointer: the form shows the listing, a save
 * sends what changed with the version it was loaded at and says so; a bad phone number or hours are caught
 * with the shared schema's words before anything is sent; a new name waits for review and says so; a
 * declined change shows staff's reason; photos move earlier and later with buttons, are deleted after a
 * confirmation, and upload with a progress bar; a failed load offers to try again.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ProProfile } from '@moveratlas/contracts';
import { createQueryClient } from '../../../lib/query-client';
import { Toaster } from '../../../components/toast/toaster';
import { Component as ProfilePage } from './profile-page';

const PROFILE: ProProfile = {
  companyId: 7,
  slug: 'hill-country-movers',
  version: 4,
  values: {
    name: 'Hill Country Movers',
    usdot_number: '1234567',
    mc_number: null,
    description: 'Local moves across the Hill Country.',
    services: ['local-moving'],
    service_area: 'Austin',
    service_radius_miles: 50,
    phone: '(512) 555-0142',
    website: 'https://hill.example.com',
    hours: null,
  },
  logo: null,
  photos: [
    {
      id: 31,
      kind: 'photo',
      url: '/media/companies/31-photo.webp',
      thumbUrl: '/media/companies/31-thumb.webp',
      width: 1600,
      height: 1200,
    },
    {
      id: 32,
      kind: 'photo',
      url: '/media/companies/32-photo.webp',
      thumbUrl: '/media/companies/32-thumb.webp',
      width: 1600,
      height: 1200,
    },
  ],
  linkedPhotos: [],
  pendingChange: null,
  lastDecidedChange: null,
};

type Api = (url: URL, init: RequestInit) => Response | Promise<Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderPage(api: Api) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) =>
    api(new URL(String(input), 'http://pro.test'), init),
  );
  vi.stubGlobal('fetch', fetchMock);
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  const router = createMemoryRouter(
    [{ path: '/pro/companies/:companyId/profile', Component: ProfilePage }],
    { initialEntries: ['/pro/companies/7/profile'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return fetchMock;
}

const bodyOf = (init: RequestInit) => JSON.parse(String(init.body)) as Record<string, unknown>;

beforeEach(() => {
  document.cookie = 'ma_pro_csrf=token-1';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the mover’s Profile screen', () => {
  it('saves the description with the version it was loaded at, and says the profile is live', async () => {
    const user = userEvent.setup();
    const sent: Array<Record<string, unknown>> = [];
    renderPage((url, init) => {
      if (init.method === 'PATCH') {
        const body = bodyOf(init);
        sent.push(body);
        return json(200, {
          ...PROFILE,
          version: 5,
          values: { ...PROFILE.values, description: body.description },
        });
      }
      return json(200, PROFILE);
    });
    const description = await screen.findByRole('textbox', { name: 'Description' });
    expect(description).toHaveValue('Local moves across the Hill Country.');
    await user.clear(description);
    await user.type(description, 'Pianos and whole houses.');
    await user.click(screen.getByRole('checkbox', { name: 'Piano Moving' }));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    expect(screen.getByText('Your public profile shows the changes now.')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      version: 4,
      description: 'Pianos and whole houses.',
      services: ['local-moving', 'piano-moving'],
      phone: '(512) 555-0142',
      hours: {
        mon: { open: '08:00', close: '17:00' },
        sat: null,
        sun: null,
      },
    });
    // The name, USDOT and MC number were not changed, so they are not sent.
    expect(Object.keys(sent[0]!)).not.toContain('name');
    expect(Object.keys(sent[0]!)).not.toContain('usdot_number');
  });

  it('catches a bad phone number and a day that closes before it opens, sending nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage(() => json(200, PROFILE));
    const phone = await screen.findByRole('textbox', { name: 'Phone' });
    await user.clear(phone);
    await user.type(phone, '555 01');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(
      await screen.findByText('Phone must be a US phone number, such as (512) 555-0142'),
    ).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH')).toHaveLength(0);

    await user.clear(phone);
    await user.type(phone, '512 555 0199');
    const closes = screen.getByLabelText('Monday closes at');
    await user.clear(closes);
    await user.type(closes, '07:00');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(
      await screen.findByText('Monday: the closing time must be after the opening time'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Phone must be/)).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH')).toHaveLength(0);
  });

  it('sends a new name for review and shows that it is waiting', async () => {
    const user = userEvent.setup();
    let sent: Record<string, unknown> = {};
    renderPage((_url, init) => {
      if (init.method === 'PATCH') {
        sent = bodyOf(init);
        return json(200, {
          ...PROFILE,
          pendingChange: {
            id: 3,
            status: 'pending',
            changes: { name: 'Hill Country Moving Co' },
            before: { name: 'Hill Country Movers', usdot_number: '1234567', mc_number: null },
            requestedBy: 'Dana',
            createdAt: '2026-11-27T12:00:00.000Z',
            decidedAt: null,
            decisionNote: null,
          },
        });
      }
      return json(200, PROFILE);
    });
    const name = await screen.findByRole('textbox', { name: 'Company name' });
    await user.clear(name);
    await user.type(name, 'Hill Country Moving Co');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    const notice = await screen.findByText('Waiting for review');
    expect(sent.name).toBe('Hill Country Moving Co');
    expect(notice.parentElement).toHaveTextContent(
      'You asked to change the name to “Hill Country Moving Co”',
    );
    // The form keeps showing the name asked for, so saving again does not withdraw it.
    expect(screen.getByRole('textbox', { name: 'Company name' })).toHaveValue(
      'Hill Country Moving Co',
    );
    expect(
      await screen.findByText(/the name, USDOT or MC number waits for our staff/),
    ).toBeInTheDocument();
  });

  it('shows why staff declined a change', async () => {
    renderPage(() =>
      json(200, {
        ...PROFILE,
        lastDecidedChange: {
          id: 2,
          status: 'declined',
          changes: { usdot_number: '7654321' },
          before: { name: 'Hill Country Movers', usdot_number: '1234567', mc_number: null },
          requestedBy: 'Dana',
          createdAt: '2026-11-26T12:00:00.000Z',
          decidedAt: '2026-11-27T09:00:00.000Z',
          decisionNote: 'The FMCSA lists 7654321 for another carrier',
        },
      }),
    );
    const heading = await screen.findByText('Your change was declined');
    expect(heading.parentElement).toHaveTextContent(
      'Staff declined changing the USDOT number to “7654321”: The FMCSA lists 7654321 for another carrier',
    );
  });

  it('moves a photo later by keyboard and deletes one after confirming', async () => {
    const user = userEvent.setup();
    const calls: Array<{ method: string; path: string; body?: unknown }> = [];
    renderPage((url, init) => {
      const method = init.method ?? 'GET';
      calls.push({ method, path: url.pathname, body: init.body ? bodyOf(init) : undefined });
      if (method === 'PUT')
        return json(200, {
          ...PROFILE,
          version: 5,
          photos: [PROFILE.photos[1], PROFILE.photos[0]],
        });
      if (method === 'DELETE')
        return json(200, { ...PROFILE, version: 6, photos: [PROFILE.photos[1]] });
      return json(200, PROFILE);
    });
    const photos = await screen.findByRole('list', { name: 'Your photos, in order' });
    expect(
      within(photos)
        .getAllByRole('img')
        .map((img) => img.getAttribute('src')),
    ).toEqual(['/media/companies/31-thumb.webp', '/media/companies/32-thumb.webp']);
    expect(screen.getByRole('button', { name: 'Move photo 1 earlier' })).toBeDisabled();
    screen.getByRole('button', { name: 'Move photo 1 later' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(
        within(photos)
          .getAllByRole('img')
          .map((img) => img.getAttribute('src')),
      ).toEqual(['/media/companies/32-thumb.webp', '/media/companies/31-thumb.webp']),
    );
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/api/pro/companies/7/photos/order',
      body: { ids: [32, 31] },
    });
    expect(screen.getByText('Photo 1 moved to place 2 of 2.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete photo 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this photo?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete photo' }));
    expect(await screen.findByText('Photo deleted')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/pro/companies/7/images/31');
    expect(within(photos).getAllByRole('img')).toHaveLength(1);
  });

  it('shows the photos staff added by address after the mover’s own, and removes one after confirming', async () => {
    const user = userEvent.setup();
    const staffPhotos = ['/images/photos/3.svg', '/images/photos/9.svg'];
    const calls: Array<{ method: string; url: URL }> = [];
    renderPage((url, init) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url });
      if (method === 'DELETE')
        return json(200, { ...PROFILE, version: 5, linkedPhotos: [staffPhotos[1]] });
      return json(200, { ...PROFILE, linkedPhotos: staffPhotos });
    });
    const added = await screen.findByRole('list', { name: 'Photos added by our staff' });
    expect(
      within(added)
        .getAllByRole('img')
        .map((img) => [img.getAttribute('src'), img.getAttribute('alt')]),
    ).toEqual([
      ['/images/photos/3.svg', 'Hill Country Movers photo added by our staff, 1 of 2'],
      ['/images/photos/9.svg', 'Hill Country Movers photo added by our staff, 2 of 2'],
    ]);

    await user.click(
      within(added).getByRole('button', { name: 'Remove photo added by our staff 1' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove this photo?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove photo' }));
    expect(await screen.findByText('Photo removed')).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'DELETE')!.url;
    expect([sent.pathname, sent.searchParams.get('url')]).toEqual([
      '/api/pro/companies/7/photos/linked',
      '/images/photos/3.svg',
    ]);
    expect(
      within(added)
        .getAllByRole('img')
        .map((img) => img.getAttribute('src')),
    ).toEqual(['/images/photos/9.svg']);
    // The mover's own uploads are untouched.
    expect(
      within(screen.getByRole('list', { name: 'Your photos, in order' })).getAllByRole('img'),
    ).toHaveLength(2);
  });

  it('uploads a photo with a progress bar and the CSRF header, and shows the server’s refusal', async () => {
    const user = userEvent.setup();
    const sent: Array<{ url: string; headers: Record<string, string>; body: unknown }> = [];
    let answer: { status: number; body: unknown } = { status: 201, body: {} };
    class FakeXhr {
      upload: {
        onprogress:
          ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
      } = {
        onprogress: null,
      };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      status = 0;
      responseText = '';
      withCredentials = false;
      private url = '';
      private headers: Record<string, string> = {};
      open(_method: string, url: string) {
        this.url = url;
      }
      setRequestHeader(name: string, value: string) {
        this.headers[name] = value;
      }
      send(body: unknown) {
        sent.push({ url: this.url, headers: this.headers, body });
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        setTimeout(() => {
          this.status = answer.status;
          this.responseText = JSON.stringify(answer.body);
          this.onload?.();
        }, 300);
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    renderPage(() => json(200, PROFILE));
    await screen.findByRole('list', { name: 'Your photos, in order' });
    const added = {
      id: 33,
      kind: 'photo',
      url: '/media/companies/33-photo.webp',
      thumbUrl: '/media/companies/33-thumb.webp',
      width: 800,
      height: 600,
    };
    answer = {
      status: 201,
      body: {
        image: added,
        profile: { ...PROFILE, version: 5, photos: [...PROFILE.photos, added] },
      },
    };
    const file = new File(['fake-bytes'], 'crew.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByTestId('photo-file'), file);
    expect(await screen.findByRole('progressbar', { name: 'Uploading the photo' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(await screen.findByText('Photo uploaded')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({
      url: '/api/pro/companies/7/images?kind=photo',
      headers: { 'Content-Type': 'image/jpeg', 'X-CSRF-Token': 'token-1' },
    });
    expect(
      within(screen.getByRole('list', { name: 'Your photos, in order' })).getAllByRole('img'),
    ).toHaveLength(3);

    answer = {
      status: 415,
      body: {
        error: 'The file is not a picture we can use: upload a JPEG, PNG, WebP or AVIF image',
      },
    };
    await user.upload(
      screen.getByTestId('photo-file'),
      new File(['words'], 'notes.jpg', { type: 'image/jpeg' }),
    );
    expect(
      await screen.findByText(
        'The file is not a picture we can use: upload a JPEG, PNG, WebP or AVIF image',
      ),
    ).toBeInTheDocument();
  });

  it('says when the profile cannot be loaded and loads it on Try again', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderPage(() => (fail ? json(500, { error: 'Internal server error' }) : json(200, PROFILE)));
    const retry = await screen.findByRole('button', { name: /Try again/ });
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('textbox', { name: 'Description' })).toHaveValue(
      'Local moves across the Hill Country.',
    );
  });
});
