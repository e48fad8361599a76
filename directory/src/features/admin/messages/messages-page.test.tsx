import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminContactMessageList, AdminContactMessageSummary } from '@moveratlas/contracts';
import { resetToasts } from '../../../components/toast/toast-store';
import { Component as MessagesPage } from './messages-page';
import { callsTo, json, parsedUrl, renderAdminScreens, type UrlApi } from '../test-support';

/** The machine may be busy: the queries get a few seconds. */
// Above the setup's 10 s (test-setup.ts) for these screens' slowest waits, below the 20 s test limit.
const SLOW = { timeout: 15_000 };

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const message = (
  id: number,
  overrides: Partial<AdminContactMessageSummary> = {},
): AdminContactMessageSummary => ({
  id,
  publicId: `ref${id}`,
  name: `Sender ${id}`,
  email: `sender${id}@example.com`,
  topic: 'quotes',
  excerpt: `Question number ${id}`,
  status: 'open',
  assignee: null,
  receivedAt: '2026-11-26T15:00:00.000Z',
  ...overrides,
});

const page = (overrides: Partial<AdminContactMessageList> = {}): AdminContactMessageList => ({
  messages: [
    message(3, { name: 'Dana Reyes', status: 'new', excerpt: 'I heard nothing back' }),
    message(2, { name: 'Ben Ode', assignee: { id: 4, username: 'sam' }, topic: 'privacy' }),
  ],
  total: 2,
  page: 1,
  pageSize: 25,
  counts: { new: 1, open: 1, replied: 0, closed: 0 },
  ...overrides,
});

const renderInbox = (path: string, api: UrlApi) =>
  renderAdminScreens(path, [{ path: 'messages', Component: MessagesPage }], parsedUrl(api));

describe('the contact inbox', () => {
  it('lists the messages newest first, marks the unread one, and counts each status', async () => {
    renderInbox('/admin/messages', () => json(200, page()));
    const table = await screen.findByRole(
      'table',
      { name: 'Contact messages, newest first' },
      SLOW,
    );
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('link')[0]!.textContent)).toEqual([
      'Dana Reyes',
      'Ben Ode',
    ]);
    expect(within(rows[1]!).getByRole('link', { name: 'Ben Ode' })).toBeInTheDocument();
    expect(
      within(rows[0]!).getByRole('link', { name: 'Unread message from Dana Reyes' }),
    ).toHaveAttribute('href', '/admin/messages/3');
    expect(within(rows[0]!).getByText('New')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('A quote request I made')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Nobody')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('sam')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Privacy or my personal data')).toBeInTheDocument();

    const pills = screen.getByRole('navigation', { name: 'Messages by status' });
    expect(
      within(pills)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['All 2', 'New 1', 'Open 1', 'Replied 0', 'Closed 0']);
    expect(screen.getByText('2 messages')).toBeInTheDocument();
  });

  it('filters by status, topic, assignment and words, through the URL', async () => {
    const user = userEvent.setup();
    const { fetchMock, router } = renderInbox('/admin/messages', (url) =>
      url.searchParams.get('status') === 'new'
        ? json(200, page({ messages: [message(3, { status: 'new' })], total: 1 }))
        : json(200, page()),
    );
    const pills = await screen.findByRole('navigation', { name: 'Messages by status' }, SLOW);
    await user.click(await within(pills).findByRole('link', { name: 'New 1' }, SLOW));
    await waitFor(() => expect(router.state.location.search).toBe('?status=new'));
    expect(
      await screen.findByText('1 message matches these filters', {}, SLOW),
    ).toBeInTheDocument();

    const form = screen.getByRole('search', { name: 'Filter messages' });
    await user.type(within(form).getByLabelText('Search'), 'refund');
    await user.selectOptions(within(form).getByLabelText('Topic'), 'privacy');
    await user.selectOptions(within(form).getByLabelText('Assigned'), 'me');
    await user.click(within(form).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        q: 'refund',
        topic: 'privacy',
        assigned: 'me',
        status: 'new',
      }),
    );
    await waitFor(() =>
      expect(
        callsTo(fetchMock, '/api/admin/contact-messages').some(
          (c) =>
            c.url.searchParams.get('q') === 'refund' &&
            c.url.searchParams.get('topic') === 'privacy' &&
            c.url.searchParams.get('assigned') === 'me' &&
            c.url.searchParams.get('status') === 'new',
        ),
      ).toBe(true),
    );
  });

  it('pages with Newer and Older', async () => {
    renderInbox('/admin/messages?page=2', () =>
      json(200, page({ total: 60, page: 2, messages: [message(1)] })),
    );
    const pager = await screen.findByRole('navigation', { name: 'Message pages' }, SLOW);
    expect(within(pager).getByRole('link', { name: /Newer/ })).toHaveAttribute(
      'href',
      '/admin/messages?page=1',
    );
    expect(within(pager).getByRole('link', { name: /Older/ })).toHaveAttribute(
      'href',
      '/admin/messages?page=3',
    );
  });

  it('says when there are no messages, and when none match', async () => {
    renderInbox('/admin/messages?topic=feedback', () =>
      json(
        200,
        page({ messages: [], total: 0, counts: { new: 0, open: 0, replied: 0, closed: 0 } }),
      ),
    );
    expect(
      await screen.findByText('No messages match these filters.', {}, SLOW),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show all messages' })).toHaveAttribute(
      'href',
      '/admin/messages',
    );
    cleanup();
    renderInbox('/admin/messages', () =>
      json(
        200,
        page({ messages: [], total: 0, counts: { new: 0, open: 0, replied: 0, closed: 0 } }),
      ),
    );
    expect(await screen.findByText('No messages yet.', {}, SLOW)).toBeInTheDocument();
  });

  it('offers to try again when the list cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    let fail = true;
    renderInbox('/admin/messages', () =>
      fail ? json(503, { error: 'The database is not answering' }) : json(200, page()),
    );
    const alert = await screen.findByRole('alert', {}, { timeout: 6000 });
    expect(alert.textContent).toContain('Could not load the messages.');
    expect(alert.textContent).toContain('The database is not answering');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('table', { name: 'Contact messages, newest first' }, SLOW),
    ).toBeInTheDocument();
  });
});
