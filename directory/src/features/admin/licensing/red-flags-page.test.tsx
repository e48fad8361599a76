/** The red-flag report (issue 20): flags in words, the filter with its counts, unlisting with a reason. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CSRF_COOKIE,
  CSRF_HEADER,
  type BulkResult,
  type RedFlagCompany,
  type RedFlagReport,
} from '@moveratlas/contracts';
import { resetToasts } from '../../../components/toast/toast-store';
import { callsTo, json, parsedUrl, renderAdminScreens } from '../test-support';
import { Component as RedFlagsPage } from './red-flags-page';

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
  document.cookie = `${CSRF_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
});

const company = (id: number, over: Partial<RedFlagCompany> = {}): RedFlagCompany => ({
  id,
  name: `Movers ${id}`,
  slug: `movers-${id}`,
  city: 'Dallas',
  state: 'TX',
  usdotNumber: String(1000 + id),
  mcNumber: null,
  redFlags: ['authority-revoked'],
  badge: 'red-flag',
  checkedOn: '2026-11-01',
  ...over,
});

const report = (items: RedFlagCompany[], over: Partial<RedFlagReport> = {}): RedFlagReport => ({
  items,
  total: items.length,
  page: 1,
  limit: 50,
  counts: {
    'no-usdot': 4,
    'interstate-without-authority': 0,
    'authority-revoked': 2,
    'broker-not-mover': 0,
    'name-differs': 1,
    'mcs150-outdated': 1,
  },
  listed: 200,
  flagged: 7,
  censusDate: '2026-11-01',
  ...over,
});

function render(
  path: string,
  answer: (url: URL) => RedFlagReport | Response,
  bulk?: (body: { ids: number[]; action: string; reason: string }) => BulkResult,
) {
  return renderAdminScreens(
    path,
    [{ path: 'licensing/red-flags', Component: RedFlagsPage }],
    parsedUrl((url, init) => {
      if (url.pathname === '/api/admin/licensing/red-flags') {
        const body = answer(url);
        return body instanceof Response ? body : json(200, body);
      }
      if (url.pathname === '/api/admin/companies/bulk' && bulk)
        return json(200, bulk(JSON.parse(String(init.body)) as never));
      return json(404, { error: 'not here' });
    }),
  );
}

describe('the red-flag report', () => {
  it('shows each company’s flags in words with the census date and its links, and filters by flag', async () => {
    const user = userEvent.setup();
    const { fetchMock } = render('/admin/licensing/red-flags', (url) =>
      url.searchParams.get('flag') === 'name-differs'
        ? report([company(2, { redFlags: ['name-differs', 'mcs150-outdated'] })], { total: 1 })
        : report([
            company(1, { mcNumber: 'MC-123' }),
            company(3, { redFlags: ['no-usdot'], usdotNumber: null, checkedOn: null }),
          ]),
    );
    const table = await screen.findByRole('table', { name: 'Listed companies with red flags' });
    const first = within(table).getByRole('row', { name: /Movers 1/ });
    expect(first).toHaveTextContent('Operating authority revoked');
    expect(first).toHaveTextContent('FMCSA checked November 1, 2026');
    expect(within(first).getByRole('link', { name: 'Edit Movers 1' })).toHaveAttribute(
      'href',
      '/admin/companies/1',
    );
    expect(within(first).getByRole('link', { name: 'Public profile of Movers 1' })).toHaveAttribute(
      'href',
      '/company/movers-1',
    );
    expect(within(table).getByRole('row', { name: /Movers 3/ })).toHaveTextContent(
      'No USDOT numberNot found in FMCSA’s census',
    );
    expect(screen.getByText(/7 of 200 listed companies have at least one/)).toBeInTheDocument();

    const filter = screen.getByRole('navigation', { name: 'Filter by red flag' });
    expect(within(filter).getByRole('link', { name: 'All red flags (7)' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await user.click(
      within(filter).getByRole('link', { name: 'Name differs from the registration (1)' }),
    );
    expect(
      await screen.findByText('1 company with “Name differs from the registration”'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Listed companies with red flags' })).getByRole(
        'row',
        { name: /Movers 2/ },
      ),
    ).toHaveTextContent(
      'Name differs from the registrationRegistration not updated in over two years',
    );
    expect(
      screen.getByText(/neither the legal name nor the “doing business as” name/),
    ).toBeInTheDocument();
    expect(
      callsTo(fetchMock, '/api/admin/licensing/red-flags').map((c) =>
        c.url.searchParams.get('flag'),
      ),
    ).toEqual([null, 'name-differs']);
  });

  it('unlists the selected companies only once a reason is given, and sends it', async () => {
    const user = userEvent.setup();
    document.cookie = `${CSRF_COOKIE}=tok-3`;
    let unlisted = false;
    const { fetchMock } = render(
      '/admin/licensing/red-flags?flag=authority-revoked',
      () => (unlisted ? report([]) : report([company(1), company(2)])),
      ({ ids }) => {
        unlisted = true;
        return {
          results: ids.map((id) => ({
            id,
            outcome: 'done',
            message: 'Hidden from the directory',
            before: null,
            after: null,
          })),
          done: ids.length,
          unchanged: 0,
          notFound: 0,
          summary: `${ids.length} companies unlisted.`,
        };
      },
    );
    const table = await screen.findByRole('table', { name: 'Listed companies with red flags' });
    await user.click(within(table).getByRole('checkbox', { name: 'Select Movers 2' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Select Movers 1' }));
    await user.click(screen.getByRole('button', { name: 'Unlist selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlist 2 companies?' });
    const confirm = within(dialog).getByRole('button', { name: 'Unlist 2 companies' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Why/), 'No');
    expect(within(dialog).getByText(/at least 3 characters/)).toBeInTheDocument();
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Why/), ' authority on FMCSA’s file');
    expect(confirm).toBeEnabled();
    await user.click(confirm);

    expect(await screen.findByText('2 companies unlisted.')).toBeInTheDocument();
    const [call] = callsTo(fetchMock, '/api/admin/companies/bulk');
    expect(JSON.parse(String(call!.init.body))).toEqual({
      ids: [1, 2],
      action: 'unlist',
      reason: 'No authority on FMCSA’s file',
    });
    expect(new Headers(call!.init.headers).get(CSRF_HEADER)).toBe('tok-3');
    expect(
      await screen.findByText('No listed company has “Operating authority revoked”.'),
    ).toBeInTheDocument();
  });

  it('says when the report cannot be loaded, and tries again', async () => {
    const user = userEvent.setup();
    let fail = true;
    render('/admin/licensing/red-flags', () =>
      fail ? json(500, { error: 'The database is not answering' }) : report([]),
    );
    expect(
      await screen.findByText('Could not load the red-flag report.', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No listed company has a red flag.')).toBeInTheDocument();
  }, 20_000);
});
