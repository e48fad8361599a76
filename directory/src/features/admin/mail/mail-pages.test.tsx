import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminMailDetail, AdminMailList, AdminMailSummary } from '@moveratlas/contracts';
import { callsTo, json, parsedUrl, renderAdminScreens, type UrlApi } from '../test-support';
import { Component as MailPage } from './mail-page';
import { Component as MailMessagePage } from './mail-message-page';

/** The machine may be busy: the queries get a few seconds. */
// Above the setup's 10 s (test-setup.ts) for these screens' slowest waits, below the 20 s test limit.
const SLOW = { timeout: 15_000 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const summary = (id: number, overrides: Partial<AdminMailSummary> = {}): AdminMailSummary => ({
  id,
  to: `ops${id}@example.com`,
  subject: `MoverAtlas: problem ${id}`,
  template: 'admin-alert',
  status: 'kept',
  attempts: 1,
  createdAt: '2026-11-27T05:00:00.000Z',
  sentAt: null,
  ...overrides,
});

const list = (overrides: Partial<AdminMailList> = {}): AdminMailList => ({
  messages: [
    summary(9, { subject: 'MoverAtlas: Lead delivery to the lead backend is failing' }),
    summary(8, { status: 'failed', to: 'oncall@example.com' }),
  ],
  total: 2,
  page: 1,
  pageSize: 25,
  delivery: 'kept',
  ...overrides,
});

const detail: AdminMailDetail = {
  ...summary(9, {
    subject: 'MoverAtlas: Lead delivery to the lead backend is failing',
    status: 'failed',
    attempts: 12,
  }),
  from: '"MoverAtlas" <no-reply@moveratlas.example>',
  text: 'Something needs attention\n\n* Lead delivery to the lead backend is failing\n',
  hasHtml: true,
  lastError: 'the mail server asked to try again later (451)',
  providerMessageId: null,
  jobId: 77,
  updatedAt: '2026-11-27T06:00:00.000Z',
};

const renderMail = (path: string, api: UrlApi) =>
  renderAdminScreens(
    path,
    [
      { path: 'mail', Component: MailPage },
      { path: 'mail/:id', Component: MailMessagePage },
    ],
    parsedUrl(api),
  );

describe('the Mail screen', () => {
  it('lists the messages newest first with their status, and says mail is only kept here', async () => {
    renderMail('/admin/mail', () => json(200, list()));
    const table = await screen.findByRole('table', { name: 'Outgoing mail, newest first' }, SLOW);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual([
      'MoverAtlas: Lead delivery to the lead backend is failing',
      'MoverAtlas: problem 8',
    ]);
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe('/admin/mail/9');
    expect(rows[0]).toHaveTextContent('Kept here');
    expect(rows[1]).toHaveTextContent('oncall@example.com');
    expect(rows[1]).toHaveTextContent('Failed');
    expect(screen.getByText(/nothing leaves the server/)).toBeInTheDocument();
    expect(screen.getByText('2 messages')).toBeInTheDocument();
  });

  it('searches by recipient and status through the URL, and pages', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderMail('/admin/mail', (url) =>
      url.searchParams.get('q') === 'oncall'
        ? json(200, list({ messages: [summary(8, { to: 'oncall@example.com' })], total: 26 }))
        : json(200, list()),
    );
    const search = await screen.findByRole('search', { name: 'Filter mail' }, SLOW);
    await user.type(within(search).getByRole('searchbox', { name: 'Search' }), 'oncall');
    await user.selectOptions(within(search).getByRole('combobox', { name: 'Status' }), 'failed');
    await user.click(within(search).getByRole('button', { name: 'Apply filters' }));
    expect(
      await screen.findByText('26 messages match these filters', {}, SLOW),
    ).toBeInTheDocument();
    const last = callsTo(fetchMock, '/api/admin/mail').at(-1)!.url;
    expect(last.searchParams.get('q')).toBe('oncall');
    expect(last.searchParams.get('status')).toBe('failed');
    const pager = screen.getByRole('navigation', { name: 'Mail pages' });
    expect(within(pager).getByRole('link', { name: 'Older' }).getAttribute('href')).toBe(
      '/admin/mail?q=oncall&status=failed&page=2',
    );
  });

  it('says so when there is no mail yet, and when the list cannot be loaded', async () => {
    renderMail('/admin/mail', () => json(200, list({ messages: [], total: 0 })));
    expect(await screen.findByText('No e-mail has been sent yet.', {}, SLOW)).toBeInTheDocument();
    cleanup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderMail('/admin/mail', () => json(503, { error: 'The service is temporarily unavailable' }));
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent('Could not load the mail.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('one message', () => {
  it('shows the text, how sending went, and the HTML in a sandboxed frame of its own', async () => {
    renderMail('/admin/mail/9', () => json(200, detail));
    const heading = await screen.findByRole(
      'heading',
      { name: 'MoverAtlas: Lead delivery to the lead backend is failing' },
      SLOW,
    );
    expect(heading).toBeInTheDocument();
    expect(screen.getByText('"MoverAtlas" <no-reply@moveratlas.example>')).toBeInTheDocument();
    expect(
      screen.getByText('Last failure: the mail server asked to try again later (451).'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Job 77' }).getAttribute('href')).toBe(
      '/admin/jobs/77',
    );
    const text = screen.getByRole('region', { name: 'Text version' });
    expect(text.querySelector('pre')?.textContent).toBe(detail.text);
    const frame = screen.getByTitle(
      'The message "MoverAtlas: Lead delivery to the lead backend is failing" as the reader sees it',
    );
    expect(frame.tagName).toBe('IFRAME');
    // No allow-scripts, no allow-same-origin: an opaque origin that runs nothing.
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('src')).toBe('/api/admin/mail/9/html');
    expect(frame.hasAttribute('srcdoc')).toBe(false);
  });

  it('says plainly when there is no such message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderMail('/admin/mail/404', () => json(404, { error: 'No mail message 404' }));
    expect(
      await screen.findByRole('heading', { name: 'Message not found' }, SLOW),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('No mail message 404')).toBeInTheDocument());
  });
});
