import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProLeadList, ProLeadSummary } from '@moveratlas/contracts';
import { resetToasts } from '../../../components/toast/toast-store';
import { Component as LeadsPage } from './leads-page';
import { callsTo, json, renderProScreens } from './test-support';

// Above the setup's 10 s (test-setup.ts) for these screens' slowest waits, below the 20 s test limit.
const SLOW = { timeout: 15_000 };
const LIST = '/api/pro/companies/7/leads';

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const lead = (id: number, overrides: Partial<ProLeadSummary> = {}): ProLeadSummary => ({
  id,
  publicId: `PUB${id}`.padEnd(10, '0'),
  receivedAt: '2026-11-23T06:40:00.000Z',
  firstName: 'Ada',
  lastName: `Lovelace${id}`,
  email: `ada${id}@example.com`,
  phone: '3125550100',
  fromLocation: 'Chicago, IL 60601',
  fromCity: 'Chicago',
  toLocation: 'Austin, TX 73301',
  toCity: 'Austin',
  moveDate: '2026-12-15',
  moveSize: '2-3br',
  status: 'new',
  statusChangedAt: null,
  consentWithdrawnAt: null,
  qualityFlags: [],
  ...overrides,
});

const page = (leads: ProLeadSummary[], total = leads.length, pageNo = 1): ProLeadList => ({
  leads,
  total,
  page: pageNo,
  pageSize: 25,
});

function renderLeads(path: string, list: (url: URL) => ProLeadList | Response) {
  return renderProScreens(path, [{ path: 'leads', Component: LeadsPage }], (url) => {
    if (url.pathname === LIST) {
      const answer = list(url);
      return answer instanceof Response ? answer : json(200, answer);
    }
    return json(404, { error: 'Not here' });
  });
}

describe("the mover's leads inbox", () => {
  it('lists the leads with their status, each linking to its page, with a pager', async () => {
    renderLeads('/pro/companies/7/leads', () =>
      page(
        [
          lead(1),
          lead(2, {
            status: 'booked',
            moveDate: null,
            consentWithdrawnAt: '2026-11-24T09:00:00.000Z',
          }),
        ],
        57,
      ),
    );
    expect(await screen.findByText('57 leads', {}, SLOW)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Leads' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const second = within(rows[2]!);
    expect(second.getByRole('link', { name: 'Ada Lovelace2' }).getAttribute('href')).toBe(
      '/pro/companies/7/leads/2',
    );
    expect(second.getByText('Booked')).toBeInTheDocument();
    // The customer stopped this mover: said beside the status, and only on that lead.
    expect(second.getByText('Consent withdrawn — do not contact')).toBeInTheDocument();
    expect(within(rows[1]!).queryByText('Consent withdrawn — do not contact')).toBeNull();
    expect(second.getByText('No moving date')).toBeInTheDocument();
    expect(second.getByText('Chicago, IL 60601 → Austin, TX 73301')).toBeInTheDocument();
    // Phones get the same leads as cards.
    const cards = screen.getByRole('list', { name: 'Leads' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe(
      '/pro/companies/7/leads?page=2',
    );
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/pro/companies/7/leads/export.csv',
    );
  });

  it('shows what the quality checks found on a lead’s row, in words', async () => {
    renderLeads('/pro/companies/7/leads', () =>
      page([lead(1), lead(2, { qualityFlags: ['repeat', 'sample-phone'] })]),
    );
    await screen.findByText('2 leads', {}, SLOW);
    const rows = within(screen.getByRole('table', { name: 'Leads' })).getAllByRole('row');
    const flags = within(rows[2]!).getByRole('list', { name: 'Quality flags' });
    expect(
      within(flags)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Repeat request', 'Sample phone number']);
    expect(within(rows[1]!).queryByRole('list', { name: 'Quality flags' })).toBeNull();
    // On a phone the second card says the same, the first nothing.
    const cards = [...screen.getByRole('list', { name: 'Leads' }).children] as HTMLElement[];
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).queryByRole('list', { name: 'Quality flags' })).toBeNull();
    expect(within(cards[1]!).getByRole('list', { name: 'Quality flags' })).toHaveTextContent(
      'Repeat requestSample phone number',
    );
  });

  it('puts the filters in the URL, asks the server for them, and exports the same filters', async () => {
    const user = userEvent.setup();
    const { fetchMock, router } = renderLeads(
      '/pro/companies/7/leads?page=3&sort=move_date&dir=asc',
      (url) => page([lead(1)], url.searchParams.has('status') ? 1 : 90),
    );
    await screen.findByText('90 leads', {}, SLOW);
    await user.type(screen.getByLabelText('Search'), ' austin ');
    await user.selectOptions(screen.getByLabelText('Status'), 'quoted');
    await user.selectOptions(screen.getByLabelText('Move size'), '4br');
    await user.type(screen.getByLabelText('Received from'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    expect(await screen.findByText('1 lead matches these filters', {}, SLOW)).toBeInTheDocument();
    const search = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(search)).toEqual({
      q: 'austin',
      status: 'quoted',
      moveSize: '4br',
      from: '2026-11-01',
      sort: 'move_date',
      dir: 'asc',
    });
    const last = callsTo(fetchMock, LIST).at(-1)!.url;
    expect(Object.fromEntries(last.searchParams)).toEqual(Object.fromEntries(search));
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/pro/companies/7/leads/export.csv?q=austin&status=quoted&from=2026-11-01&moveSize=4br',
    );
  });

  it('sorts by moving date from the column header, soonest first', async () => {
    const user = userEvent.setup();
    const { router } = renderLeads('/pro/companies/7/leads', () => page([lead(1)]));
    await screen.findByText('1 lead', {}, SLOW);
    const received = screen.getByRole('columnheader', { name: /Received/ });
    expect(received.getAttribute('aria-sort')).toBe('descending');
    await user.click(screen.getByRole('link', { name: /Moving date/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=move_date&dir=asc'));
    await waitFor(() =>
      expect(
        screen.getByRole('columnheader', { name: /Moving date/ }).getAttribute('aria-sort'),
      ).toBe('ascending'),
    );
    expect(screen.getByRole('columnheader', { name: /Received/ }).getAttribute('aria-sort')).toBe(
      null,
    );
  });

  it('says when there are no leads yet, and when no lead matches the filters', async () => {
    renderLeads('/pro/companies/7/leads', () => page([]));
    expect(await screen.findByText(/No leads yet\./, {}, SLOW)).toBeInTheDocument();
    cleanup();
    renderLeads('/pro/companies/7/leads?status=lost', () => page([]));
    expect(await screen.findByText('No leads match these filters.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Clear the filters' }).getAttribute('href')).toBe(
      '/pro/companies/7/leads',
    );
  });

  it('shows why the list could not load, and tries again', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderLeads('/pro/companies/7/leads', () =>
      fail ? json(500, { error: 'The database is busy' }) : page([lead(1)]),
    );
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      /Could not load your leads/,
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1 lead', {}, SLOW)).toBeInTheDocument();
  });
});
