/**
 * The admin's Deletion requests queue as staff use it: an open request with its address, when it was asked,
 * the request it came from and how many the address has; "Delete this person's data" asks first, saying what
 * goes, then posts with the CSRF header, says what went and loads the list again; the server's refusal shows
 * in the dialog; a viewer cannot delete. Done requests keep the record; empty tabs say why.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CSRF_COOKIE,
  CSRF_HEADER,
  type AdminDeletionRequest,
  type AdminDeletionRequestList,
  type AdminRole,
} from '@moveratlas/contracts';
import { resetToasts } from '../../../components/toast/toast-store';
import { formatDateTime } from '../../../components/dashboard/date-time';
import { callsTo, json, renderAdminScreens } from '../test-support';
import { Component } from './deletion-requests-page';

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
  document.cookie = `${CSRF_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
});

const OPEN: AdminDeletionRequest = {
  id: 9,
  email: 'ana@example.com',
  status: 'open',
  requestedAt: '2026-11-27T10:00:00.000Z',
  leadId: 41,
  leadPublicId: 'MA-7K2Q9',
  leadsFound: 3,
  handledAt: null,
  handledBy: null,
  leadsDeleted: null,
  mailsDeleted: null,
};

const DONE: AdminDeletionRequest = {
  id: 4,
  email: 'b•••@example.com',
  status: 'done',
  requestedAt: '2026-11-20T08:30:00.000Z',
  leadId: null,
  leadPublicId: null,
  leadsFound: 0,
  handledAt: '2026-11-21T15:45:00.000Z',
  handledBy: 'ops',
  leadsDeleted: 2,
  mailsDeleted: 5,
};

const list = (requests: AdminDeletionRequest[]): AdminDeletionRequestList => ({
  requests,
  total: requests.length,
  page: 1,
  pageSize: 25,
});

interface Options {
  path?: string;
  role?: AdminRole;
  open?: AdminDeletionRequest[];
  done?: AdminDeletionRequest[];
  /** The answer to the fulfilment; by default it succeeds and empties the open tab. */
  fulfil?: () => Response;
}

function render(options: Options = {}) {
  let open = options.open ?? [OPEN];
  const done = options.done ?? [DONE];
  const fulfil =
    options.fulfil ??
    (() => {
      open = [];
      return json(200, {
        ...OPEN,
        status: 'done',
        email: 'a•••@example.com',
        handledAt: '2026-11-28T09:00:00.000Z',
        handledBy: 'ops',
        leadsDeleted: 3,
        mailsDeleted: 7,
      });
    });
  return renderAdminScreens(
    options.path ?? '/admin/deletion-requests',
    [{ path: 'deletion-requests', Component }],
    (url, init) => {
      const parsed = new URL(url, 'http://admin.test');
      if (parsed.pathname === '/api/auth/status')
        return json(200, {
          isAuthenticated: true,
          username: 'ops',
          role: options.role ?? 'editor',
        });
      if (parsed.pathname === '/api/admin/deletion-requests')
        return json(200, list(parsed.searchParams.get('status') === 'done' ? done : open));
      if (init.method === 'POST' && parsed.pathname === '/api/admin/deletion-requests/9/fulfil')
        return fulfil();
      return json(404, { error: `No API endpoint ${parsed.pathname}` });
    },
  );
}

/** The list requests made, as their query strings. */
const listQueries = (fetchMock: ReturnType<typeof vi.fn>) =>
  callsTo(fetchMock, '/api/admin/deletion-requests').map((call) => call.url.search);

