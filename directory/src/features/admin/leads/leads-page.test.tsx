import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminLeadList, AdminLeadSummary } from '@moveratlas/contracts';
import { resetToasts } from '../../../components/toast/toast-store';
import { Component as LeadsPage } from './leads-page';
import { json, renderAdminScreens, type Api } from '../test-support';

/** The machine may be busy: the lazily loaded toast region and the queries get a few seconds. */
// Above the setup's 10 s (test-setup.ts) for these screens' slowest waits, below the 20 s test limit.
const SLOW = { timeout: 15_000 };

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const lead = (id: number, overrides: Partial<AdminLeadSummary> = {}): AdminLeadSummary => ({
  id,
  publicId: `PUB${id}`.padEnd(10, '0'),
  createdAt: '2026-11-23T06:40:00.000Z',
  firstName: 'Ada',
  lastName: `Lovelace${id}`,
  email: `ada${id}@example.com`,
  phone: '3125550100',
  fromLocation: 'Chicago, IL 60601',
  fromState: 'IL',
  toLocation: 'Austin, TX 73301',
  toState: 'TX',
  moveSize: '2-3br',
  moveDate: '12/15/2026',
  siteId: 'moveratlas-directory',
  status: 'new',
  delivery: 'pending',
  qualityFlags: [],
  ...overrides,
});

const page = (leads: AdminLeadSummary[], total = leads.length, pageNo = 1): AdminLeadList => ({
  leads,
  total,
  page: pageNo,
  pageSize: 25,
});

const facets = {
  partners: [
    { siteId: 'demo-partner', name: 'Demo partner page' },
    { siteId: 'moveratlas-directory', name: 'MoverAtlas directory' },
  ],
};

function renderLeads(path: string, list: (url: URL) => AdminLeadList | Response) {
  const api: Api = (url) => {
    const parsed = new URL(url, 'http://admin.test');
    if (parsed.pathname === '/api/admin/leads/facets') return json(200, facets);
    if (parsed.pathname === '/api/admin/leads') {
      const answer = list(parsed);
      return answer instanceof Response ? answer : json(200, answer);
    }
    return json(404, { error: 'not here' });
  };
  return renderAdminScreens(path, [{ path: 'leads', Component: LeadsPage }], api);
}

const listCalls = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://admin.test'))
    .filter((url) => url.pathname === '/api/admin/leads');

