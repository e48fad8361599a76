import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CSRF_COOKIE,
  CSRF_HEADER,
  type AdminContactMessageDetail,
  type ContactMessageEvent,
} from '@moveratlas/contracts';
import { resetToasts } from '../../../components/toast/toast-store';
import { Component as MessagePage } from './message-page';
import { json, renderAdminScreens, type Api } from '../test-support';

/** The machine may be busy: the lazily loaded toast region and the queries get a few seconds. */
// Above the setup's 10 s (test-setup.ts) for these screens' slowest waits, below the 20 s test limit.
const SLOW = { timeout: 15_000 };

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.cookie = `${CSRF_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
});

const ADMINS = [
  { id: 1, username: 'ops' },
  { id: 2, username: 'sam' },
];

function detail(overrides: Partial<AdminContactMessageDetail['message']> = {}) {
  return {
    message: {
      id: 9,
      publicId: 'Xy12Ab34Cd56Ef78',
      name: 'Dana Reyes',
      email: 'dana@example.com',
      topic: 'quotes',
      excerpt: 'I asked for quotes',
      status: 'new' as const,
      assignee: null,
      receivedAt: '2026-11-26T15:00:00.000Z',
      message: 'I asked for quotes on Monday.\nNobody has called yet.',
      ipAddress: '203.0.113.9',
      userAgent: 'Mozilla/5.0',
      ...overrides,
    },
    events: [] as ContactMessageEvent[],
    admins: ADMINS,
  } satisfies AdminContactMessageDetail;
}

/**
 * A fake inbox API that keeps the message's state: reading opens it, status and assignment change it, and
 * each change is added to the trail as the server would.
 */
function fakeInbox(start: AdminContactMessageDetail) {
  let current = structuredClone(start);
  const posts: Array<{ url: string; body: unknown; csrf: string | null }> = [];
  const event = (
    action: ContactMessageEvent['action'],
    before: string | null,
    after: string | null,
  ) =>
    current.events.push({
      id: current.events.length + 1,
      actor: 'ops',
      action,
      before,
      after,
      at: '2026-11-27T10:00:00.000Z',
    });
  const api: Api = (url, init) => {
    if (url === '/api/auth/status') return json(200, { isAuthenticated: true, username: 'ops' });
    if (init.method === 'POST') {
      const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
      posts.push({ url, body, csrf: new Headers(init.headers).get(CSRF_HEADER) });
      current = structuredClone(current);
      if (url.endsWith('/read') && current.message.status === 'new') {
        current.message.status = 'open';
        event('read', 'new', 'open');
      }
      if (url.endsWith('/status')) {
        event('status', current.message.status, body.status as string);
        current.message.status = body.status as 'closed';
      }
      if (url.endsWith('/assignee')) {
        const next = ADMINS.find((a) => a.id === body.adminId) ?? null;
        event('assigned', current.message.assignee?.username ?? null, next?.username ?? null);
        current.message.assignee = next;
      }
      return json(200, current);
    }
    return json(200, current);
  };
  return { api, posts };
}

const renderMessage = (api: Api, path = '/admin/messages/9') =>
  renderAdminScreens(path, [{ path: 'messages/:id', Component: MessagePage }], api);

describe('a contact message', () => {
  it('marks a new message read once, with the CSRF token, and shows who opened it', async () => {
    document.cookie = `${CSRF_COOKIE}=token-7; path=/`;
    const { api, posts } = fakeInbox(detail());
    renderMessage(api);
    expect(await screen.findByRole('heading', { name: 'Dana Reyes' }, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/Nobody has called yet\./)).toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'History' });
    await waitFor(() => expect(history.textContent).toContain('ops opened it (New → Open)'), SLOW);
    expect(posts).toEqual([
      { url: '/api/admin/contact-messages/9/read', body: {}, csrf: 'token-7' },
    ]);
    expect(
      within(screen.getByRole('region', { name: 'Dana Reyes' })).getByText('Open'),
    ).toBeInTheDocument();
  });

  it('does not mark a message that is already open', async () => {
    const { api, posts } = fakeInbox(detail({ status: 'replied' }));
    renderMessage(api);
    expect(await screen.findByRole('heading', { name: 'Dana Reyes' }, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Nobody has changed this message yet.')).toBeInTheDocument();
    expect(posts).toEqual([]);
  });

  it('offers a reply by e-mail with the subject filled in', async () => {
    const { api } = fakeInbox(detail({ status: 'open' }));
    renderMessage(api);
    const reply = await screen.findByRole('link', { name: 'Reply by e-mail' }, SLOW);
    const href = new URL(reply.getAttribute('href')!);
    expect(href.protocol).toBe('mailto:');
    expect(decodeURIComponent(href.pathname)).toBe('dana@example.com');
    expect(href.searchParams.get('subject')).toBe(
      'Re: your message to MoverAtlas (ref Xy12Ab34Cd56Ef78)',
    );
  });

  it('assigns the message and closes it, and the history says who did what', async () => {
    const user = userEvent.setup();
    const { api, posts } = fakeInbox(detail({ status: 'open' }));
    renderMessage(api);
    const assign = await screen.findByRole('form', { name: 'Assign' }, SLOW);
    await user.selectOptions(within(assign).getByLabelText('Assigned to'), 'sam');
    await user.click(within(assign).getByRole('button', { name: 'Save assignment' }));
    expect(await screen.findByText('Assigned to sam.', {}, SLOW)).toBeInTheDocument();

    await user.click(
      within(screen.getByRole('form', { name: 'Assign' })).getByRole('button', {
        name: 'Assign to me',
      }),
    );
    expect(await screen.findByText('Assigned to ops.', {}, SLOW)).toBeInTheDocument();

    const status = screen.getByRole('form', { name: 'Change status' });
    const save = within(status).getByRole('button', { name: 'Update status' });
    expect(save).toBeDisabled();
    await user.selectOptions(within(status).getByLabelText('Status'), 'closed');
    await user.click(save);
    expect(await screen.findByText('The message is now Closed.', {}, SLOW)).toBeInTheDocument();

    expect(posts.map((p) => [p.url, p.body])).toEqual([
      ['/api/admin/contact-messages/9/assignee', { adminId: 2 }],
      ['/api/admin/contact-messages/9/assignee', { adminId: 1 }],
      ['/api/admin/contact-messages/9/status', { status: 'closed' }],
    ]);
    const history = screen.getByRole('region', { name: 'History' });
    await waitFor(() =>
      expect(
        within(history)
          .getAllByRole('listitem')
          // Each line ends with its time; the words before it are what this checks.
          .map((item) => item.textContent?.replace(/Nov \d.*$/, '')),
      ).toEqual([
        'ops assigned it to sam',
        'ops assigned it to ops (was sam)',
        'ops changed the status from Open to Closed',
      ]),
    );
  });

  it('says why a change failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderMessage((url, init) => {
      if (url === '/api/auth/status') return json(200, { isAuthenticated: true, username: 'ops' });
      if (init.method === 'POST')
        return json(409, { error: 'The message changed meanwhile; reload it and try again' });
      return json(200, detail({ status: 'open' }));
    });
    const status = await screen.findByRole('form', { name: 'Change status' }, SLOW);
    await user.selectOptions(within(status).getByLabelText('Status'), 'replied');
    await user.click(within(status).getByRole('button', { name: 'Update status' }));
    expect(await screen.findByText('Status not changed', {}, SLOW)).toBeInTheDocument();
    expect(
      screen.getByText('The message changed meanwhile; reload it and try again'),
    ).toBeInTheDocument();
  });

  it('says so when the message does not exist', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderMessage(
      (url) =>
        url === '/api/auth/status'
          ? json(200, { isAuthenticated: true, username: 'ops' })
          : json(404, { error: 'No contact message with id 999' }),
      '/admin/messages/999',
    );
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert.textContent).toContain('Message not found');
    expect(alert.textContent).toContain('No contact message with id 999');
  });
});