describe('the Deletion requests queue', () => {
  it('shows an open request with its address, when it was asked, its lead and its count', async () => {
    const { fetchMock } = render();
    const card = await screen.findByRole('listitem', {
      name: 'Deletion request from ana@example.com',
    });
    expect(within(card).getByRole('heading', { level: 3 })).toHaveTextContent('ana@example.com');
    expect(card).toHaveTextContent(`Asked ${formatDateTime(OPEN.requestedAt)}`);
    expect(within(card).getByRole('link', { name: 'Request MA-7K2Q9' })).toHaveAttribute(
      'href',
      '/admin/leads/41',
    );
    expect(within(card).getByText('3 requests from this address')).toBeInTheDocument();
    expect(
      await within(card).findByRole('button', { name: "Delete this person's data" }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Open (1)' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('link', { name: 'Done' })).toHaveAttribute(
      'href',
      '/admin/deletion-requests?status=done',
    );
    expect(screen.queryByRole('link', { name: 'All' })).toBeNull();
    expect(listQueries(fetchMock)).toEqual(['?status=open']);
  });

  it('says "1 request" for an address with one, and shows no lead link once it is gone', async () => {
    render({ open: [{ ...OPEN, leadsFound: 1, leadId: null, leadPublicId: null }] });
    const card = await screen.findByRole('listitem', {
      name: 'Deletion request from ana@example.com',
    });
    expect(within(card).getByText('1 request from this address')).toBeInTheDocument();
    expect(within(card).queryByRole('link')).toBeNull();
  });

  it('changes tab in the URL and asks the API for that status', async () => {
    const user = userEvent.setup();
    const { router, fetchMock } = render();
    await screen.findByRole('listitem', { name: 'Deletion request from ana@example.com' });
    await user.click(screen.getByRole('link', { name: 'Done' }));
    expect(
      await screen.findByRole('listitem', { name: 'Deletion request from b•••@example.com' }),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=done');
    expect(screen.getByRole('link', { name: 'Done' })).toHaveAttribute('aria-current', 'page');
    expect(listQueries(fetchMock)).toEqual(['?status=open', '?status=done']);

    await user.click(screen.getByRole('link', { name: 'Open (1)' }));
    expect(
      await screen.findByRole('listitem', { name: 'Deletion request from ana@example.com' }),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('keeps the page in the URL and the request', async () => {
    const { fetchMock } = render({ path: '/admin/deletion-requests?status=done&page=2' });
    await screen.findByRole('listitem', { name: 'Deletion request from b•••@example.com' });
    expect(listQueries(fetchMock)).toContain('?page=2&status=done');
  });

  it('deletes after asking, with the CSRF header, says what went and loads the list again', async () => {
    document.cookie = `${CSRF_COOKIE}=csrf-token-1`;
    const user = userEvent.setup();
    const { fetchMock } = render();
    const card = await screen.findByRole('listitem', {
      name: 'Deletion request from ana@example.com',
    });
    await user.click(
      await within(card).findByRole('button', { name: "Delete this person's data" }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete the data of ana@example.com?' });
    expect(dialog).toHaveAccessibleDescription(
      'This deletes their 3 requests, the consents, the e-mails sent to them and to the movers; this cannot be undone.',
    );
    expect(callsTo(fetchMock, '/api/admin/deletion-requests/9/fulfil')).toHaveLength(0);
    const before = listQueries(fetchMock).length;

    await user.click(within(dialog).getByRole('button', { name: 'Delete their data' }));
    expect(await screen.findByText('Deleted: 3 requests and 7 e-mails')).toBeInTheDocument();
    const [call] = callsTo(fetchMock, '/api/admin/deletion-requests/9/fulfil');
    expect(call!.init.method).toBe('POST');
    expect(new Headers(call!.init.headers).get(CSRF_HEADER)).toBe('csrf-token-1');
    expect(
      await screen.findByText(
        'No open deletion requests. Visitors ask from the link in their confirmation e-mail.',
      ),
    ).toBeInTheDocument();
    expect(listQueries(fetchMock).length).toBeGreaterThan(before);
    expect(await screen.findByRole('link', { name: 'Open (0)' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the server’s words in the dialog when the request was already fulfilled', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    render({
      fulfil: () => json(409, { error: 'This request was already fulfilled: the data is gone.' }),
    });
    const card = await screen.findByRole('listitem', {
      name: 'Deletion request from ana@example.com',
    });
    await user.click(
      await within(card).findByRole('button', { name: "Delete this person's data" }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete the data of ana@example.com?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete their data' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This request was already fulfilled: the data is gone.',
    );
    expect(screen.queryByText(/^Deleted:/)).toBeNull();
  });

  it('offers a viewer no way to delete', async () => {
    const { fetchMock } = render({ role: 'viewer' });
    const card = await screen.findByRole('listitem', {
      name: 'Deletion request from ana@example.com',
    });
    expect(await within(card).findByText('Your role cannot delete data.')).toBeInTheDocument();
    expect(within(card).queryByRole('button')).toBeNull();
    expect(callsTo(fetchMock, '/api/admin/deletion-requests/9/fulfil')).toHaveLength(0);
  });

  it('shows a done request with the masked address, its dates, who did it and what went', async () => {
    render({ path: '/admin/deletion-requests?status=done' });
    const card = await screen.findByRole('listitem', {
      name: 'Deletion request from b•••@example.com',
    });
    expect(within(card).getByRole('heading', { level: 3 })).toHaveTextContent('b•••@example.com');
    expect(card).toHaveTextContent(
      `Asked ${formatDateTime(DONE.requestedAt)} · done ${formatDateTime(DONE.handledAt!)} by ops`,
    );
    expect(within(card).getByText('2 requests and 5 e-mails deleted')).toBeInTheDocument();
    expect(within(card).queryByRole('button')).toBeNull();
    expect(within(card).queryByRole('link')).toBeNull();
  });

  it('says why each tab is empty', async () => {
    render({ open: [], done: [] });
    expect(
      await screen.findByText(
        'No open deletion requests. Visitors ask from the link in their confirmation e-mail.',
      ),
    ).toBeInTheDocument();
    cleanup();
    render({ path: '/admin/deletion-requests?status=done', open: [], done: [] });
    expect(await screen.findByText('No request has been fulfilled yet.')).toBeInTheDocument();
  });
});