describe('the lead list', () => {
  it('shows the leads with their status and delivery, each linking to its record', async () => {
    renderLeads('/admin/leads', () =>
      page([lead(1), lead(2, { status: 'converted', delivery: 'dead' })], 57),
    );
    expect(await screen.findByText('57 leads', {}, SLOW)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Leads' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const second = within(rows[2]!);
    expect(second.getByRole('link', { name: 'Ada Lovelace2' }).getAttribute('href')).toBe(
      '/admin/leads/2',
    );
    expect(second.getByText('Converted')).toBeInTheDocument();
    expect(second.getByText('Dead letter')).toBeInTheDocument();
    expect(second.getByText('Chicago, IL 60601 → Austin, TX 73301')).toBeInTheDocument();
    // 57 leads at 25 a page: three pages.
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe(
      '/admin/leads?page=2',
    );
    expect(screen.queryByRole('link', { name: 'Previous' })).toBeNull();
  });

  it('sends the filters to the server, starts again from page 1 and exports the same filters', async () => {
    const user = userEvent.setup();
    const { fetchMock, router } = renderLeads('/admin/leads?page=3&sort=name&dir=asc', (url) =>
      page(
        [lead(1)],
        url.searchParams.has('status') ? 1 : 90,
        Number(url.searchParams.get('page') ?? 1),
      ),
    );
    await screen.findByText('90 leads', {}, SLOW);
    await user.type(screen.getByLabelText('Search'), '  ada ');
    await user.selectOptions(screen.getByLabelText('Status'), 'quoted');
    await user.selectOptions(screen.getByLabelText('Moving from state'), 'IL');
    await user.clear(screen.getByLabelText('Received from'));
    await user.type(screen.getByLabelText('Received from'), '2026-11-01');
    await waitFor(
      () =>
        expect(
          (screen.getByLabelText('Partner') as HTMLSelectElement).querySelectorAll('option'),
        ).toHaveLength(3),
      SLOW,
    );
    await user.selectOptions(screen.getByLabelText('Partner'), 'demo-partner');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    expect(await screen.findByText('1 lead matches these filters', {}, SLOW)).toBeInTheDocument();
    const last = listCalls(fetchMock).at(-1)!;
    expect(Object.fromEntries(last.searchParams)).toEqual({
      q: 'ada',
      status: 'quoted',
      from: '2026-11-01',
      state: 'IL',
      siteId: 'demo-partner',
      sort: 'name',
      dir: 'asc',
    });
    expect(router.state.location.search).not.toContain('page=');
    const exportLink = screen.getByRole('link', { name: 'Export CSV' });
    expect(exportLink.getAttribute('href')).toBe(
      '/api/admin/leads/export.csv?q=ada&status=quoted&from=2026-11-01&state=IL&siteId=demo-partner',
    );
    expect(exportLink.hasAttribute('download')).toBe(true);
  });

  it('shows each lead’s quality flags in words on its row, and none on a lead without', async () => {
    renderLeads('/admin/leads', () =>
      page([lead(1), lead(2, { qualityFlags: ['disposable-email', 'repeat'] })]),
    );
    await screen.findByText('2 leads', {}, SLOW);
    const rows = within(screen.getByRole('table', { name: 'Leads' })).getAllByRole('row');
    const flags = within(rows[2]!).getByRole('list', { name: 'Quality flags' });
    expect(
      within(flags)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Throwaway e-mail', 'Repeat request']);
    expect(within(rows[1]!).queryByRole('list', { name: 'Quality flags' })).toBeNull();
    // The phone cards carry them too: the table's list and the second card's.
    expect(screen.getAllByRole('list', { name: 'Quality flags' })).toHaveLength(2);
  });

  it('filters by quality, saying what the filter reads, and exports the same filter', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderLeads('/admin/leads', (url) =>
      page([lead(1)], url.searchParams.has('quality') ? 1 : 40),
    );
    await screen.findByText('40 leads', {}, SLOW);
    const quality = screen.getByLabelText('Quality') as HTMLSelectElement;
    expect([...quality.options].map((o) => o.textContent)).toEqual([
      'Any',
      'Flagged (throwaway e-mail or repeat)',
      'Not flagged (no throwaway e-mail or repeat)',
    ]);
    await user.selectOptions(quality, 'unflagged');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    expect(await screen.findByText('1 lead matches these filters', {}, SLOW)).toBeInTheDocument();
    expect(Object.fromEntries(listCalls(fetchMock).at(-1)!.searchParams)).toEqual({
      quality: 'unflagged',
    });
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/admin/leads/export.csv?quality=unflagged',
    );
  });

  it('sorts by a column header, marking the sorted column for screen readers', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderLeads('/admin/leads', () => page([lead(1)]));
    await screen.findByText('1 lead', {}, SLOW);
    const received = screen.getByRole('columnheader', { name: /Received/ });
    expect(received.getAttribute('aria-sort')).toBe('descending');
    await user.click(within(screen.getByRole('columnheader', { name: /Lead/ })).getByRole('link'));
    await waitFor(
      () =>
        expect(screen.getByRole('columnheader', { name: /Lead/ }).getAttribute('aria-sort')).toBe(
          'ascending',
        ),
      SLOW,
    );
    // The header follows the address at once; the request for the new order may come a moment later.
    await waitFor(
      () =>
        expect(Object.fromEntries(listCalls(fetchMock).at(-1)!.searchParams)).toEqual({
          sort: 'name',
          dir: 'asc',
        }),
      SLOW,
    );
  });

  it('says when nothing matches and offers to clear the filters', async () => {
    renderLeads('/admin/leads?status=lost', () => page([]));
    expect(await screen.findByText('No leads match these filters.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Clear the filters' }).getAttribute('href')).toBe(
      '/admin/leads',
    );
  });

  it('shows the server’s message when loading fails, and loads again on request', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    renderLeads('/admin/leads?from=2026-02-30', () =>
      fail ? json(400, { error: 'From must be a date as YYYY-MM-DD' }) : page([lead(1)]),
    );
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert.textContent).toContain('From must be a date as YYYY-MM-DD');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1 lead matches these filters', {}, SLOW)).toBeInTheDocument();
  });
});
